// Cost centres (docs/cost-centres.md): an account's Kostenstellen, a plain resource of the resource kit.
// Documents allocated to one are test/http/module-links.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock();

beforeAll(async () => {
  server = await startServer({ clock, rulesetsDir: null });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/cost-centres';
const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();

describe('cost centres', () => {
  test('create answers every field (active by default), get the same, list newest first with ?q=', async () => {
    const made = await call('POST', BASE, { code: '1000', name: ' Vertrieb ' });
    expect(made.status).toBe(200);
    const centre = made.body.data;
    expect(centre.id).toMatch(/^cc_/);
    expect(centre).toMatchObject({ code: '1000', name: 'Vertrieb', active: true });
    expect(centre.updated_at).toBe(centre.created_at);
    expect((await call('GET', `${BASE}/${centre.id}`)).body.data).toEqual(centre);
    const other = (await call('POST', BASE, { code: 'VERW2', name: 'Verwaltung', active: false })).body.data;
    expect(other.active).toBe(false);
    const all = (await call('GET', BASE)).body.data.map((c: { id: string }) => c.id);
    expect(all.indexOf(other.id)).toBeLessThan(all.indexOf(centre.id));
    const byName = (await call('GET', `${BASE}?q=vertr`)).body.data.map((c: { id: string }) => c.id);
    expect(byName).toEqual([centre.id]);
    const byCode = (await call('GET', `${BASE}?q=verw2`)).body.data.map((c: { id: string }) => c.id);
    expect(byCode).toEqual([other.id]);
  });

  test('PATCH: omitted fields stay, updated_at moves only on a real change; null clears nothing', async () => {
    const centre = (await call('POST', BASE, { code: '2000', name: 'Produktion' })).body.data;
    clock.advance(1000);
    const changed = await call('PATCH', `${BASE}/${centre.id}`, { name: 'Fertigung', active: false });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ code: '2000', name: 'Fertigung', active: false });
    expect(changed.body.data.updated_at > centre.updated_at).toBe(true);
    clock.advance(1000);
    const same = await call('PATCH', `${BASE}/${centre.id}`, { code: '2000', active: false });
    expect(same.body.data.updated_at).toBe(changed.body.data.updated_at);
    const cleared = await call('PATCH', `${BASE}/${centre.id}`, { code: null, name: null, active: null });
    expect(cleared.status).toBe(422);
    expect(locs(cleared)).toEqual(['body.active', 'body.code', 'body.name']);
    expect((await call('GET', `${BASE}/${centre.id}`)).body.data).toEqual(changed.body.data);
  });

  test('a code is 1-36 letters and digits (DATEV KOST1); a name is not blank; nothing is stored', async () => {
    const before = (await call('GET', `${BASE}?limit=100`)).body.data.length;
    const cases: [unknown, string[]][] = [
      [{}, ['body.code', 'body.name']],
      [{ code: '', name: 'x' }, ['body.code']],
      [{ code: 'A'.repeat(37), name: 'x' }, ['body.code']],
      [{ code: '10-00', name: 'x' }, ['body.code']],
      [{ code: '1 000', name: 'x' }, ['body.code']],
      [{ code: '1000', name: '   ' }, ['body.name']],
      [{ code: '1000', name: 'x', colour: 'red' }, ['body.colour']],
    ];
    for (const [body, expected] of cases) {
      const res = await call('POST', BASE, body);
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual(expected);
    }
    expect((await call('POST', BASE, { code: 'A'.repeat(36), name: 'Longest' })).status).toBe(200);
    expect((await call('GET', `${BASE}?limit=100`)).body.data.length).toBe(before + 1);
  });

  test('a code is unique per account: 409 on create and on PATCH; another account may use it', async () => {
    const first = (await call('POST', BASE, { code: '3000', name: 'Einkauf' })).body.data;
    const twice = await call('POST', BASE, { code: '3000', name: 'Einkauf again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain('code 3000');
    const second = (await call('POST', BASE, { code: '3001', name: 'Lager' })).body.data;
    const taken = await call('PATCH', `${BASE}/${second.id}`, { code: '3000' });
    expect(taken.status).toBe(409);
    expect((await call('GET', `${BASE}/${second.id}`)).body.data.code).toBe('3001');
    const other = await makeAccount(server);
    expect((await call('POST', BASE, { code: '3000', name: 'Theirs' }, other.apiKey)).status).toBe(200);
    expect((await call('GET', `${BASE}/${first.id}`)).body.data.name).toBe('Einkauf');
  });

  test('another account sees nothing: get, patch and delete are 404s, its list is its own', async () => {
    const mine = (await call('POST', BASE, { code: '4000', name: 'Mine' })).body.data;
    const other = await makeAccount(server);
    expect((await call('GET', `${BASE}/${mine.id}`, undefined, other.apiKey)).status).toBe(404);
    expect((await call('PATCH', `${BASE}/${mine.id}`, { name: 'stolen' }, other.apiKey)).status).toBe(404);
    expect((await call('DELETE', `${BASE}/${mine.id}`, undefined, other.apiKey)).status).toBe(404);
    expect((await call('GET', BASE, undefined, other.apiKey)).body.data).toEqual([]);
    expect((await call('GET', `${BASE}/${mine.id}`)).body.data.name).toBe('Mine');
  });

  test('delete: gone for good, a second delete is a 404', async () => {
    const centre = (await call('POST', BASE, { code: '5000', name: 'Temporary' })).body.data;
    expect((await call('DELETE', `${BASE}/${centre.id}`)).body.data).toEqual({ deleted: true });
    expect((await call('GET', `${BASE}/${centre.id}`)).status).toBe(404);
    expect((await call('DELETE', `${BASE}/${centre.id}`)).status).toBe(404);
  });
});
