import type { DocumentData } from '../../../domain/document-data';
import type { TotalsResult } from '../../../domain/money';
import type { Party } from '../../../domain/party';
import type { AccountCtx } from '../../../shared/context';
import { findBusinessProfile, sellerParty } from '../../business-profiles';
import { buyerParty, findCustomer } from '../../customers';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';

export interface DocumentParties {
  seller: Party;
  buyer: Party;
}

/** Finalized documents keep their frozen parties; a draft's are the profile and customer as they are now. */
export async function documentParties(ctx: AccountCtx, row: DocumentRow): Promise<DocumentParties> {
  const frozenSeller = row.data.seller as Party | undefined;
  const frozenBuyer = row.data.buyer as Party | undefined;
  if (frozenSeller && frozenBuyer) return { seller: frozenSeller, buyer: frozenBuyer };
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  return {
    seller: profile ? sellerParty(profile) : { name: '' },
    buyer: customer ? buyerParty(customer) : { name: '' },
  };
}

const withoutEmpty = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));

/**
 * A stored row as the document data object every stateless operation takes (SPEC 2): its identity, the
 * parties given and its content, nothing of the row's payments or dates of state. The one place a row
 * becomes domain data: what `data` holds was checked against the same content schema when it was written.
 * A stored document's `data` in the API is the same object (present.ts; test/unit/stored-document-data
 * holds the two equal, key order included).
 */
export function storedDocumentData(row: DocumentRow, parties: DocumentParties): DocumentData {
  const { seller: _seller, buyer: _buyer, ...content } = row.data;
  return withoutEmpty({
    invoice_number: row.number,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    currency: row.currency,
    locale: row.locale,
    reason: row.reason,
    seller: parties.seller,
    buyer: parties.buyer,
    ...content,
  }) as DocumentData;
}

/** A stored document as domain data, its parties as a read shows them (frozen, or today's for a draft). */
export async function documentDataOf(ctx: AccountCtx, row: DocumentRow): Promise<DocumentData> {
  return storedDocumentData(row, await documentParties(ctx, row));
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

/**
 * One way from a stored document to an e-invoice input, for the XML route, Factur-X renders, deliveries,
 * the archive and finalize's check alike: the row's own data, its stored totals and the invoice a credit
 * note corrects (BG-3), never the API's answer (payment figures, days overdue). A row whose `data` holds
 * both parties (finalized, or as finalize will freeze it) is used as it is.
 */
export async function einvoiceInputOf(ctx: AccountCtx, row: DocumentRow): Promise<StoredEInvoiceInput> {
  const data = await documentDataOf(ctx, row);
  const source = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  return {
    documentType: row.documentType,
    data,
    totals: row.totals,
    precedingInvoiceNumber: source?.number ?? null,
    precedingInvoiceDate: source?.issueDate ?? null,
  };
}
