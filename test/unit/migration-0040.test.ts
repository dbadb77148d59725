// 0040: of an invoice's several received files only the one whose `duplicate_of` is null counts in the kept
// payables rows and expense sums. Before it, every file counted (three files: three times what was owed);
// 0040 makes each group's first file not rejected the one that counts (a group whose first file was
// rejected or deleted included), then makes the kept rows again from the documents.
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

test('0040 counts one file per received invoice in the kept payables rows and expense sums', () => {
  const sqlite = new Database(':memory:');
  const before = embeddedMigrations.findIndex((m) => m.tag.startsWith('0040_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, before));
  const insert = sqlite.query(
    `INSERT INTO received_documents (id, account_id, status, syntax, document_type, type_code, invoice_number,
       issue_date, currency, seller_name, seller_tax_id, total, amount_due, amount_paid, data, totals, warnings,
       duplicate_of, sha256, content_type, size_bytes, blob_key, created_at, updated_at)
     VALUES (?, 'acc_1', ?, 'UBL', 'invoice', '380', ?, '2026-11-02', 'EUR', 'Lieferant GmbH', 'DE123456789',
       '119.00', '119.00', '0', '{}', '{"tax_total":"19.00","net_total":"100.00"}', '[]', ?, ?, 'application/xml',
       1, 'k', ?, ?)`,
  );
  const at = (minute: number) => `2026-11-02T10:0${minute}:00.000Z`;
  // Three files of A; B's first file rejected; C's first file deleted before (its copies name it).
  insert.run('rcv_a1', 'received', 'A', null, 'a1', at(1), at(1));
  insert.run('rcv_a2', 'received', 'A', 'rcv_a1', 'a2', at(2), at(2));
  insert.run('rcv_a3', 'approved', 'A', 'rcv_a1', 'a3', at(3), at(3));
  insert.run('rcv_b1', 'rejected', 'B', null, 'b1', at(1), at(1));
  insert.run('rcv_b2', 'received', 'B', 'rcv_b1', 'b2', at(2), at(2));
  insert.run('rcv_c2', 'received', 'C', 'rcv_c1', 'c2', at(2), at(2));
  insert.run('rcv_c3', 'received', 'C', 'rcv_c1', 'c3', at(3), at(3));
  const sums = () =>
    sqlite.query(`SELECT documents, gross_units FROM received_month_sums WHERE month = '2026-11'`).get();
  const items = () =>
    (
      sqlite.query('SELECT document_id FROM payable_items ORDER BY document_id').all() as {
        document_id: string;
      }[]
    ).map((r) => r.document_id);
  // Before: every file not rejected counts.
  expect(sums()).toEqual({ documents: 6, gross_units: 714 });
  expect(items()).toHaveLength(6);
  migrate(sqlite);
  const names = () =>
    Object.fromEntries(
      (
        sqlite.query('SELECT id, duplicate_of FROM received_documents ORDER BY id').all() as {
          id: string;
          duplicate_of: string | null;
        }[]
      ).map((r) => [r.id, r.duplicate_of]),
    );
  expect(names()).toEqual({
    rcv_a1: null,
    rcv_a2: 'rcv_a1',
    rcv_a3: 'rcv_a1',
    rcv_b1: 'rcv_b2',
    rcv_b2: null,
    rcv_c2: null,
    rcv_c3: 'rcv_c2',
  });
  expect(sums()).toEqual({ documents: 3, gross_units: 357 });
  expect(items()).toEqual(['rcv_a1', 'rcv_b2', 'rcv_c2']);
  // Kept so by the triggers: A's first file rejected by hand and its next named as the one that counts.
  sqlite.run(
    `UPDATE received_documents SET status = 'rejected', duplicate_of = 'rcv_a2' WHERE id = 'rcv_a1'`,
  );
  sqlite.run(`UPDATE received_documents SET duplicate_of = NULL WHERE id = 'rcv_a2'`);
  expect(sums()).toEqual({ documents: 3, gross_units: 357 });
  expect(items()).toEqual(['rcv_a2', 'rcv_b2', 'rcv_c2']);
});
