// 0039: a credit note entered with negative amounts credits as much as one entered positive. The revenue
// sums and the receivables' rows kept before it took such a credit note with its sign (added to revenue
// and to what the customer owed); 0039 makes both again from the documents, read turned, and its triggers
// keep them so from then on.
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

const totals = (total: string, tax: string, amountDue = total) =>
  JSON.stringify({
    total,
    tax_total: tax,
    amount_due: amountDue,
    tax_groups: [
      {
        category: 'S',
        rate: '19.00',
        taxable_amount: (Number(total) - Number(tax)).toFixed(2),
        tax_amount: tax,
      },
    ],
  });

test('0039 turns the kept sums and open items of credit notes entered with negative amounts', () => {
  const sqlite = new Database(':memory:');
  const before = embeddedMigrations.findIndex((m) => m.tag.startsWith('0039_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, before));
  const insert = sqlite.query(
    `INSERT INTO documents (id, account_id, document_type, number, status, issue_date, due_date, currency,
       business_profile_id, customer_id, source_document_id, data, totals, created_at, updated_at)
     VALUES (?, 'acc_1', ?, ?, 'finalized', ?, ?, 'EUR', 'bp_1', 'cus_1', ?, '{}', ?, '2026-11-01T00:00:00.000Z',
       '2026-11-01T00:00:00.000Z')`,
  );
  insert.run('doc_inv', 'invoice', 'RE-1', '2026-11-02', '2026-11-30', null, totals('119.00', '19.00'));
  insert.run('doc_cn1', 'credit_note', 'RK-1', '2026-11-10', null, 'doc_inv', totals('-19.00', '-3.03'));
  // Entered positive: as it was.
  insert.run('doc_cn2', 'credit_note', 'RK-2', '2026-11-12', null, null, totals('11.90', '1.90'));
  const sums = () =>
    sqlite
      .query(
        `SELECT document_type, kind, a_units, b_units FROM issued_month_sums WHERE month = '2026-11'
         ORDER BY document_type, kind`,
      )
      .all();
  const open = () =>
    sqlite
      .query('SELECT document_id, open_units, open_parts FROM receivable_items ORDER BY document_id')
      .all();
  // Before: the negative credit note's sums negative, and the invoice's open amount raised by it.
  expect(sums()).toContainEqual({ document_type: 'credit_note', kind: 'totals', a_units: -8, b_units: -2 });
  expect(open()).toContainEqual({ document_id: 'doc_inv', open_units: 138, open_parts: 0 });
  migrate(sqlite);
  expect(sums()).toEqual([
    { document_type: 'credit_note', kind: 'rate', a_units: 25, b_units: 4 },
    { document_type: 'credit_note', kind: 'totals', a_units: 30, b_units: 4 },
    { document_type: 'invoice', kind: 'rate', a_units: 100, b_units: 19 },
    { document_type: 'invoice', kind: 'totals', a_units: 119, b_units: 19 },
  ]);
  expect(open()).toEqual([
    { document_id: 'doc_cn1', open_units: 19, open_parts: 0 },
    { document_id: 'doc_cn2', open_units: 11, open_parts: 9000000000 },
    { document_id: 'doc_inv', open_units: 100, open_parts: 0 },
  ]);
  const all = (from: string) =>
    sqlite.query(`SELECT * FROM ${from} ORDER BY document_id`).all() as Record<string, unknown>[];
  expect(all('receivable_items')).toEqual(all('receivable_items_now'));
  // And from here on the triggers keep a new one turned too.
  insert.run('doc_cn3', 'credit_note', 'RK-3', '2026-11-20', null, 'doc_inv', totals('-1.19', '-0.19'));
  expect(open()).toContainEqual({ document_id: 'doc_inv', open_units: 98, open_parts: 8100000000 });
  expect(sums()).toContainEqual({ document_type: 'credit_note', kind: 'totals', a_units: 31, b_units: 4 });
  // Voided, it counts no more: the sums and the open amount as before it.
  sqlite.query(`UPDATE documents SET status = 'void', voided_at = '2026-11-21' WHERE id = 'doc_cn3'`).run();
  expect(open()).toContainEqual({ document_id: 'doc_inv', open_units: 100, open_parts: 0 });
  expect(sums()).toContainEqual({ document_type: 'credit_note', kind: 'totals', a_units: 30, b_units: 4 });
});
