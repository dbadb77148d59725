// Signed download links are a credential of their own, so they end with what granted them: the account
// being enabled and the API key whose request made the link not revoked. Links in e-mails never take
// their host from the request's Host header.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody, makeParties } from '../document-factories';
import { disableAccount, makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ rulesetsDir: null, smtpUrl: smtp.url({ from: 'billing@acme.example' }) });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

/** A finalized document of `account` rendered with `key`: its id and the render's signed link. */
async function renderedWith(account: TestAccount, key: string) {
  const parties = await makeParties(server, account);
  const doc = (await server.json('/api/v1/documents', { method: 'POST', key, body: documentBody(parties) }))
    .body.data;
  await server.json(`/api/v1/documents/${doc.id}/finalize`, { method: 'POST', key });
  const render = (await server.json(`/api/v1/documents/${doc.id}/renders`, { method: 'POST', key, body: {} }))
    .body.data;
  return { docId: doc.id as string, link: render.download_url as string };
}

const status = async (link: string) => (await fetch(link)).status;

describe('signed download links', () => {
  test('stop working while the account is disabled, and work again when it is enabled', async () => {
    const account = await makeAccount(server);
    const { link } = await renderedWith(account, account.apiKey);
    expect(await status(link)).toBe(200);
    await disableAccount(server, account.id);
    expect(await status(link)).toBe(404);
    const { setAccountEnabled } = await import('../../src/modules/accounts/use-cases/set-account-enabled');
    await setAccountEnabled({
      ctx: { db: server.db, clock: server.deps.clock },
      input: { accountId: account.id, enabled: true },
    });
    expect(await status(link)).toBe(200);
  });

  test("stop working when the key that made them is revoked; another key's links go on", async () => {
    const account = await makeAccount(server);
    const second = (await server.json('/api/v1/api-keys', { method: 'POST', key: account.apiKey, body: {} }))
      .body.data;
    const byFirst = await renderedWith(account, account.apiKey);
    const bySecond = await renderedWith(account, second.api_key);
    await server.json(`/api/v1/api-keys/${second.id}`, { method: 'DELETE', key: account.apiKey });
    expect(await status(bySecond.link)).toBe(404);
    expect(await status(byFirst.link)).toBe(200);
  });

  test("an e-mailed link uses the service's own origin, not the request's Host header", async () => {
    const account = await makeAccount(server);
    const { docId } = await renderedWith(account, account.apiKey);
    const res = await fetch(`${server.url}/api/v1/documents/${docId}/send`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.apiKey}`,
        'content-type': 'application/json',
        host: 'evil.example',
      },
      body: JSON.stringify({ to: ['ap@globex.example'] }),
    });
    expect(res.status).toBe(200);
    await server.jobs.runDue();
    for (let i = 0; i < 100 && smtp.messages.length === 0; i++) await Bun.sleep(20);
    const text = smtp.messages.at(-1)?.parsed.text ?? '';
    expect(text).toContain(`${server.url}/api/v1/renders/`);
    expect(text).not.toContain('evil.example');
  });
});
