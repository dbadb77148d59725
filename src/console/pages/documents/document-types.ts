import { list } from '../../api';
import type { DocumentTypeInfo } from '../../api-types';

export let documentTypes: Promise<DocumentTypeInfo[]> | null = null;

/** The reference list of document types, asked once per page load. */
export function documentTypeInfo(): Promise<DocumentTypeInfo[]> {
  documentTypes ??= list<DocumentTypeInfo>('/reference/document-types').then(
    (page) => page.data,
    (error: unknown) => {
      documentTypes = null;
      throw error;
    },
  );
  return documentTypes;
}
