// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { resourceAccess } from '../../http/resource-kit';
import { findCostCentre } from './repo';

export const costCentresAccess = resourceAccess('/api/v1/cost-centres', 'cost_centre', findCostCentre);
