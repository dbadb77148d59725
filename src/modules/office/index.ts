export { officeAccess } from './access';
