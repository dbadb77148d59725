export { findTemplate as findCustomTemplate } from './repo';
