// A render's signed link made from a console session is bound to the person who made it, as one made with
// an API key is bound to that key (docs/renders.md, "Signed links"): it reads the one render until it
// expires while that person may still read the account. Before, a session's link was bound to nothing but
// the account: a bookkeeper removed from the firm kept downloading its invoices by the links they had made
// (for up to 7 days). Signing out does not end the links (the person still may read the render, and
// `expires_at` is what the link promised); removal from the account does.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

let server: TestServer;
let firm: TestAccount;
let documentId = '';
beforeAll(async () => {
  server = await startServer({ startJobs: false });
  firm = await makeAccount(server);
  const invoice = await makeDocument(server, firm, await makeParties(server, firm), {}, ['finalize']);
  documentId = invoice.id;
});
afterAll(() => server?.stop());

/** Follows a download_url as a browser or a customer would: no key, no cookie. */
const follow = async (url: string) =>
  (await server.request(new URL(url, server.url).pathname + new URL(url, server.url).search)).status;

test("a session's link works until the person is removed from the account; signing out does not end it", async () => {
  const person = await makeUser(server, firm.id, { role: 'admin' });
  const cookie = await signIn(server, person.email);
  const made = await server.json(`/api/v1/documents/${documentId}/renders`, {
    method: 'POST',
    headers: fromConsole(server, cookie),
    body: {},
  });
  expect(made.status).toBe(200);
  const link: string = made.body.data.download_url;
  const reread = await server.json(`/api/v1/renders/${made.body.data.id}`, {
    headers: fromConsole(server, cookie),
  });
  const relink: string = reread.body.data.download_url;
  const stateless = await server.json('/api/v1/documents/render', {
    method: 'POST',
    headers: fromConsole(server, cookie),
    body: {
      data: {
        issue_date: '2026-11-02',
        currency: 'EUR',
        seller: { name: 'Murphy Hardware Ltd' },
        buyer: { name: 'Kelly Builders' },
        line_items: [{ name: 'Widget', quantity: '1', unit_price: '10.00' }],
      },
    },
  });
  expect(stateless.status).toBe(200);
  const statelessLink: string = stateless.body.data.download_url;
  const byKey = await server.json(`/api/v1/renders/${made.body.data.id}`, { key: firm.apiKey });
  const keyLink: string = byKey.body.data.download_url;
  for (const url of [link, relink, statelessLink, keyLink]) expect(await follow(url)).toBe(200);

  const out = await server.json('/api/v1/sessions/current', {
    method: 'DELETE',
    headers: fromConsole(server, cookie),
  });
  expect(out.status).toBe(200);
  for (const url of [link, relink, statelessLink]) expect(await follow(url)).toBe(200);

  const removed = await server.json(
    `/api/v1/workspaces/${person.member.workspaceId}/members/${person.member.id}`,
    { method: 'DELETE', key: firm.apiKey },
  );
  expect(removed.status).toBe(200);
  for (const url of [link, relink, statelessLink]) expect(await follow(url)).toBe(404);
  // The account's own key's link is no one's person: it keeps working.
  expect(await follow(keyLink)).toBe(200);
});
