export { numberingSequencesAccess } from './access';
export { numbersOfYear, renderNumber } from './pattern';
export { findSequence } from './repo';
export { allocateNumber } from './use-cases/allocate-number';
