import { add, type Decimal, dec, sub, toPlainString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findCustomer } from '../../customers';
import { type DocumentRow, issuedForReports } from '../../documents';
import { type PaymentRow, paymentsForReports } from '../../payments';
import { fixed, openPosition } from '../ageing';
import { claimOfDocument, settlementOfPayment } from '../claims';

export type StatementEntryType = 'invoice' | 'credit_note' | 'payment';

export interface StatementEntry {
  date: string;
  type: StatementEntryType;
  document_id: string;
  number: string;
  payment_id: string | null;
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
  currencies: StatementSection[];
}

/** Sorts one day's entries: what was billed first, then what reduced it. */
const ORDER: Record<StatementEntryType, number> = { invoice: 0, credit_note: 1, payment: 2 };

/**
 * A customer's account from `from` to `to`: the balance before the period (invoices less credit notes less
 * payments dated before it), the period's documents by issue date and payments by payment date with a
 * running balance, the closing balance, and what is overdue on `to` (as the receivables report counts it).
 */
export async function customerStatement({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { customerId: string; from: string; to: string };
}): Promise<{ statement: Statement; documents: DocumentRow[] }> {
  const customer = await findCustomer(ctx.db, ctx.accountId, input.customerId);
  if (!customer) throw notFound('Customer');
  const documents = await issuedForReports(ctx.db, ctx.accountId, {
    customerId: customer.id,
    issuedTo: input.to,
  });
  const byId = new Map(documents.map((d) => [d.id, d]));
  const payments = (
    await paymentsForReports(ctx.db, ctx.accountId, {
      customerId: customer.id,
      dateTo: input.to,
    })
  ).filter((p) => byId.get(p.documentId)?.documentType === 'invoice');
  const currencies = [...new Set(documents.map((d) => d.currency))].sort();
  const position = openPosition(documents.map(claimOfDocument), payments.map(settlementOfPayment), input.to);
  const sections = currencies.map((currency) => {
    const entries = [
      ...documents.filter((d) => d.currency === currency).map(documentEntry),
      ...payments.filter((p) => p.currency === currency).map((p) => paymentEntry(p, byId.get(p.documentId))),
    ];
    let balance = dec('0');
    for (const e of entries) if (e.date < input.from) balance = add(balance, dec(e.amount));
    const opening = balance;
    const period = entries
      .filter((e) => e.date >= input.from)
      .sort((a, b) => cmpText(a.date, b.date) || ORDER[a.type] - ORDER[b.type] || cmpText(a.number, b.number))
      .map((e) => {
        balance = add(balance, dec(e.amount));
        return { ...e, amount: fixed(dec(e.amount), currency), balance: fixed(balance, currency) };
      });
    const late = position.items.filter((i) => i.claim.currency === currency && i.daysOverdue > 0);
    const overdue = late.reduce<Decimal>((s, i) => add(s, i.open), dec('0'));
    return {
      currency,
      opening_balance: fixed(opening, currency),
      entries: period,
      closing_balance: fixed(balance, currency),
      overdue: {
        amount: fixed(overdue, currency),
        documents: late.map((i) => ({
          document_id: i.claim.id,
          number: i.claim.number ?? '',
          due_date: i.claim.dueDate ?? '',
          days_overdue: i.daysOverdue,
          amount_due: fixed(i.open, currency),
        })),
      },
    };
  });
  return {
    statement: {
      customer: { id: customer.id, name: customer.name },
      from: input.from,
      to: input.to,
      currencies: sections,
    },
    documents,
  };
}

const cmpText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const negate = (value: string) => toPlainString(sub(dec('0'), dec(value)));

function documentEntry(d: DocumentRow): StatementEntry {
  const credit = d.documentType === 'credit_note';
  const amount = d.totals.amount_due ?? d.totals.total;
  return {
    date: d.issueDate,
    type: credit ? 'credit_note' : 'invoice',
    document_id: d.id,
    number: d.number,
    payment_id: null,
    due_date: credit ? null : d.dueDate,
    reference: null,
    amount: credit ? negate(amount) : amount,
    balance: '',
  };
}

function paymentEntry(p: PaymentRow, document: DocumentRow | undefined): StatementEntry {
  return {
    date: p.date,
    type: 'payment',
    document_id: p.documentId,
    number: document?.number ?? '',
    payment_id: p.id,
    due_date: null,
    reference: p.reference,
    amount: negate(p.amount),
    balance: '',
  };
}
