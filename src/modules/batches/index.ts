export { findBatch } from './repo';
