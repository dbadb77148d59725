export { deliveriesAccess } from './access';
export { findDelivery } from './repo';
