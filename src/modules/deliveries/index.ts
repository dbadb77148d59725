export { deliveriesAccess } from './access';
export { emailLocale } from './email/compose';
export { sendEmail } from './email/mailer';
export { readSmtpUrl } from './email/smtp-settings';
export { presentDelivery } from './model';
export { REDACTED, type Redact, redactorOf } from './redact';
export { deliveriesOfLetter, documentDelivery, findDelivery } from './repo';
export { messageIdDomain } from './use-cases/build-delivery-email';
export {
  einvoiceToAttach,
  queueDelivery,
  type RenderLink,
  requireMailConfigured,
} from './use-cases/queue-delivery';
export {
  type LateBounce,
  type LateBounceVerdict,
  recordLateBounce,
} from './use-cases/record-late-bounce';
export { prepareEInvoiceRender, sendDocument } from './use-cases/send-document';
