export { numberingSequencesAccess } from './access';
export { findSequence } from './repo';
export { allocateNumber } from './use-cases/allocate-number';
