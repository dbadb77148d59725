// Tens of thousands of documents without tens of thousands of API calls: one invoice made and finalized
// through the API, then copied row by row into the database (server.db: SQLite or PostgreSQL alike), with
// payments beside them. For the tests of what a large account does to the event loop (issue 37).
import { eq } from 'drizzle-orm';
import { documents } from '../src/modules/documents/schema';
import { payments } from '../src/modules/payments/schema';
import { newId } from '../src/shared/ids';
import { makeDocument } from './document-factories';
import type { TestAccount } from './factories';
import type { TestServer } from './harness';

export interface BulkInvoices {
  /** Every invoice, the one made through the API first. */
  count: number;
  /** Invoices issued per month (YYYY-MM), the first month holding the API's one too. */
  perMonth: Map<string, number>;
  /** Payments of `paymentAmount`, each dated on its invoice's issue date. */
  paid: number;
  paidPerMonth: Map<string, number>;
}

const INSERT_BATCH = 500;

/**
 * `copies` copies of one finalized, sent invoice of documentBody's lines (total 237.88), numbered
 * `BULK-<i>`, issued on day 1-28 of months `months` in turn (2026), all due on `dueDate`; every
 * `payEvery`th copy paid `paymentAmount` on its issue date.
 */
export async function bulkInvoices(
  server: TestServer,
  account: TestAccount,
  parties: { profileId: string; customerId: string },
  options: { copies: number; months: number; dueDate: string; payEvery: number; paymentAmount: string },
): Promise<BulkInvoices> {
  const made = await makeDocument(
    server,
    account,
    parties,
    { issue_date: '2026-01-01', due_date: options.dueDate },
    ['finalize', 'mark-sent'],
  );
  const source = await server.db.select().from(documents).where(eq(documents.id, made.id)).get();
  if (!source) throw new Error('the invoice made through the API is not stored');
  const perMonth = new Map<string, number>([['2026-01', 1]]);
  const paidPerMonth = new Map<string, number>();
  let paid = 0;
  for (let start = 0; start < options.copies; start += INSERT_BATCH) {
    const rows: (typeof source)[] = [];
    const paymentRows: (typeof payments.$inferInsert)[] = [];
    for (let i = start; i < Math.min(options.copies, start + INSERT_BATCH); i++) {
      const month = `2026-${String(1 + (i % options.months)).padStart(2, '0')}`;
      const issueDate = `${month}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const id = newId('doc');
      rows.push({ ...source, id, number: `BULK-${i}`, issueDate, dueDate: options.dueDate });
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      if (i % options.payEvery !== 0) continue;
      paymentRows.push({
        id: newId('pay'),
        accountId: account.id,
        documentId: id,
        customerId: source.customerId,
        amount: options.paymentAmount,
        currency: source.currency,
        date: issueDate,
        method: 'bank_transfer',
        reference: null,
        note: null,
        createdBy: null,
        createdAt: new Date().toISOString(),
      });
      paidPerMonth.set(month, (paidPerMonth.get(month) ?? 0) + 1);
      paid += 1;
    }
    await server.db.insert(documents).values(rows).run();
    if (paymentRows.length > 0) await server.db.insert(payments).values(paymentRows).run();
  }
  return { count: options.copies + 1, perMonth, paid, paidPerMonth };
}
