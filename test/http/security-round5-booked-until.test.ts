// Security review, round 5: the accounting settings' `booked_until` ("Bereits gebucht bis", the books kept
// elsewhere up to a day). DATEV exports leave every booking dated on or before it out, and the office
// overview counts none of them as waiting for an export. A day in the future is no book anyone has kept:
// taken as it was, a client's owner or admin could set it years ahead, and from then on every DATEV file of
// the client (the office's exports too) left its new documents out and the office overview showed nothing
// waiting, for good. A day after today is refused (422 at body.booked_until); today and the past are taken.
// Who may set it, and that it is the account's own, is checked beside it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let client: TestAccount;
let neighbour: TestAccount;
let memberKey: string;
const clock = new FakeClock(new Date('2026-06-20T09:00:00.000Z'));
const NUMBERS = { consultant_number: 29098, client_number: 55003 };

const put = (key: string, body: Record<string, unknown>) =>
  server.json('/api/v1/settings/accounting', { method: 'PUT', key, body });

const waiting = async (account: TestAccount) =>
  (await server.json('/api/v1/office/overview', { key: account.apiKey })).body.data.clients[0].datev
    .not_exported.issued.count;

async function juneNumbers(account: TestAccount) {
  const res = await server.request('/api/v1/exports/datev?from=2026-06-01&to=2026-06-30&kind=issued', {
    key: account.apiKey,
  });
  expect(res.status).toBe(200);
  return { res, text: new TextDecoder('windows-1252').decode(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  client = await makeAccount(server);
  neighbour = await makeAccount(server);
  for (const account of [client, neighbour]) {
    expect((await put(account.apiKey, NUMBERS)).status).toBe(200);
    const parties = await makeParties(server, account);
    await makeDocument(
      server,
      account,
      parties,
      { number: `RE-2026-06-${account.id.slice(-6)}`, issue_date: '2026-06-10', due_date: '2026-07-10' },
      ['finalize'],
    );
  }
  const workspace = await server.json('/api/v1/workspaces', {
    method: 'POST',
    key: client.apiKey,
    body: { name: 'Team' },
  });
  const members = await server.json(`/api/v1/workspaces/${workspace.body.data.id}/members`, {
    method: 'POST',
    key: client.apiKey,
    body: { email: 'member@example.test', role: 'member' },
  });
  const memberId = members.body.data.find((m: { email: string }) => m.email === 'member@example.test').id;
  const key = await server.json('/api/v1/api-keys', {
    method: 'POST',
    key: client.apiKey,
    body: { workspace_member_id: memberId },
  });
  memberKey = key.body.data.api_key;
});
afterAll(() => server.stop());

describe('booked_until cannot hide what is still to come', () => {
  test('a day after today is refused, and the new invoice still waits for DATEV', async () => {
    expect(await waiting(client)).toBe(1);
    for (const day of ['2099-12-31', '2026-07-31']) {
      const ahead = await put(client.apiKey, { ...NUMBERS, booked_until: day });
      expect(ahead.status, JSON.stringify(ahead.body)).toBe(422);
      expect(ahead.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual([
        'body.booked_until',
      ]);
    }
    const read = await server.json('/api/v1/settings/accounting', { key: client.apiKey });
    expect(read.body.data).not.toHaveProperty('booked_until');
    expect(await waiting(client)).toBe(1);
    const june = await juneNumbers(client);
    expect(june.res.headers.get('x-datev-left-out')).toBeNull();
    expect(june.text).toContain('RE-2026-06-');
  });

  test('today and a day before are taken, and leave out what they say', async () => {
    const today = await put(client.apiKey, { ...NUMBERS, booked_until: '2026-06-20' });
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.data.booked_until).toBe('2026-06-20');
    const before = await put(client.apiKey, { ...NUMBERS, booked_until: '2026-06-10' });
    expect(before.status).toBe(200);
    const june = await juneNumbers(client);
    expect(june.res.headers.get('x-datev-left-out')).toBe('1');
    expect(june.text).not.toContain('RE-2026-06-');
  });

  test("a member may not set it, and another account's settings are not touched by it", async () => {
    const member = await put(memberKey, { ...NUMBERS, booked_until: '2026-06-01' });
    expect(member.status).toBe(403);
    const read = await server.json('/api/v1/settings/accounting', { key: client.apiKey });
    expect(read.body.data.booked_until).toBe('2026-06-10');
    // The neighbour never set one: its invoice waits, and its June file books it and says nothing of books
    // kept elsewhere.
    expect(await waiting(neighbour)).toBe(1);
    const neighbours = await juneNumbers(neighbour);
    expect(neighbours.res.headers.get('x-datev-booked-until')).toBeNull();
    expect(neighbours.text).toContain('RE-2026-06-');
  });
});
