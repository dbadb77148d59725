export { customersAccess } from './access';
export { type CustomerMatch, knownCustomers } from './duplicates';
export {
  buyerParty,
  CreateCustomerBody,
  type Customer,
  type CustomerSummary,
  customerBuyerReference,
  customerProblems,
  type EInvoiceProfile,
  presentCustomer,
  presentCustomerSummary,
} from './model';
export {
  assignDebtorNumber,
  customerRows,
  debtorAccountsFull,
  debtorNumberOutOfRange,
  debtorOutside,
  findCustomer,
  freeDebtorNumbers,
  heldDebtorNumbers,
} from './repo';
export { type CustomerRow, customers } from './schema';
export { createCustomer } from './use-cases/create-customer';
