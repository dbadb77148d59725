import { add, dec, neg, toPlainString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { findCustomer } from '../../customers';
import { creditedAmount, type DocumentRow, issuedForReports } from '../../documents';
import { listPayments, type PaymentRow } from '../../payments';
import { type Claim, entryOf, fixed, type OpenPosition, openPosition } from '../ageing';
import { claimOfDocument, settlementOfPayment } from '../claims';
import { collect, mapPaced, type Pace, pacedJson, pacer, sortPaced } from '../pace';

export type StatementEntryType = 'invoice' | 'credit_note' | 'payment';

export interface StatementEntry {
  date: string;
  type: StatementEntryType;
  document_id: string;
  number: string;
  payment_id: string | null;
  /** A payment's method (`early_payment_discount`: Skonto, no money moved); null for a document. */
  payment_method: string | null;
  due_date: string | null;
  reference: string | null;
  /** Positive raises what the customer owes (an invoice), negative lowers it (a credit note, a payment). */
  amount: string;
  balance: string;
}

export interface StatementSection {
  currency: string;
  opening_balance: string;
  entries: StatementEntry[];
  closing_balance: string;
  overdue: {
    amount: string;
    documents: {
      document_id: string;
      number: string;
      due_date: string;
      days_overdue: number;
      amount_due: string;
    }[];
  };
}

export interface Statement {
  customer: { id: string; name: string };
  from: string;
  to: string;
  business_profile_id: string | null;
  sellers: { id: string; name: string }[];
  currencies: StatementSection[];
}

export interface StatementInput {
  customerId: string;
  from: string;
  to: string;
  /** Only this seller's documents and their payments. */
  businessProfileId?: string | undefined;
}

/** Sorts one day's entries: what was billed first, then what reduced it. */
const ORDER: Record<StatementEntryType, number> = { invoice: 0, credit_note: 1, payment: 2 };

/** Of the customer's latest document (by issue date, then id): who the PDF is from and its language. */
export interface LatestDocument {
  businessProfileId: string;
  locale: string | null;
}

interface Counted {
  claim: Claim;
  entry: StatementEntry;
  currency: string;
  latest: LatestDocument & { order: string };
}

/**
 * A customer's account from `from` to `to`: the balance before the period (invoices less credit notes less
 * payments dated before it), the period's documents by issue date and payments by payment date with a
 * running balance, the closing balance, and what is overdue on `to` (as the receivables report counts it).
 * Read a page of documents at a time and summed in slices, with turns of the event loop in between.
 */
export async function customerStatement({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: StatementInput;
}): Promise<{ statement: Statement; latest: LatestDocument | undefined }> {
  const customer = await findCustomer(ctx.db, ctx.accountId, input.customerId);
  if (!customer) throw notFound('Customer');
  const seller = input.businessProfileId;
  if (seller !== undefined && !(await findBusinessProfile(ctx.db, ctx.accountId, seller)))
    throw unknownSeller();
  const pace = pacer();
  const everyones = await collect(
    ctx.db,
    (db, page) => issuedForReports(db, ctx.accountId, { customerId: customer.id, issuedTo: input.to }, page),
    (d): Counted => ({
      claim: claimOfDocument(d),
      entry: documentEntry(d),
      currency: d.currency,
      latest: {
        businessProfileId: d.businessProfileId,
        locale: d.locale,
        order: `${d.issueDate}|${d.id}`,
      },
    }),
    pace,
  );
  const sellers = await sellersOf(ctx, everyones);
  const counted =
    seller === undefined ? everyones : everyones.filter((c) => c.latest.businessProfileId === seller);
  const invoices = new Map<string, string>();
  for (const c of counted) if (c.entry.type === 'invoice') invoices.set(c.claim.id, c.entry.number);
  // Read newest first, listed oldest first: a day's payments of one invoice keep the order they were made in.
  const payments = (
    await collect(
      ctx.db,
      (db, page) => listPayments(db, ctx.accountId, { customerId: customer.id, dateTo: input.to }, page),
      (p) => (invoices.has(p.documentId) ? p : undefined),
      pace,
    )
  ).reverse();
  const byCurrency = new Map<string, StatementEntry[]>();
  for (const c of counted) entryOf(byCurrency, c.currency, () => []).push(c.entry);
  for (const p of payments) {
    entryOf(byCurrency, p.currency, () => []).push(paymentEntry(p, invoices.get(p.documentId)));
    await pace();
  }
  const position = await openPosition(
    counted.map((c) => c.claim),
    await mapPaced(payments, settlementOfPayment, pace),
    input.to,
    pace,
  );
  const sections: StatementSection[] = [];
  for (const currency of [...new Set(counted.map((c) => c.currency))].sort()) {
    sections.push(await section(byCurrency.get(currency) ?? [], currency, position, input, pace));
  }
  let latest: Counted['latest'] | undefined;
  for (const c of counted) if (!latest || c.latest.order > latest.order) latest = c.latest;
  return {
    statement: {
      customer: { id: customer.id, name: customer.name },
      from: input.from,
      to: input.to,
      business_profile_id: seller ?? null,
      sellers,
      currencies: sections,
    },
    latest: latest && { businessProfileId: latest.businessProfileId, locale: latest.locale },
  };
}

/** `?business_profile_id` names no business profile of the account. */
export const unknownSeller = () =>
  validationError([
    { loc: 'query.business_profile_id', msg: 'business profile not found', type: 'not_found' },
  ]);

/** The business profiles the documents are from, by name. */
async function sellersOf(ctx: AccountCtx, counted: Counted[]): Promise<{ id: string; name: string }[]> {
  const ids = [...new Set(counted.map((c) => c.latest.businessProfileId))].sort();
  const sellers: { id: string; name: string }[] = [];
  for (const id of ids) {
    const profile = await findBusinessProfile(ctx.db, ctx.accountId, id);
    sellers.push({ id, name: profile ? (profile.displayName ?? profile.legalName) : '' });
  }
  return sellers;
}

/** The statement's JSON answer, `{data: statement}`, written a slice at a time. */
export async function statementJson(args: { ctx: AccountCtx; input: StatementInput }): Promise<string> {
  const { statement } = await customerStatement(args);
  return await pacedJson({ data: statement }, pacer());
}

async function section(
  entries: StatementEntry[],
  currency: string,
  position: OpenPosition,
  input: { from: string; to: string },
  pace: Pace,
): Promise<StatementSection> {
  let balance = dec('0');
  const period: StatementEntry[] = [];
  for (const e of entries) {
    if (e.date < input.from) balance = add(balance, dec(e.amount));
    else period.push(e);
    await pace();
  }
  const opening = balance;
  const sorted = await sortPaced(
    period,
    (a, b) => cmpText(a.date, b.date) || ORDER[a.type] - ORDER[b.type] || cmpText(a.number, b.number),
    pace,
  );
  const dated: StatementEntry[] = [];
  for (const e of sorted) {
    balance = add(balance, dec(e.amount));
    dated.push({ ...e, amount: fixed(dec(e.amount), currency), balance: fixed(balance, currency) });
    await pace();
  }
  // In the order the documents were issued (then by id), as the receivables report lists them.
  const late = await sortPaced(
    position.items.filter((i) => i.claim.currency === currency && i.daysOverdue > 0),
    (a, b) => cmpText(a.claim.issueDate, b.claim.issueDate) || cmpText(a.claim.id, b.claim.id),
    pace,
  );
  let overdue = dec('0');
  const documents: StatementSection['overdue']['documents'] = [];
  for (const i of late) {
    overdue = add(overdue, i.open);
    documents.push({
      document_id: i.claim.id,
      number: i.claim.number ?? '',
      due_date: i.claim.dueDate ?? '',
      days_overdue: i.daysOverdue,
      amount_due: fixed(i.open, currency),
    });
    await pace();
  }
  return {
    currency,
    opening_balance: fixed(opening, currency),
    entries: dated,
    closing_balance: fixed(balance, currency),
    overdue: { amount: fixed(overdue, currency), documents },
  };
}

const cmpText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const negate = (value: string) => toPlainString(neg(dec(value)));

function documentEntry(d: DocumentRow): StatementEntry {
  const credit = d.documentType === 'credit_note';
  const amount = credit ? creditedAmount(d.totals) : (d.totals.amount_due ?? d.totals.total);
  return {
    date: d.issueDate,
    type: credit ? 'credit_note' : 'invoice',
    document_id: d.id,
    number: d.number,
    payment_id: null,
    payment_method: null,
    due_date: credit ? null : d.dueDate,
    reference: null,
    amount: credit ? negate(amount) : amount,
    balance: '',
  };
}

function paymentEntry(p: PaymentRow, invoiceNumber: string | undefined): StatementEntry {
  return {
    date: p.date,
    type: 'payment',
    document_id: p.documentId,
    number: invoiceNumber ?? '',
    payment_id: p.id,
    payment_method: p.method,
    due_date: null,
    reference: p.reference,
    amount: negate(p.amount),
    balance: '',
  };
}
