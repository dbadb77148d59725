import { deleteOne } from '../../../http/resource-kit';
import { costCentreRows } from '../repo';

/** A cost centre documents are allocated to stays (the link table's key refuses): deactivate it instead. */
export const deleteCostCentre = deleteOne({
  rows: costCentreRows,
  noun: 'Cost centre',
  inUse:
    'Cost centre is used by documents; it cannot be deleted while they are allocated to it (set active: false)',
});
