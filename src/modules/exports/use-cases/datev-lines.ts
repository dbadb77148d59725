// The booking lines of a page of entries (datev-entries.ts), and what the export checks before it writes
// the first byte: a foreign-currency document without its rate to the euro (a 422 naming it), and the
// moment the file's header states it was made (the latest event it books, so the file made again is the
// same file).

import { precedingInvoicesOf } from '../../../domain/document-content';
import { type DocumentData, documentTaxes, type Taxed } from '../../../domain/document-data';
import { euroRateOf } from '../../../domain/euro-rate';
import { dec, isNegative, isZero, neg, toPlainString } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { documentCostCentres, findCostCentre } from '../../cost-centres';
import { assignDebtorNumber, type CustomerRow, customerRows } from '../../customers';
import { type DocumentRow, documentTotals, findDocument } from '../../documents';
import type { ReceivedDocumentRow } from '../../receiving';
import { type Counterparty, SMALL_BUSINESS_GROUND, TRANSIT_ACCOUNTS } from '../accounts';
import { type Booking, bookingLine } from '../datev/format';
import { euVatIdOf, isEuCountry } from '../datev/vat-id';
import { creditorNumberOf } from '../repo';
import type { AccountingSettingsValue } from '../schema';
import { debtorRange } from './accounting-settings';
import { type BookedDocument, bookingsOf, flipped } from './datev-bookings';
import { deductedOf, issuedDeducted, receivedDeducted } from './datev-deducted';
import type { Entry } from './datev-entries';

export { euroRateOf };

/**
 * A received document's rate to the euro: the one its file states, else the one the bookkeeper set for the
 * books (PATCH /received-documents/{id} `exchange_rate`, docs/receiving.md); undefined without either.
 */
function receivedEuroRate(row: ReceivedDocumentRow): string | null | undefined {
  const stated = euroRateOf(row.currency, row.data as Record<string, unknown>);
  return stated === undefined ? (row.euroRate ?? undefined) : stated;
}

/**
 * Beleginfo: the document's id, its number as stated (Belegfeld 1 holds it in DATEV's characters) and its
 * file in the period's archive (GET /exports/archive.zip), the link from the booking to its document.
 */
function infoOf(id: string, number: string, file: string): [string, string][] {
  return [
    ['Beleg-ID', id],
    ['Belegnummer', number],
    ['Archivdatei', file],
  ];
}

/**
 * A credit note's Beleginfo names the invoice it corrects (its BG-3, else its source document's number), so
 * the adviser can set one against the other: the bookings themselves carry the credit note's own number.
 */
async function correctedInfo(ctx: AccountCtx, row: DocumentRow): Promise<[string, string][]> {
  if (row.documentType !== 'credit_note') return [];
  const stated = precedingInvoicesOf(row.data as DocumentData)[0]?.number;
  const source = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : null;
  const number = stated ?? source?.number;
  return number ? [['Korrigierte Rechnung', number]] : [];
}

type PartyData = { tax_id?: unknown; address?: { country?: unknown } } | undefined;

/** A party's country: its address's, else its VAT id's prefix (Greece's EL as GR); null when neither says. */
export function countryOf(party: PartyData): string | null {
  const country = party?.address?.country;
  if (typeof country === 'string' && /^[A-Za-z]{2}$/.test(country.trim()))
    return country.trim().toUpperCase();
  const prefix = typeof party?.tax_id === 'string' ? /^\s*([A-Za-z]{2})/.exec(party.tax_id)?.[1] : undefined;
  const code = prefix?.toUpperCase();
  return code === 'EL' ? 'GR' : (code ?? null);
}

/** Whether the document's exemptions (E) are a Kleinunternehmer's: a reason or code naming § 19 UStG. */
export function smallBusinessOf(
  data: Taxed<{ category?: string; exemption_reason?: string; exemption_reason_code?: string }>,
): boolean {
  return documentTaxes(data).some(
    (tax) =>
      tax.category === 'E' &&
      [tax.exemption_reason, tax.exemption_reason_code].some(
        (text) => text !== undefined && SMALL_BUSINESS_GROUND.test(text),
      ),
  );
}

/** Where `other` is seen from `own`: the same country, another EU country, outside the EU; null: unknown. */
export function counterpartyOf(own: PartyData, other: PartyData): Counterparty {
  const [mine, theirs] = [countryOf(own), countryOf(other)];
  if (mine === null || theirs === null) return null;
  if (mine === theirs) return 'domestic';
  return isEuCountry(theirs) ? 'eu' : 'third_country';
}

