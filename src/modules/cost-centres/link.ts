// Documents' `cost_centre_id` (docs/cost-centres.md): a link (src/http/links.ts) kept in this module's
// cost_centre_documents table, so documents are not edited for it. An allocation to a cost centre is the
// firm's own accounting, not the content of the document its customer got: it may change in any status.
import { defineLink } from '../../http/links';
import { documentCostCentres, findCostCentre } from './repo';

export const documentCostCentre = defineLink({
  to: 'documents',
  field: 'cost_centre_id',
  description:
    'The cost centre (Kostenstelle, DATEV KOST1) it is allocated to, from /api/v1/cost-centres; may change in any status',
  rows: documentCostCentres,
  problem: async (db, accountId, id) => {
    const centre = await findCostCentre(db, accountId, id);
    if (!centre) return { type: 'not_found', msg: 'Cost centre not found' };
    if (!centre.active) return { type: 'invalid_value', msg: `cost centre ${centre.code} is inactive` };
    return null;
  },
  filter: true,
  editableAfterIssue: true,
});
