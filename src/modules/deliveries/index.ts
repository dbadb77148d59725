export { findDelivery } from './repo';
