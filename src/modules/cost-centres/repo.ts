import { isUniqueViolation } from '../../db/errors';
import { linkRows } from '../../db/links';
import { accountRows } from '../../db/scoped';
import { conflict } from '../../shared/errors';
import { costCentreDocuments, costCentres } from './schema';

/** Listed newest first; `?q=` searches code and name. */
export const costCentreRows = accountRows(costCentres, { search: [costCentres.code, costCentres.name] });

export const findCostCentre = costCentreRows.find;

/** Documents' `cost_centre_id` (link.ts): which cost centre each document is allocated to. */
export const documentCostCentres = linkRows(costCentreDocuments, {
  key: costCentreDocuments.documentId,
  value: costCentreDocuments.costCentreId,
});

/** A write that gave a cost centre a code another one of the account holds: a 409. */
export async function withCodeCheck<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'code')) {
      throw conflict(`code ${code} belongs to another cost centre of this account`, { code: code ?? null });
    }
    throw error;
  }
}
