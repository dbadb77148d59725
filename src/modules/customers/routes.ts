import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { changedSinceRows, resourceRoutes } from '../../http/resource-kit';
import {
  CreateCustomerBody,
  Customer,
  CustomerSummary,
  presentCustomer,
  presentCustomerSummary,
  UpdateCustomerBody,
} from './model';
import { customerRows, customerSearch } from './repo';
import { customers } from './schema';
import { createCustomer } from './use-cases/create-customer';
import { deleteCustomer } from './use-cases/delete-customer';
import { updateCustomer } from './use-cases/update-customer';

export function customerRoutes(auth: Auth, _deps: AppDeps) {
  return resourceRoutes(auth, {
    prefix: '/api/v1/customers',
    tag: 'Customers',
    noun: 'Customer',
    rows: customerRows,
    body: { create: CreateCustomerBody, update: UpdateCustomerBody },
    item: { schema: Customer, present: presentCustomer },
    summary: { schema: CustomerSummary, present: presentCustomerSummary },
    search: 'Only those whose name, email or tax ID contains this text (any case)',
    changedSince: { rows: changedSinceRows(customers, customerSearch), plural: 'customers' },
    summaries: {
      create: 'Create a customer (buyer)',
      list: 'List customers (summary fields), newest first; ?q= searches name, email and tax ID; ?updated_since= the changed ones',
      get: 'Get a customer',
      update: 'Update a customer: omitted fields stay, null clears, metadata is replaced whole',
      delete: 'Delete a customer no document uses',
    },
    // A debtor number another customer holds (create, update); a customer documents use (delete).
    conflicts: ['create', 'update', 'delete'],
    create: createCustomer,
    update: updateCustomer,
    remove: deleteCustomer,
  });
}
