import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { resourceRoutes } from '../../http/resource-kit';
import { CostCentre, CreateCostCentreBody, presentCostCentre, UpdateCostCentreBody } from './model';
import { costCentreRows } from './repo';
import { createCostCentre } from './use-cases/create-cost-centre';
import { deleteCostCentre } from './use-cases/delete-cost-centre';
import { updateCostCentre } from './use-cases/update-cost-centre';

export function costCentresRoutes(auth: Auth, _deps: AppDeps) {
  return resourceRoutes(auth, {
    prefix: '/api/v1/cost-centres',
    tag: 'Cost centres',
    noun: 'Cost centre',
    rows: costCentreRows,
    body: { create: CreateCostCentreBody, update: UpdateCostCentreBody },
    item: { schema: CostCentre, present: presentCostCentre },
    search: 'Only those whose code or name contains this text (any case)',
    summaries: {
      create: 'Create a cost centre (Kostenstelle): documents are allocated to it by their cost_centre_id',
      list: 'List cost centres, newest first; ?q= searches code and name',
      get: 'Get a cost centre',
      update: 'Update a cost centre: omitted fields stay; active: false keeps it off new documents',
      delete: 'Delete a cost centre no document is allocated to',
    },
    // A code another cost centre holds (create, update); a cost centre documents use (delete).
    conflicts: ['create', 'update', 'delete'],
    create: createCostCentre,
    update: updateCostCentre,
    remove: deleteCostCentre,
  });
}
