export { paymentsAccess } from './access';
export { type Payment, presentPayment } from './model';
