export type { AgeingFigures, Bucket } from './ageing';
export { ReceivablesReport } from './model';
export { reportRoutes } from './routes';
export { receivablesTotals } from './use-cases/receivables';