/** The buyer as the document states it (its snapshot since finalize), else the customer as it is now. */
function buyerOf(row: DocumentRow, customer: CustomerRow) {
  const snapshot = row.data.buyer as
    | { name?: unknown; tax_id?: unknown; address?: { country?: unknown } }
    | undefined;
  if (typeof snapshot?.name === 'string') {
    const taxId = typeof snapshot.tax_id === 'string' ? snapshot.tax_id : null;
    const country = typeof snapshot.address?.country === 'string' ? snapshot.address.country : null;
    return { name: snapshot.name, taxId, country };
  }
  return {
    name: customer.name,
    taxId: customer.taxId ?? null,
    country: customer.billingAddress?.country ?? null,
  };
}

/**
 * KOST1 of the page's issued documents allocated to a cost centre (its link, docs/cost-centres.md): the
 * cost centre's code, as it is now. A reversal carries its document's. Received documents have none.
 */
async function costCentreCodesOf(ctx: AccountCtx, entries: Entry[]): Promise<Map<string, string>> {
  const ids = entries.flatMap((entry) => (entry.kind === 'issued' ? [entry.row.id] : []));
  const links = await documentCostCentres.valuesOf(ctx.db, ctx.accountId, ids);
  const codeOf = new Map<string, string | null>();
  const codes = new Map<string, string>();
  for (const [documentId, centreId] of links) {
    if (!codeOf.has(centreId)) {
      codeOf.set(centreId, (await findCostCentre(ctx.db, ctx.accountId, centreId))?.code ?? null);
    }
    const code = codeOf.get(centreId);
    if (code) codes.set(documentId, code);
  }
  return codes;
}

/**
 * The page's customers by id, read in one statement, not once per document (a round trip each on
 * PostgreSQL: 20,000 invoices made 40,000 customer reads per export), given their debtor numbers as they get
 * them. (A supplier's creditor number is looked up per received document: one found under an alias can
 * change when another of the page's documents adds one under a better key.)
 */
type PageCustomers = Map<string, CustomerRow>;

async function customersOf(ctx: AccountCtx, entries: Entry[]): Promise<PageCustomers> {
  const ids = entries.flatMap((entry) => (entry.kind === 'issued' ? [entry.row.customerId] : []));
  const found = ids.length === 0 ? [] : await customerRows.findMany(ctx.db, ctx.accountId, ids);
  return new Map(found.map((customer) => [customer.id, customer]));
}

/** The customer's debtor number, given it now (in the page's transaction) when it has none. */
async function debtorOf(
  ctx: AccountCtx,
  customer: CustomerRow,
  customers: PageCustomers,
  debtors: { first: number; last: number },
): Promise<number | null> {
  if (customer.debtorNumber !== null) return customer.debtorNumber;
  const assigned = await assignDebtorNumber(ctx.db, ctx.accountId, customer.id, debtors);
  if (assigned !== null) customers.set(customer.id, { ...customer, debtorNumber: assigned });
  return assigned;
}

async function issuedBookings(
  ctx: AccountCtx,
  entry: Extract<Entry, { kind: 'issued' }>,
  settings: AccountingSettingsValue,
  costCentre: string | null,
  customers: PageCustomers,
): Promise<Booking[]> {
  const { row } = entry;
  const customer = customers.get(row.customerId);
  if (customer === undefined) return [];
  const debtor = await debtorOf(ctx, customer, customers, {
    first: settings.first_debtor_number,
    last: debtorRange(settings.account_length)[1],
  });
  if (debtor === null) return [];
  const buyer = buyerOf(row, customer);
  const vatId = euVatIdOf(buyer.taxId, buyer.country);
  const side = row.documentType === 'credit_note' ? 'H' : 'S';
  const buyerParty = { tax_id: buyer.taxId, address: { country: buyer.country } };
  const counterparty = counterpartyOf(row.data.seller as PartyData, buyerParty);
  const doc: BookedDocument = {
    total: row.totals.total,
    prepaid: await issuedDeducted(ctx, row),
    // Deducted by reference: each booked back under its own tax cases, at its own gross (datev-bookings.ts).
    deducted: await deductedOf(ctx, row),
    thirdParty: thirdPartyOf(row.totals.third_party_payment_total, settings),
    taxGroups: row.totals.tax_groups ?? [],
    side: entry.reversal ? flipped(side) : side,
    currency: row.currency,
    euroRate: euroRateOf(row.currency, row.data),
    account: debtor,
    date: entry.date,
    reference: row.number,
    text: entry.reversal ? `Storno ${buyer.name}` : buyer.name,
    counterparty,
    smallBusiness: smallBusinessOf(row.data as DocumentData),
    euVatId: vatId ? `${vatId.country}${vatId.number}` : null,
    oss: counterparty === 'eu' && !vatId ? ossOf(row.data.seller as PartyData, buyer.country) : null,
    costCentre,
    supplyDate: supplyDateOf(row.data as DocumentData),
    info: [...infoOf(row.id, row.number, entry.file), ...(await correctedInfo(ctx, row))],
  };
  return bookingsOf(row.documentType === 'credit_note' ? asCredited(doc) : doc, settings.revenue_accounts);
}

