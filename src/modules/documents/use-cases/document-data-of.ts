import type { DocumentData } from '../../../domain/document-data';
import type { TotalsResult } from '../../../domain/money';
import type { Party } from '../../../domain/party';
import type { AccountCtx } from '../../../shared/context';
import {
  type BusinessProfileRow,
  businessProfileRows,
  findBusinessProfile,
  sellerParty,
} from '../../business-profiles';
import { buyerParty, type CustomerRow, customerRows, findCustomer } from '../../customers';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';

export interface DocumentParties {
  seller: Party;
  buyer: Party;
}

/** The parties `data` holds once finalized (both, or the row is read as a draft). */
function frozenParties(row: DocumentRow): DocumentParties | null {
  const seller = row.data.seller as Party | undefined;
  const buyer = row.data.buyer as Party | undefined;
  return seller && buyer ? { seller, buyer } : null;
}

/** A draft's parties from its profile and customer rows (missing ones: a nameless party). */
export function liveParties(
  profile: BusinessProfileRow | undefined,
  customer: CustomerRow | undefined,
): DocumentParties {
  return {
    seller: profile ? sellerParty(profile) : { name: '' },
    buyer: customer ? buyerParty(customer) : { name: '' },
  };
}

/**
 * Finalized documents keep their frozen parties; a draft's are the profile and customer as they are now:
 * `live` when the caller has just read those rows (create), else read here.
 */
export async function documentParties(
  ctx: AccountCtx,
  row: DocumentRow,
  live?: DocumentParties,
): Promise<DocumentParties> {
  const known = frozenParties(row) ?? live;
  if (known) return known;
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  return liveParties(profile, customer);
}

/**
 * `documentParties` of each of `rows`, in their order, at a fixed cost: the drafts' profiles in one query
 * and their customers in another, whatever the number of rows (none when every row is finalized).
 */
export async function documentPartiesOfRows(
  ctx: AccountCtx,
  rows: readonly DocumentRow[],
): Promise<DocumentParties[]> {
  const drafts = rows.filter((row) => frozenParties(row) === null);
  if (drafts.length === 0) return rows.map((row) => frozenParties(row) as DocumentParties);
  const profileIds = drafts.map((row) => row.businessProfileId);
  const customerIds = drafts.map((row) => row.customerId);
  const profiles = new Map(
    (await businessProfileRows.findMany(ctx.db, ctx.accountId, profileIds)).map((p) => [p.id, p]),
  );
  const customers = new Map(
    (await customerRows.findMany(ctx.db, ctx.accountId, customerIds)).map((c) => [c.id, c]),
  );
  return rows.map(
    (row) =>
      frozenParties(row) ?? liveParties(profiles.get(row.businessProfileId), customers.get(row.customerId)),
  );
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
 * note or a corrected invoice corrects (BG-3: its source, when that is an invoice), never the API's
 * answer (payment figures, days overdue). A row whose `data` holds both parties (finalized, or as
 * finalize will freeze it) is used as it is.
 */
export async function einvoiceInputOf(ctx: AccountCtx, row: DocumentRow): Promise<StoredEInvoiceInput> {
  const frozen = frozenParties(row);
  // The profile, read once: a draft's seller, and the language its PDF is drawn in when the document
  // states none (so that the words the XML carries for a category that is its own reason, BT-120:
  // § 13b's, are the PDF's).
  const profile =
    frozen === null || row.locale === null
      ? await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId)
      : undefined;
  const parties = frozen ?? liveParties(profile, await findCustomer(ctx.db, ctx.accountId, row.customerId));
  const data = storedDocumentData(row, parties);
  if (row.locale === null && profile?.defaultLocale) data.locale = profile.defaultLocale;
  // BG-3 is a preceding *invoice*: an invoice made from a quote or an order (its source) names none.
  const stored = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  const source = stored?.documentType === 'invoice' ? stored : undefined;
  return {
    documentType: row.documentType,
    data,
    totals: row.totals,
    precedingInvoiceNumber: source?.number ?? null,
    precedingInvoiceDate: source?.issueDate ?? null,
  };
}
