export { importsAccess } from './access';
export { type Import, presentImport } from './model';
export { findImport } from './repo';
