// How a document takes its number from a sequence (src/modules/numbering-sequences/use-cases/allocate-number.ts:
// one UPDATE ... RETURNING that reads and moves the counter under the row's lock, inside the create's
// transaction): creates at once get consecutive numbers and lose none, a yearly counter starts again in a
// new year while back-dated documents continue it, and a store that fails after the number was taken gives
// it back (the counter moves with the document or not at all).
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts), where creates are READ
// COMMITTED transactions that wait on the sequence's row.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { inTransaction } from '../../src/db/transaction';
import { allocateNumber } from '../../src/modules/numbering-sequences';
import { systemClock } from '../../src/shared/clock';
import type { AccountCtx } from '../../src/shared/context';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { business_profile_id: string; customer_id: string };

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  const profile = await post('/api/v1/business-profiles', { legal_name: 'Numbering GmbH' });
  const customer = await post('/api/v1/customers', { name: 'Numbered Buyer Ltd' });
  parties = { business_profile_id: profile.body.data.id, customer_id: customer.body.data.id };
});
afterAll(() => server.stop());

function post(path: string, body: unknown) {
  return server.json(path, { method: 'POST', key: account.apiKey, body });
}
const sequence = async (body: Record<string, unknown>) =>
  (await post('/api/v1/numbering-sequences', { name: 'Sequence', ...body })).body.data as { id: string };
const create = (sequenceId: string, issueDate: string) =>
  post('/api/v1/documents', {
    ...parties,
    numbering_sequence_id: sequenceId,
    issue_date: issueDate,
    currency: 'EUR',
    line_items: [{ name: 'Work', quantity: '1', unit_price: '100.00' }],
  });
const nextNumber = async (id: string) =>
  (await server.json(`/api/v1/numbering-sequences/${id}`, { key: account.apiKey })).body.data.next_number;

describe('numbers from a sequence', () => {
  test('25 creates at once get 25 consecutive numbers, none lost', async () => {
    const seq = await sequence({ prefix: 'R-', pattern: '{NNN}' });
    const made = await Promise.all(Array.from({ length: 25 }, () => create(seq.id, '2026-03-02')));
    expect(made.map((r) => r.status).every((status) => status === 200)).toBe(true);
    expect(made.map((r) => r.body.data.number).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `R-${String(i + 1).padStart(3, '0')}`),
    );
    expect(await nextNumber(seq.id)).toBe(26);
  });

  test("a yearly counter starts again in a later year; a back-dated document continues its own year's numbers", async () => {
    const seq = await sequence({ prefix: 'RE-', pattern: '{YYYY}-{NNN}', reset: 'yearly' });
    const numberOf = async (date: string) => (await create(seq.id, date)).body.data.number;
    expect(await numberOf('2026-05-04')).toBe('RE-2026-001');
    expect(await numberOf('2026-06-01')).toBe('RE-2026-002');
    expect(await numberOf('2026-11-20')).toBe('RE-2026-003');
    expect(await numberOf('2027-01-05')).toBe('RE-2027-001');
    // Back-dated: after last year's highest number; the new year's counter stays where it is, no gap in it.
    expect(await numberOf('2026-12-30')).toBe('RE-2026-004');
    expect(await numberOf('2027-02-01')).toBe('RE-2027-002');
    expect(await numberOf('2026-12-31')).toBe('RE-2026-005');
    expect(await numberOf('2027-02-02')).toBe('RE-2027-003');
    expect(await nextNumber(seq.id)).toBe(4);
  });

  test("a draft moved into another year takes that year's next number; within its year, or numbered by hand, it keeps its own", async () => {
    const seq = await sequence({ prefix: 'AB-', pattern: '{YYYY}-{NNN}', reset: 'yearly' });
    const patch = async (id: string, body: Record<string, unknown>) =>
      (await server.json(`/api/v1/documents/${id}`, { method: 'PATCH', key: account.apiKey, body })).body
        .data;
    expect((await create(seq.id, '2026-12-22')).body.data.number).toBe('AB-2026-001');
    const late = (await create(seq.id, '2026-12-23')).body.data;
    expect(late.number).toBe('AB-2026-002');
    expect((await create(seq.id, '2027-01-04')).body.data.number).toBe('AB-2027-001');
    // Within its year: its number stays.
    expect((await patch(late.id, { issue_date: '2026-12-30' })).number).toBe('AB-2026-002');
    // Into the next year: that year's next number, the counter moved on with it.
    expect((await patch(late.id, { issue_date: '2027-03-01' })).number).toBe('AB-2027-002');
    expect(await nextNumber(seq.id)).toBe(3);
    // Back into the year before: after that year's highest number.
    expect((await patch(late.id, { issue_date: '2026-12-31' })).number).toBe('AB-2026-002');
    // The same number sent along (as the console's form does) is no choice of one: renumbered as well.
    expect((await patch(late.id, { issue_date: '2027-03-02', number: 'AB-2026-002' })).number).toBe(
      'AB-2027-003',
    );
    expect((await patch(late.id, { issue_date: '2026-12-31' })).number).toBe('AB-2026-002');
    // Another number given in the same PATCH is taken as given.
    expect((await patch(late.id, { issue_date: '2027-02-01', number: 'AB-MANUELL-1' })).number).toBe(
      'AB-MANUELL-1',
    );
    expect((await patch(late.id, { issue_date: '2026-11-01' })).number).toBe('AB-MANUELL-1');
  });

  test('a store that fails after the number was taken gives the number back', async () => {
    const seq = await sequence({ prefix: 'F-', pattern: '{NN}' });
    expect((await create(seq.id, '2026-03-02')).body.data.number).toBe('F-01');
    const ctx: AccountCtx = {
      db: server.db,
      clock: systemClock,
      accountId: account.id,
      actor: { kind: 'cli' },
    };
    const taken: string[] = [];
    const failed = await inTransaction(
      ctx,
      async (tx) => {
        taken.push(
          await allocateNumber({ ctx: tx, input: { sequenceId: seq.id, issueDate: '2026-03-02', loc: 'x' } }),
        );
        throw new Error('the document could not be stored');
      },
      { isolation: 'read committed' },
    ).catch((error: Error) => error.message);
    expect(failed).toBe('the document could not be stored');
    expect(taken).toEqual(['F-02']);
    expect(await nextNumber(seq.id)).toBe(2);
    expect((await create(seq.id, '2026-03-02')).body.data.number).toBe('F-02');
  });

  test("another account's sequence gives no number", async () => {
    const other = await makeAccount(server);
    const seq = await sequence({ prefix: 'O-' });
    const ctx: AccountCtx = {
      db: server.db,
      clock: systemClock,
      accountId: other.id,
      actor: { kind: 'cli' },
    };
    const refused = await allocateNumber({
      ctx,
      input: { sequenceId: seq.id, issueDate: '2026-03-02', loc: 'body.x' },
    }).catch((error: { details?: unknown }) => error.details);
    expect(refused).toEqual({
      fields: [{ loc: 'body.x', msg: 'numbering sequence not found', type: 'invalid_value' }],
    });
    expect(await nextNumber(seq.id)).toBe(1);
  });
});
