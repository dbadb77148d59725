export { productsAccess } from './access';
export {
  CreateProductBody,
  type Product,
  presentProduct,
  productProblems,
  toColumns as productColumns,
} from './model';
export { articleNumberHolders, articlesWithoutNumber, findProduct } from './repo';
export type { ProductRow } from './schema';
export { createProduct } from './use-cases/create-product';
