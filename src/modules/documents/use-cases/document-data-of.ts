import type { DocumentData } from '../../../domain/document-data';
import type { TotalsResult } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';
import { readDocument } from './read-document';

/**
 * A stored document as the document data object every stateless operation takes (SPEC 2): its identity,
 * its parties (frozen once finalized) and its content. The one place a row becomes domain data: what
 * `data` holds was checked against the same content schema when it was written.
 */
export async function documentDataOf(ctx: AccountCtx, row: DocumentRow): Promise<DocumentData> {
  return (await readDocument(ctx, row)).data as DocumentData;
}

/** What writing or checking a stored document's e-invoice needs: its data, its stored totals, BG-3. */
export interface StoredEInvoiceInput {
  documentType: string;
  data: DocumentData;
  /** Used as they are: a finalized document's totals are never recomputed. */
  totals: TotalsResult;
  precedingInvoiceNumber: string | null;
  precedingInvoiceDate: string | null;
}

/** One way from a stored document to an e-invoice input, for the XML route and Factur-X renders alike. */
export async function einvoiceInputOf(ctx: AccountCtx, row: DocumentRow): Promise<StoredEInvoiceInput> {
  const source = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  return {
    documentType: row.documentType,
    data: await documentDataOf(ctx, row),
    totals: row.totals,
    precedingInvoiceNumber: source?.number ?? null,
    precedingInvoiceDate: source?.issueDate ?? null,
  };
}
