export {
  buyerParty,
  type Customer,
  type CustomerSummary,
  presentCustomer,
  presentCustomerSummary,
} from './model';
export { findCustomer } from './repo';
export type { CustomerRow } from './schema';
