import { accountRows } from '../../db/scoped';
import { products } from './schema';

/**
 * Listed newest first; `?q=` searches name and description. Documents copy a product's fields into their
 * lines, so nothing refers to a product: it can always go.
 */
export const productRows = accountRows(products, { search: [products.name, products.description] });

export const findProduct = productRows.find;
