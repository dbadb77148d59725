export { deliveriesAccess } from './access';
export { sendEmail } from './email/mailer';
export { readSmtpUrl } from './email/smtp-settings';
export { findDelivery } from './repo';
