export { exportsAccess } from './access';
