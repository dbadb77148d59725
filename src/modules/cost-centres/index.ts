export { costCentresAccess } from './access';
export { type CostCentre, presentCostCentre } from './model';
export { documentCostCentres, findCostCentre } from './repo';
export type { CostCentreRow } from './schema';
