export { productsAccess } from './access';
export { CreateProductBody, type Product, presentProduct, productProblems } from './model';
export { articleNumberHolders, findProduct } from './repo';
export type { ProductRow } from './schema';
export { createProduct } from './use-cases/create-product';