/**
 * What DATEV asks of an OSS distance sale besides the rate: the consumer's EU country as VAT IDs write it
 * (Greece EL) and the seller's own VAT ID; null when the buyer's country is not known.
 */
function ossOf(seller: PartyData, buyerCountry: string | null): BookedDocument['oss'] {
  const country = countryOf({ address: { country: buyerCountry } });
  if (country === null) return null;
  const own = euVatIdOf(
    typeof seller?.tax_id === 'string' ? seller.tax_id : null,
    typeof seller?.address?.country === 'string' ? seller.address.country : null,
  );
  return { country: country === 'GR' ? 'EL' : country, origin: own ? `${own.country}${own.number}` : null };
}

/** Third-party payments (durchlaufende Posten) to book on the chart's transit account; null without. */
function thirdPartyOf(
  total: string | undefined,
  settings: AccountingSettingsValue,
): BookedDocument['thirdParty'] {
  if (total === undefined || isZero(dec(total))) return null;
  return { amount: total, account: TRANSIT_ACCOUNTS[settings.chart] };
}

/** An issued document's date of supply (BT-72), else its invoicing period's end (BG-14); null without. */
function supplyDateOf(data: DocumentData): string | null {
  const period = data.invoice_period as { end_date?: string } | undefined;
  return data.delivery_date ?? period?.end_date ?? null;
}

/**
 * A credit note entered with negative amounts (its total negative) books as one entered positive: every
 * amount turned, as its e-invoice states them (`creditedAmount`, docs/exports.md). Booked with its sign, the
 * credit note's negative amount swapped the sides and booked revenue instead of taking it back.
 */
export function asCredited(doc: BookedDocument): BookedDocument {
  if (!isNegative(dec(doc.total))) return doc;
  const turn = (value: string) => toPlainString(neg(dec(value)));
  return {
    ...doc,
    total: turn(doc.total),
    prepaid: doc.prepaid ? turn(doc.prepaid) : doc.prepaid,
    deducted: doc.deducted?.map((part) => ({
      ...part,
      total: turn(part.total),
      taxGroups: part.taxGroups.map((group) => ({
        ...group,
        taxable_amount: turn(group.taxable_amount),
        tax_amount: turn(group.tax_amount),
      })),
    })),
    thirdParty: doc.thirdParty ? { ...doc.thirdParty, amount: turn(doc.thirdParty.amount) } : doc.thirdParty,
    taxGroups: doc.taxGroups.map((group) => ({
      ...group,
      taxable_amount: turn(group.taxable_amount),
      tax_amount: turn(group.tax_amount),
    })),
  };
}

const taxKey = (id: string | null | undefined) => {
  const bare = (id ?? '').replace(/\s+/g, '').toUpperCase();
  return bare ? `tax:${bare}` : null;
};

/** A received supplier's key for its creditor number: its tax ID, else its name (docs/exports.md). */
export function supplierKeyOf(row: Pick<ReceivedDocumentRow, 'sellerTaxId' | 'sellerName'>): string {
  return taxKey(row.sellerTaxId) ?? `name:${(row.sellerName ?? '').trim().toLowerCase()}`;
}

/**
 * The supplier whose creditor number a received document books to: its key, and the keys of its other tax
 * id (the VAT id beside a Steuernummer, or the other way round) under which the supplier may have been
 * given its number from another file (one stating only the Steuernummer, or kept before the VAT id was
 * read beside it).
 */
