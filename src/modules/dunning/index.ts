export { dunningAccess } from './access';
