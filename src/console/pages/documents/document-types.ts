import { list } from '../../api';

export interface DocumentTypeInfo {
  id: string;
  number_prefix: string;
  actions: string[];
}

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
