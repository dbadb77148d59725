// The console's other screens in a real browser: a template designed and versioned, API keys made and
// rotated with the secret shown once, customers imported from a CSV file, and a batch render watched to
// its ZIP.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { readZip } from '../zip';
import { byName, choose, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Werkstatt Nord' });
  const parties = await makeParties(server, account);
  for (let i = 0; i < 3; i++) await makeDocument(server, account, parties, {}, ['finalize']);
  browser = await openBrowser(server.url);
  // Rotate, revoke and void ask for a confirmation: accepted, as a person sure of the step would.
  browser.page.on('dialog', (dialog) => dialog.accept());
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Werkstatt Nord');
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const page = () => browser.page;
const key = () => ({ key: account.apiKey });

describe('console: templates, keys, imports, batches', () => {
  test('a custom template is designed with a live preview, saved, versioned and restored', async () => {
    await click(page(), 'Templates', 'link');
    await byName(page(), 'Preview Modern', 'button');
    await typeInto(page(), 'Name', 'Nordlicht');
    await choose(page(), 'Based on', 'Classic');
    await click(page(), 'New template');
    await page().waitForFunction(() => location.hash.startsWith('#/templates/ctpl_'));
    const id = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
    await page().waitForSelector('iframe[title="Template preview"]', { timeout: 15_000 });
    const firstPreview = await page().$eval('iframe[title="Template preview"]', (frame) =>
      frame.getAttribute('src'),
    );

    await typeInto(page(), 'Primary colour', '#7a1f3d');
    await typeInto(page(), 'Footer text', 'Danke für Ihren Auftrag');
    // The preview is drawn again from the settings as they stand.
    await page().waitForFunction(
      (before: string) =>
        document.querySelector('iframe[title="Template preview"]')?.getAttribute('src') !== before,
      { timeout: 15_000 },
      firstPreview ?? '',
    );
    await click(page(), 'Save');
    await waitForText(page(), 'Saved.');
    let stored = await server.json(`/api/v1/templates/custom/${id}`, key());
    expect(stored.body.data.config).toEqual({
      primary_color: '#7a1f3d',
      footer_text: 'Danke für Ihren Auftrag',
    });
    expect(stored.body.data.base_template_id).toBe('tpl_classic');

    await click(page(), 'Save as version');
    await waitForText(page(), 'Version saved.');
    await typeInto(page(), 'Primary colour', '#000000');
    await click(page(), 'Save');
    await waitForText(page(), 'Saved.');
    await click(page(), 'Restore version 1');
    await waitForText(page(), 'Version 1 restored.');
    stored = await server.json(`/api/v1/templates/custom/${id}`, key());
    expect(stored.body.data.config.primary_color).toBe('#7a1f3d');
  }, 90_000);

  test('an API key is created and rotated: the secret is shown once and works; revoked it stops', async () => {
    await click(page(), 'Settings', 'link');
    // The screen settles first (its sections load and move the form) before anything is typed into it.
    await page().waitForFunction(() => document.querySelector('h1')?.textContent === 'Settings');
    await page().waitForFunction(() => !document.querySelector('.loading'));
    await typeInto(page(), 'Key name', 'Accounting export');
    await click(page(), 'Create API key');
    await waitForText(page(), 'shown only now');
    const secret = await page().$eval('code.secret', (element) => element.textContent ?? '');
    expect(secret).toMatch(/^sk_/);
    expect((await server.json('/api/v1/auth/me', { key: secret })).status).toBe(200);
    const listed = await server.json('/api/v1/api-keys', key());
    expect(listed.body.data.map((k: { name: string }) => k.name)).toContain('Accounting export');

    await click(page(), 'Rotate Accounting export');
    await page().waitForFunction(
      (old: string) => {
        const shown = document.querySelector('code.secret')?.textContent;
        return shown && shown !== old;
      },
      { timeout: 10_000 },
      secret,
    );
    const rotated = await page().$eval('code.secret', (element) => element.textContent ?? '');
    expect((await server.json('/api/v1/auth/me', { key: secret })).status).toBe(401);
    expect((await server.json('/api/v1/auth/me', { key: rotated })).status).toBe(200);
    // The new secret shows before the list has loaded again: until then the only "Revoke Accounting export"
    // is the rotated-away key's row. Wait for the rotated key's own row.
    await page().waitForFunction(
      (last4: string) =>
        [...document.querySelectorAll('tbody tr')].some(
          (row) => row.textContent?.includes(`…${last4}`) && row.querySelector('button.danger'),
        ),
      { timeout: 10_000 },
      rotated.slice(-4),
    );
    await click(page(), 'Revoke Accounting export');
    // "Revoked" is on the page already (the rotated-away key): wait for the request, not the word.
    let status = 200;
    for (let i = 0; i < 100 && status !== 401; i++) {
      status = (await server.json('/api/v1/auth/me', { key: rotated })).status;
      if (status !== 401) await Bun.sleep(50);
    }
    expect(status).toBe(401);
  }, 60_000);

  test('customers are imported from a CSV file: rows checked, errors listed, confirmed', async () => {
    await click(page(), 'Batches and imports', 'link');
    const file = join(tempDir(), 'customers.csv');
    writeFileSync(
      file,
      'name,email,billing_address.line1,billing_address.country\nAlpha GmbH,a@alpha.example,Weg 1,DE\nBeta AG,not-an-email,Weg 2,DE\nGamma KG,g@gamma.example,Weg 3,AT\n',
    );
    const input = await page().waitForSelector('input[type="file"][accept*=".csv"]');
    await input?.uploadFile(file);
    await waitForText(page(), '3 rows, 0 imported, 1 rejected');
    // Beta AG is the second record: row 3 of the spreadsheet, under the header row.
    await waitForText(page(), 'Row 3: Column “email”');
    await click(page(), 'Confirm import');
    await waitForText(page(), '3 rows, 2 imported, 1 rejected');
    const customers = await server.json('/api/v1/customers?q=a', key());
    const names = customers.body.data.map((c: { name: string }) => c.name);
    expect(names).toContain('Alpha GmbH');
    expect(names).toContain('Gamma KG');
    expect(names).not.toContain('Beta AG');
  }, 60_000);

  test('a batch renders the finalized documents, its progress shown live, and downloads as a ZIP', async () => {
    await choose(page(), 'Status', 'Finalized');
    await click(page(), 'Start batch');
    await click(page(), 'Watch its progress', 'link');
    await waitForText(page(), '3 of 3', 30_000);
    await click(page(), 'Download ZIP');
    let zip: Buffer | null = null;
    for (let i = 0; i < 100 && !zip; i++) {
      const name = readdirSync(browser.downloads).find((file) => file.endsWith('.zip'));
      if (name) zip = readFileSync(join(browser.downloads, name));
      else await Bun.sleep(100);
    }
    expect(zip).not.toBeNull();
    const entries = readZip(new Uint8Array(zip ?? Buffer.alloc(0)));
    expect(entries.filter((entry) => entry.name.endsWith('.pdf'))).toHaveLength(3);
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('an issued invoice is marked sent and paid, another voided after a confirmation, one duplicated into a new draft', async () => {
    const issued = (await server.json('/api/v1/documents?status=finalized', key())).body.data as {
      id: string;
      number: string;
    }[];
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const [first, second] = issued;
    await page().goto(`${server.url}/#/documents/${first?.id}`);
    // Paid follows sent (SPEC 3): a finalized invoice offers Mark sent, not Mark paid.
    await byName(page(), 'Mark sent', 'button');
    expect(await page().evaluate(() => document.body.innerText.includes('Mark paid'))).toBe(false);
    await click(page(), 'Mark sent');
    await waitForText(page(), 'Marked as sent.');
    await click(page(), 'Mark paid');
    await waitForText(page(), 'Marked as paid.');
    expect((await server.json(`/api/v1/documents/${first?.id}`, key())).body.data.status).toBe('paid');
    await click(page(), 'Mark unpaid');
    await waitForText(page(), 'Marked as unpaid.');

    await page().goto(`${server.url}/#/documents/${second?.id}`);
    await click(page(), 'Void');
    await waitForText(page(), 'Voided.');
    expect((await server.json(`/api/v1/documents/${second?.id}`, key())).body.data.status).toBe('void');
    // The screen shows the new status (its buttons change) before anything else is clicked on it.
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Voided');

    await click(page(), 'Duplicate');
    await page().waitForFunction(() => /^#\/documents\/doc_\w+\/edit$/.test(location.hash));
    const copyId = (await page().evaluate(() => location.hash)).split('/')[2];
    const copy = (await server.json(`/api/v1/documents/${copyId}`, key())).body.data;
    expect(copy.status).toBe('draft');
    expect(copy.id).not.toBe(second?.id);
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
