export { numberingSequencesAccess } from './access';
export { counterGivesBack, numbersOfYear, renderNumber } from './pattern';
export { findSequence, gapsDatedBetween, lockSequence, stepSequenceBack } from './repo';
export type { NumberingGapRow } from './schema';
export { allocateNumber } from './use-cases/allocate-number';
export { recordGap } from './use-cases/record-gap';
