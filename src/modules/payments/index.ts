export { paymentsAccess } from './access';
export { checkPaidBound, discountFields, paymentFields, totalPaid } from './amounts';
export {
  CreatePaymentBody,
  type Payment,
  Payment as PaymentSchema,
  paymentView,
  presentPayment,
} from './model';
export { listPayments } from './repo';
export { paidAfterPerDocument } from './report-sums';
export type { PaymentMethod, PaymentRow } from './schema';
export { recordPayment } from './use-cases/record-payment';