export function supplierOf(row: Pick<ReceivedDocumentRow, 'sellerTaxId' | 'sellerName' | 'data'>): {
  key: string;
  aliases: string[];
  name: string | null;
} {
  const key = supplierKeyOf(row);
  const seller = row.data.seller;
  const aliases = [taxKey(seller?.tax_id), taxKey(seller?.tax_number)].filter(
    (alias, i, all): alias is string => alias !== null && alias !== key && all.indexOf(alias) === i,
  );
  return { key, aliases, name: row.sellerName };
}

async function receivedBookings(
  ctx: AccountCtx,
  entry: Extract<Entry, { kind: 'received' }>,
  settings: AccountingSettingsValue,
): Promise<Booking[]> {
  const { row } = entry;
  const creditor = await creditorNumberOf(
    ctx.db,
    ctx.accountId,
    supplierOf(row),
    settings.first_creditor_number,
    isoNow(ctx.clock),
  );
  const computed = documentTotals(row.currency, row.data);
  const invoiceSide = 'H';
  const doc: BookedDocument = {
    total: row.total,
    prepaid: receivedDeducted(row),
    thirdParty: computed.ok ? thirdPartyOf(computed.totals.third_party_payment_total, settings) : null,
    taxGroups: computed.ok ? computed.totals.tax_groups : [],
    side: row.documentType === 'credit_note' ? flipped(invoiceSide) : invoiceSide,
    currency: row.currency,
    euroRate: receivedEuroRate(row),
    account: creditor,
    date: row.issueDate ?? '',
    reference: row.invoiceNumber ?? row.id,
    text: row.sellerName ?? '',
    counterparty: counterpartyOf(row.data.buyer as PartyData, row.data.seller as PartyData),
    smallBusiness: smallBusinessOf(row.data as DocumentData),
    info: infoOf(row.id, row.invoiceNumber ?? '', entry.file),
  };
  return bookingsOf(doc, settings.expense_accounts);
}

/** The lines of a page of entries; debtor and creditor numbers are assigned on the way, KOST1 read. */
export async function linesOf(
  ctx: AccountCtx,
  entries: Entry[],
  settings: AccountingSettingsValue,
): Promise<string> {
  let out = '';
  const costCentres = await costCentreCodesOf(ctx, entries);
  const customers = await customersOf(ctx, entries);
  for (const entry of entries) {
    const bookings =
      entry.kind === 'issued'
        ? await issuedBookings(ctx, entry, settings, costCentres.get(entry.row.id) ?? null, customers)
        : await receivedBookings(ctx, entry, settings);
    out += bookings.map(bookingLine).join('');
  }
  return out;
}

/** A document the export cannot book: in another currency than the euro, without a rate to it. */
export interface UnconvertedDocument {
  id: string;
  number: string | null;
  currency: string;
}

export interface PageSurvey {
  /** The latest event the page books (ISO): an issue's finalizing, a cancellation, a receipt. */
  latest: string | null;
  unconverted: UnconvertedDocument[];
}

/** A received document's latest event the file books: its receipt, or its rate set since (PATCH exchange_rate). */
const laterOf = (received: string, rateSet: string | null) =>
  rateSet !== null && rateSet > received ? rateSet : received;

/** What the export checks of a page before writing: rates, and the latest event. Assigns nothing. */
export function surveyOf(entries: Entry[]): PageSurvey {
  let latest: string | null = null;
  const unconverted: UnconvertedDocument[] = [];
  for (const entry of entries) {
    const { row } = entry;
    const at =
      entry.kind === 'received'
        ? laterOf(entry.row.createdAt, entry.row.euroRateSetAt)
        : entry.reversal
          ? (entry.row.voidedAt ?? entry.row.updatedAt)
          : (entry.row.finalizedAt ?? entry.row.createdAt);
    if (latest === null || at > latest) latest = at;
    const rate =
      entry.kind === 'received'
        ? receivedEuroRate(entry.row)
        : euroRateOf(row.currency, row.data as Record<string, unknown>);
    if (rate === undefined) {
      const number = entry.kind === 'issued' ? entry.row.number : entry.row.invoiceNumber;
      unconverted.push({ id: row.id, number, currency: row.currency });
    }
  }
  return { latest, unconverted };
}
