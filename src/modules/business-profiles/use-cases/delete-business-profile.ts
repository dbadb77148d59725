import { deleteOne } from '../../../http/resource-kit';
import { businessProfileRows } from '../repo';

/** A profile documents point at stays: the documents keep their link to the seller they were issued by. */
export const deleteBusinessProfile = deleteOne({
  rows: businessProfileRows,
  noun: 'Business profile',
  inUse:
    'Business profile is used by documents or recurring invoices (cancelled ones too); it cannot be deleted while they exist',
});
