// Migration 0041 (SQLite) and pg 0022 (PostgreSQL): one live network delivery of a document unless sent
// again on purpose, held by a partial unique index. A data dir kept before may hold a document delivered
// twice by two requests at once (the defect the index closes): its later live deliveries count as sent
// again (`resend`), so the index can be made, and nothing is lost. Run here on both engines: the statements
// that fix the data and make the index, against rows written as they were.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/db/client';
import { openDatabase } from '../../src/db/client';
import { embeddedMigrations, embeddedPostgresMigrations } from '../../src/db/embedded-migrations';
import { isUniqueViolation } from '../../src/db/errors';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { createAccount } from '../../src/modules/accounts';
import { networkDeliveries, networkDeliveryEvents } from '../../src/modules/channels/schema';
import { setPlan } from '../../src/modules/plans';
import { FakeClock } from '../../src/shared/clock';
import { tempDir } from '../harness';
import { hasPostgres, startPostgres } from '../postgres';

const dir = tempDir('inv-migration-0041-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migration's statements that mark the duplicates, make the index and cut the long receipts. */
const guardStatements = (migrations: { tag: string; sql: string }[]): string[] => {
  const migration = migrations.find((m) => m.tag.endsWith('_network_delivery_guards'));
  const statements = (migration?.sql.split('--> statement-breakpoint') ?? []).map((s) =>
    s
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim(),
  );
  const guards = statements.filter((s) => /^(UPDATE|CREATE UNIQUE INDEX)/.test(s));
  expect(guards).toHaveLength(3);
  return guards;
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

const delivery = (accountId: string, id: string, documentId: string, state: string) => ({
  id,
  accountId,
  documentId,
  channel: 'storecove',
  network: 'peppol',
  profile: 'xrechnung_ubl',
  receiverScheme: '0204',
  receiverValue: '991-12345-67',
  state: state as 'queued',
  providerRef: null,
  idempotencyKey: id,
  reason: null,
  lastError: null,
  resend: false,
  createdBy: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
});

for (const [name, open] of Object.entries(engines)) {
  describe.skipIf(name === 'postgresql' && !hasPostgres)(`migration 0041 on ${name}`, () => {
    test('a document delivered twice at once keeps both, the later counted as sent again; then the index holds; long receipts are cut', async () => {
      const engine = await open();
      try {
        const migrations = name === 'sqlite' ? embeddedMigrations : embeddedPostgresMigrations;
        const ctx = { db: engine.db, clock: new FakeClock() };
        const plan = { id: 'plan_m', name: 'plan_m', monthlyRenderQuota: 10, requestsPerSecond: 10 };
        await setPlan({ ctx, input: { ...plan, overageCentsPerRender: '0' } });
        const created = await createAccount({ ctx, input: { name: 'Nordlicht GmbH', planId: plan.id } });
        const account = created?.account.account.id ?? '';
        // As a data dir kept them before: no index, every delivery counted as the document's own.
        await engine.run('DROP INDEX network_deliveries_live_uq');
        const receipt = (id: string, deliveryId: string, body: string) => ({
          id,
          accountId: account,
          deliveryId,
          state: 'submitted' as const,
          at: '2026-11-30T10:00:00.000Z',
          reason: null,
          receiptContentType: 'application/json',
          receipt: body,
          receiptTruncated: false,
          digest: id,
          createdAt: '2026-11-30T10:00:00.000Z',
        });
        await engine.db
          .insert(networkDeliveries)
          .values([
            // Four requests at once: four live deliveries of one document.
            delivery(account, 'ndl_a1', 'doc_a', 'submitted'),
            delivery(account, 'ndl_a2', 'doc_a', 'delivered'),
            delivery(account, 'ndl_a3', 'doc_a', 'queued'),
            delivery(account, 'ndl_a4', 'doc_a', 'failed'),
            // A failed one, then the one that went: nothing to change.
            delivery(account, 'ndl_b1', 'doc_b', 'failed'),
            delivery(account, 'ndl_b2', 'doc_b', 'accepted'),
            delivery(account, 'ndl_c1', 'doc_c', 'rejected'),
          ])
          .run();
        // A provider's answer kept whole, and one within the bound.
        await engine.db
          .insert(networkDeliveryEvents)
          .values([
            receipt('nde_long', 'ndl_a1', `{"guid":"g1","pad":"${'x'.repeat(300_000)}"}`),
            receipt('nde_short', 'ndl_b2', '{"guid":"g2"}'),
          ])
          .run();
        for (const statement of guardStatements(migrations)) await engine.run(statement);
        const receipts = await engine.db
          .select({
            id: networkDeliveryEvents.id,
            receipt: networkDeliveryEvents.receipt,
            truncated: networkDeliveryEvents.receiptTruncated,
          })
          .from(networkDeliveryEvents)
          .all();
        expect(
          Object.fromEntries(
            receipts.map((r) => [r.id, [r.receipt?.length, r.truncated, r.receipt?.slice(0, 9)]]),
          ),
        ).toEqual({ nde_long: [65_536, true, '{"guid":"'], nde_short: [13, false, '{"guid":"'] });
        const rows = await engine.db
          .select({ id: networkDeliveries.id, resend: networkDeliveries.resend })
          .from(networkDeliveries)
          .all();
        expect(Object.fromEntries(rows.map((r) => [r.id, r.resend]))).toEqual({
          ndl_a1: false,
          ndl_a2: true,
          ndl_a3: true,
          ndl_a4: false,
          ndl_b1: false,
          ndl_b2: false,
          ndl_c1: false,
        });
        // From here on a second live delivery of doc_b is refused; a resend, or one of doc_c, is not.
        const twice = await engine.db
          .insert(networkDeliveries)
          .values(delivery(account, 'ndl_b3', 'doc_b', 'queued'))
          .run()
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isUniqueViolation(twice, 'network_deliveries.document_id')).toBe(true);
        await engine.db
          .insert(networkDeliveries)
          .values([
            { ...delivery(account, 'ndl_b4', 'doc_b', 'queued'), resend: true },
            delivery(account, 'ndl_c2', 'doc_c', 'queued'),
          ])
          .run();
      } finally {
        await engine.close();
      }
    });
  });
}
