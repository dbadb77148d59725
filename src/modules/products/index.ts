export { productsAccess } from './access';
export { type Product, presentProduct } from './model';
export { findProduct } from './repo';
export type { ProductRow } from './schema';
