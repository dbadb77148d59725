import { deleteOne } from '../../../http/resource-kit';
import { customerRows } from '../repo';

/** A customer documents point at stays: the documents keep their link to the buyer they were issued to. */
export const deleteCustomer = deleteOne({
  rows: customerRows,
  noun: 'Customer',
  inUse:
    'Customer is used by documents or recurring invoices (cancelled ones too); it cannot be deleted while they exist',
});
