export { type Import, presentImport } from './model';
