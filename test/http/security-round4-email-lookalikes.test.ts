// An address's domain is taken as IDNA writes it (up to case), never in a look-alike spelling that IDNA
// folds into another domain's letters: `ｋ.test` (fullwidth), `k\u200b.test` (a zero-width space) and
// `\u212a.test` (the Kelvin sign) are all `k.test`. Kept as typed, each was a second address for one
// mailbox: an admin invited `kk@ｋ.test`, set its password through the link it saw and signed in as a
// user beside `kk@k.test`, listed among the members with an email that reads like theirs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let workspaceId: string;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  const workspace = await server.json('/api/v1/workspaces', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Büro' },
  });
  workspaceId = workspace.body.data.id;
});
afterAll(() => server.stop());

const LOOK_ALIKES = ['kk@\uff4b.test', 'kk@k\u200b.test', 'kk@\u212a.test', 'owner@\uff41.test'];

describe('e-mail addresses with look-alike domains', () => {
  for (const email of LOOK_ALIKES) {
    test(`${JSON.stringify(email)} is refused for an invitation and a customer`, async () => {
      const invited = await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
        method: 'POST',
        key: account.apiKey,
        body: { email, role: 'member' },
      });
      expect(invited.status).toBe(422);
      expect(invited.body.error.details.fields[0].loc).toBe('body.email');

      const customer = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Kunde', email },
      });
      expect(customer.status).toBe(422);
      expect(customer.body.error.details.fields[0].loc).toBe('body.email');
    });
  }

  test('a domain in its own letters, in any case, is still taken as typed', async () => {
    for (const email of ['rechnung@müller-gmbh.de', 'Rechnung@Müller-GmbH.de', 'info@straße.de']) {
      const customer = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Müller GmbH', email },
      });
      expect([customer.status, customer.body.data?.email]).toEqual([200, email]);
    }
    const invited = await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
      method: 'POST',
      key: account.apiKey,
      body: { email: 'anna@müller-gmbh.de', role: 'member' },
    });
    expect(invited.status).toBe(201);
  });
});
