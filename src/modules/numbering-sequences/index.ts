export { allocateNumber } from './use-cases/allocate-number';
