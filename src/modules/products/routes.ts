import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { changedSinceRows, resourceRoutes } from '../../http/resource-kit';
import { CreateProductBody, Product, presentProduct, UpdateProductBody } from './model';
import { productRows, productSearch } from './repo';
import { products } from './schema';
import { createProduct } from './use-cases/create-product';
import { deleteProduct } from './use-cases/delete-product';
import { updateProduct } from './use-cases/update-product';

export function productRoutes(auth: Auth, _deps: AppDeps) {
  return resourceRoutes(auth, {
    prefix: '/api/v1/products',
    tag: 'Products',
    noun: 'Product',
    rows: productRows,
    body: { create: CreateProductBody, update: UpdateProductBody },
    item: { schema: Product, present: presentProduct },
    search: 'Only those whose article number, name or description contains this text (any case)',
    changedSince: { rows: changedSinceRows(products, productSearch), plural: 'articles' },
    summaries: {
      create: 'Add an article to the catalogue (what a line item can be filled from)',
      list: 'List the article catalogue, newest first; ?q= searches article number, name and description; ?updated_since= the changed ones',
      get: 'Get an article',
      update: 'Update an article: omitted fields stay, null clears',
      delete: 'Delete an article (documents keep the lines filled from it)',
    },
    create: createProduct,
    update: updateProduct,
    remove: deleteProduct,
  });
}
