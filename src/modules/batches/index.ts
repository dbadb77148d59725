export { batchesAccess } from './access';
export { findBatch } from './repo';
