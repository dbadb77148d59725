import type { ImportResourceKind } from '../entries';
import type { ImportResource } from '../model';
import { customerImports } from './customers';
import { documentImports } from './documents';
import { productImports } from './products';

export const importKinds: Record<ImportResource, ImportResourceKind> = {
  customers: customerImports,
  documents: documentImports,
  products: productImports,
};
