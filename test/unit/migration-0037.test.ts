// 0037: the payables tell suppliers apart by their VAT id without blanks and in upper case, as the DATEV
// export's creditor numbers do. The rows kept before it take the new key; a VAT id of blanks only names
// no supplier (its name does); the kept rows equal the view's after it.
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

test('0037 gives the payables rows kept before it their supplier key without blanks, upper case', () => {
  const sqlite = new Database(':memory:');
  const before = embeddedMigrations.findIndex((m) => m.tag.startsWith('0037_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, before));
  const insert = sqlite.query(
    `INSERT INTO received_documents (id, account_id, status, syntax, document_type, type_code, invoice_number,
       issue_date, currency, seller_name, seller_tax_id, total, amount_due, data, totals, warnings, sha256,
       content_type, size_bytes, blob_key, created_at, updated_at)
     VALUES (?, 'acc_1', 'received', 'ubl', 'invoice', '380', ?, '2026-01-02', 'EUR', ?, ?, '10.00', '10.00',
       '{}', '{}', '[]', ?, 'application/xml', 1, 'k', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
  );
  const rows: [string, string, string | null][] = [
    ['rcv_01', 'Müller GmbH', 'DE123456789'],
    ['rcv_02', 'Müller GmbH', 'de 123 456\u00a0789'],
    ['rcv_03', 'Müller GmbH', '\tDE123456789\n'],
    ['rcv_04', 'Ohne GmbH', '  '],
    ['rcv_05', 'Ohne GmbH', null],
  ];
  for (const [id, name, taxId] of rows) insert.run(id, id, name, taxId, id);
  const parties = () =>
    sqlite.query('SELECT document_id AS id, party FROM payable_items ORDER BY document_id').all();
  expect(parties()).toEqual([
    { id: 'rcv_01', party: 'tax:DE123456789' },
    { id: 'rcv_02', party: 'tax:de 123 456\u00a0789' },
    { id: 'rcv_03', party: 'tax:\tDE123456789\n' },
    { id: 'rcv_04', party: 'tax:  ' },
    { id: 'rcv_05', party: 'name:Ohne GmbH' },
  ]);
  migrate(sqlite);
  expect(parties()).toEqual([
    { id: 'rcv_01', party: 'tax:DE123456789' },
    { id: 'rcv_02', party: 'tax:DE123456789' },
    { id: 'rcv_03', party: 'tax:DE123456789' },
    { id: 'rcv_04', party: 'name:Ohne GmbH' },
    { id: 'rcv_05', party: 'name:Ohne GmbH' },
  ]);
  const all = (from: string) =>
    sqlite.query(`SELECT * FROM ${from} ORDER BY document_id`).all() as Record<string, unknown>[];
  expect(all('payable_items')).toEqual(all('payable_items_now'));
  // And from here on the triggers key a changed one the same way.
  sqlite.query(`UPDATE received_documents SET seller_tax_id = 'at u 123' WHERE id = 'rcv_01'`).run();
  expect(parties()[0]).toEqual({ id: 'rcv_01', party: 'tax:ATU123' });
});
