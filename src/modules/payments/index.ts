export { paymentsAccess } from './access';
export { paymentFields, totalPaid } from './amounts';
export {
  CreatePaymentBody,
  type Payment,
  Payment as PaymentSchema,
  paymentView,
  presentPayment,
} from './model';
export type { PaymentMethod } from './schema';
