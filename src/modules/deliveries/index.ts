export { deliveriesAccess } from './access';
export { emailLocale } from './email/compose';
export { sendEmail } from './email/mailer';
export { readSmtpUrl } from './email/smtp-settings';
export { deliveriesOfLetter, findDelivery } from './repo';
export {
  einvoiceToAttach,
  queueDelivery,
  type RenderLink,
  requireMailConfigured,
} from './use-cases/queue-delivery';
