import { deleteOne } from '../../../http/resource-kit';
import { productRows } from '../repo';

export const deleteProduct = deleteOne({ rows: productRows, noun: 'Product' });
