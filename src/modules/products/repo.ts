import { accountRows } from '../../db/scoped';
import { products } from './schema';

/**
 * Listed newest first; `?q=` searches name and description. Documents copy a product's fields into their
 * lines, so nothing refers to a product: it can always go.
 */
/** What `?q=` searches: name and description. */
export const productSearch = [products.name, products.description];

export const productRows = accountRows(products, { search: productSearch });

export const findProduct = productRows.find;
