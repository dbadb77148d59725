// A draft invoice's page in the German console says what VAT law asks every invoice to state and the draft
// lacks (finalize-check's notices), above its actions and with where to fix each; Finalize asks first
// ("Trotzdem abschließen?"), stays a draft when told no and finalizes when told yes. A complete invoice
// gets neither the list nor the question.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  return res.body.data;
};
const page = () => browser.page;
const shown = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
  page().evaluate(() => document.body.innerText);
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/${name}.png` as `${string}.png`, fullPage: true });
};
const status = async (id: string) => (await api('GET', `/api/v1/documents/${id}`)).status as string;

/** Answers the next dialog as told and hands back its message. */
function nextDialog(accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page().once('dialog', async (dialog: Dialog) => {
      const message = dialog.message();
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(message);
    });
  });
}

async function open(route: string, text: string) {
  await page().goto('about:blank');
  await page().goto(`${server.url}/#/${route}`);
  await waitForText(page(), text);
}

async function invoice(profile: string, customer: string, number: string) {
  return (
    await api('POST', '/api/v1/documents', {
      number,
      issue_date: '2026-12-07',
      currency: 'EUR',
      business_profile_id: ids[profile],
      customer_id: ids[customer],
      line_items: [
        { name: 'Beratung', quantity: '2', unit_price: '450.00', taxes: [{ rate: '19', category: 'S' }] },
      ],
    })
  ).id as string;
}

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server, { name: 'Kanzleibedarf Lenz' });
  const leipzig = { line1: 'Markt 1', postal_code: '04109', city: 'Leipzig', country: 'DE' };
  ids.complete = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Kanzleibedarf Lenz GmbH',
      tax_number: '231/123/45678',
      default_locale: 'de-DE',
      address: leipzig,
    })
  ).id;
  ids.bare = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Lenz Neugründung UG',
      default_locale: 'de-DE',
      address: leipzig,
    })
  ).id;
  ids.known = (
    await api('POST', '/api/v1/customers', {
      name: 'Steuerkanzlei Albrecht',
      billing_address: { line1: 'Augustusplatz 9', postal_code: '04109', city: 'Leipzig', country: 'DE' },
    })
  ).id;
  ids.nameOnly = (await api('POST', '/api/v1/customers', { name: 'Praxis Dr. Kern' })).id;
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Kanzleibedarf Lenz');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('the notices of a draft invoice', () => {
  test('listed above the actions in German; Finalize asks, no keeps the draft, yes finalizes', async () => {
    const id = await invoice('bare', 'nameOnly', 'RE-2026-0300');
    await open(`documents/${id}`, 'Vor dem Abschließen: Der Rechnung fehlen Pflichtangaben.');
    await shot('draft-finalize-notices-de');
    const text = await shown();
    expect(text).toContain('Ihre Steuernummer oder USt-IdNr. fehlt (§ 14 Abs. 4 Nr. 2 UStG).');
    expect(text).toContain(
      'Die vollständige Anschrift Ihres Kunden (Straße, PLZ, Ort) fehlt (§ 14 Abs. 4 Nr. 1 UStG).',
    );
    // Each says where it is fixed: the business profile, the customer.
    const links = await page().$$eval('.finalize-notices a', (found) =>
      found.map((link) => `${link.textContent} ${(link as HTMLAnchorElement).hash}`),
    );
    expect(links).toEqual([
      `Geschäftsprofil öffnen #/business-profiles/${ids.bare}`,
      `Kunden öffnen #/customers/${ids.nameOnly}`,
    ]);

    let asked = nextDialog(false);
    await click(page(), 'Abschließen');
    const question = await asked;
    expect(question).toContain('Der Rechnung fehlen Pflichtangaben:');
    expect(question).toContain('• Ihre Steuernummer oder USt-IdNr. fehlt (§ 14 Abs. 4 Nr. 2 UStG).');
    expect(question).toContain('Trotzdem abschließen?');
    expect(await status(id)).toBe('draft');

    asked = nextDialog(true);
    await click(page(), 'Abschließen');
    await asked;
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Abgeschlossen', {
      timeout: 20_000,
    });
    expect(await status(id)).toBe('finalized');
    // Finalized, there is nothing left to say before finalizing.
    expect(await shown()).not.toContain('Pflichtangaben');
  }, 90_000);

  test('a complete invoice: no list, and Finalize asks nothing', async () => {
    const id = await invoice('complete', 'known', 'RE-2026-0301');
    await open(`documents/${id}`, 'RE-2026-0301');
    let dialogs = 0;
    const count = (dialog: Dialog) => {
      dialogs += 1;
      void dialog.accept();
    };
    page().on('dialog', count);
    await click(page(), 'Abschließen');
    await page().waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'Abgeschlossen', {
      timeout: 20_000,
    });
    page().off('dialog', count);
    expect(dialogs).toBe(0);
    expect(await shown()).not.toContain('Pflichtangaben');
    expect(browser.problems).toEqual([]);
  }, 60_000);
});
