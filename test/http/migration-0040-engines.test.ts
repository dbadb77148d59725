// Migration 0040 (SQLite) and pg 0021 (PostgreSQL) on rows as a data dir kept them before: each group of
// files of one received invoice gets the file that counts (not rejected, one with payments before one
// without, then the first received) and the kept payables rows and expense sums are made again from them.
// Run here on both engines: the statements that fix the data, against rows written as they were.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { openDatabase } from '../../src/db/client';
import { embeddedMigrations, embeddedPostgresMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { createAccount } from '../../src/modules/accounts';
import { setPlan } from '../../src/modules/plans';
import { receivedDocuments } from '../../src/modules/receiving/schema';
import { FakeClock } from '../../src/shared/clock';
import { tempDir } from '../harness';
import { hasPostgres, startPostgres } from '../postgres';

const dir = tempDir('inv-migration-0040-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The statements of the migration that change data: the groups made right, the kept rows made again. */
const dataStatements = (migrations: { tag: string; sql: string }[]): string[] => {
  const migration = migrations.find((m) => m.tag.endsWith('_received_copies'));
  const statements = (migration?.sql.split('--> statement-breakpoint') ?? []).map((s) =>
    s
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim(),
  );
  const data = statements.filter((s) => /^(WITH|DELETE|INSERT)/.test(s));
  expect(data).toHaveLength(5);
  return data;
};

const engines: Record<
  string,
  () => Promise<{ db: Db; run(statement: string): Promise<void>; close(): Promise<void> }>
> = {
  sqlite: async () => {
    const handle = openDatabase(join(dir, 'db.sqlite'));
    migrate(handle.sqlite);
    return {
      db: handle.db,
      run: async (s) => void handle.sqlite.exec(s),
      close: async () => handle.close(),
    };
  },
  postgresql: async () => {
    const url = await (await startPostgres()).createDatabase();
    const handle = await openPostgres(url);
    return {
      db: handle.db,
      run: async (s) => void (await handle.client.unsafe(s)),
      close: async () => await handle.close(),
    };
  },
};

const row = (
  accountId: string,
  id: string,
  status: string,
  number: string,
  duplicateOf: string | null,
  minute: number,
  paid = '0',
) => ({
  id,
  accountId,
  status: status as 'received',
  syntax: 'UBL' as const,
  profile: null,
  customizationId: null,
  documentType: 'invoice' as const,
  typeCode: '380',
  invoiceNumber: number,
  issueDate: '2026-11-02',
  dueDate: null,
  currency: 'EUR',
  sellerName: 'Lieferant GmbH',
  sellerTaxId: 'DE123456789',
  sellerElectronicAddress: null,
  total: '119.00',
  amountDue: '119.00',
  amountPaid: paid,
  format: null,
  valid: null,
  compliance: null,
  data: {},
  totals: { tax_total: '19.00', net_total: '100.00' },
  warnings: [],
  duplicateOf,
  sha256: id,
  contentType: 'application/xml',
  sizeBytes: 1,
  blobKey: 'k',
  note: null,
  source: 'upload' as const,
  sourceFileName: null,
  sourceEmail: null,
  createdBy: null,
  createdAt: `2026-11-02T10:0${minute}:00.000Z`,
  updatedAt: `2026-11-02T10:0${minute}:00.000Z`,
});

for (const [name, open] of Object.entries(engines)) {
  describe.skipIf(name === 'postgresql' && !hasPostgres)(`migration 0040 on ${name}`, () => {
    test('every group gets its file that counts, and the kept rows count it once', async () => {
      const engine = await open();
      try {
        const migrations = name === 'sqlite' ? embeddedMigrations : embeddedPostgresMigrations;
        const ctx = { db: engine.db, clock: new FakeClock() };
        const plan = { id: 'plan_m', name: 'plan_m', monthlyRenderQuota: 10, requestsPerSecond: 10 };
        await setPlan({ ctx, input: { ...plan, overageCentsPerRender: '0' } });
        const created = await createAccount({ ctx, input: { name: 'Lieferungen GmbH', planId: plan.id } });
        const account = created?.account.account.id ?? '';
        // As kept before: A's files name the first; B's first rejected; C's first deleted; D's second paid.
        // The same rule as receiving/copies.ts regroupCopies (a test of the service: received-copies).
        await engine.db
          .insert(receivedDocuments)
          .values([
            row(account, 'rcv_a1', 'received', 'A', null, 1),
            row(account, 'rcv_a2', 'received', 'A', 'rcv_a1', 2),
            row(account, 'rcv_b1', 'rejected', 'B', null, 1),
            row(account, 'rcv_b2', 'received', 'B', 'rcv_b1', 2),
            row(account, 'rcv_c2', 'received', 'C', 'rcv_c1', 2),
            row(account, 'rcv_c3', 'received', 'C', 'rcv_c1', 3),
            row(account, 'rcv_d1', 'received', 'D', null, 1, '0.00'),
            row(account, 'rcv_d2', 'approved', 'D', 'rcv_d1', 2, '119.00'),
            // Marked paid without a payment (a network's answer on a credit note, say): no payment to keep.
            row(account, 'rcv_e1', 'received', 'E', null, 1, '-0.00'),
            row(account, 'rcv_e2', 'paid', 'E', 'rcv_e1', 2, '0'),
          ] as never)
          .run();
        for (const statement of dataStatements(migrations)) await engine.run(statement);
        const names = Object.fromEntries(
          (
            await engine.db
              .select({ id: receivedDocuments.id, duplicateOf: receivedDocuments.duplicateOf })
              .from(receivedDocuments)
              .all()
          ).map((r) => [r.id, r.duplicateOf]),
        );
        expect(names).toEqual({
          rcv_a1: null,
          rcv_a2: 'rcv_a1',
          rcv_b1: 'rcv_b2',
          rcv_b2: null,
          rcv_c2: null,
          rcv_c3: 'rcv_c2',
          rcv_d1: 'rcv_d2',
          rcv_d2: null,
          rcv_e1: null,
          rcv_e2: 'rcv_e1',
        });
        const sums = await engine.db.all<[number | string, number | string]>(
          sql`SELECT documents, gross_units FROM received_month_sums WHERE month = '2026-11'`,
        );
        expect(sums.map(([documents, gross]) => [Number(documents), Number(gross)])).toEqual([[5, 595]]);
        const items = await engine.db.all<[string]>(
          sql`SELECT document_id FROM payable_items ORDER BY document_id`,
        );
        expect(items.map(([id]) => id)).toEqual(['rcv_a1', 'rcv_b2', 'rcv_c2', 'rcv_d2', 'rcv_e1']);
      } finally {
        await engine.close();
      }
    });
  });
}
