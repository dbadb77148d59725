// 0015 adds payments; an invoice marked paid before gets one payment of what was due, dated the day it was
// marked, so its figures agree with its status. Unpaid and zero-amount documents get none.
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

test('0015 records the payment of each invoice marked paid before it', () => {
  const sqlite = new Database(':memory:');
  const before = embeddedMigrations.findIndex((m) => m.tag.startsWith('0015_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, before));
  const insert = sqlite.query(
    `INSERT INTO documents (id, account_id, document_type, number, status, issue_date, currency,
       business_profile_id, customer_id, data, totals, created_at, updated_at, paid_at)
     VALUES (?, 'acc_1', 'invoice', ?, ?, '2026-01-02', 'EUR', 'biz_1', 'cus_1', '{}', ?, 'x', 'x', ?)`,
  );
  insert.run('doc_01paid', 'A', 'paid', '{"total":"119.00"}', '2026-02-03T10:00:00.000Z');
  insert.run(
    'doc_02prepaid',
    'B',
    'archived',
    '{"total":"119.00","amount_due":"19.00"}',
    '2026-02-04T10:00:00.000Z',
  );
  insert.run('doc_03sent', 'C', 'sent', '{"total":"50.00"}', null);
  insert.run('doc_04zero', 'D', 'paid', '{"total":"0.00"}', '2026-02-05T10:00:00.000Z');
  migrate(sqlite);
  expect(
    sqlite
      .query('SELECT id, document_id, amount, currency, date, customer_id FROM payments ORDER BY id')
      .all(),
  ).toEqual([
    {
      id: 'pay_01paid',
      document_id: 'doc_01paid',
      amount: '119.00',
      currency: 'EUR',
      date: '2026-02-03',
      customer_id: 'cus_1',
    },
    {
      id: 'pay_02prepaid',
      document_id: 'doc_02prepaid',
      amount: '19.00',
      currency: 'EUR',
      date: '2026-02-04',
      customer_id: 'cus_1',
    },
  ]);
  expect(sqlite.query('SELECT id, amount_paid AS paid FROM documents ORDER BY id').all()).toEqual([
    { id: 'doc_01paid', paid: '119.00' },
    { id: 'doc_02prepaid', paid: '19.00' },
    { id: 'doc_03sent', paid: '0' },
    { id: 'doc_04zero', paid: '0' },
  ]);
});
