// The German console's "Abschläge abziehen" on a draft Schlussrechnung: the customer's issued
// Abschlagsrechnungen not deducted elsewhere, ticked and saved, become the invoice's deductions; the typed
// "Bereits gezahlt" gives way while any is ticked, and the totals take their sum.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];

const api = async (method: string, path: string, body?: unknown) =>
  (await server.json(path, { method, key: account.apiKey, body })).body.data;
const page = () => browser.page;
/** The text a person sees, its no-break spaces (before the euro sign) as spaces. */
const shown = async () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
  (await page().evaluate(() => document.body.innerText)).replace(/[\u00a0\u202f]/g, ' ');
/** SCREENSHOT_DIR=/tmp keeps a picture of the screen. */
const shot = async (name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page().screenshot({ path: `${dir}/${name}.png` as `${string}.png`, fullPage: true });
};

async function invoice(number: string, more: Record<string, unknown>, finalize: boolean) {
  const created = await api('POST', '/api/v1/documents', {
    number,
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: ids.profile,
    customer_id: ids.customer,
    ...more,
  });
  if (finalize) await api('POST', `/api/v1/documents/${created.id}/finalize`);
  return created.id as string;
}

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server, { name: 'Müller Bau' });
  ids.profile = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Müller Bau GmbH',
      tax_number: '215/123/45678',
      default_locale: 'de-DE',
      address: { line1: 'Aachener Straße 100', postal_code: '50674', city: 'Köln', country: 'DE' },
    })
  ).id;
  ids.customer = (
    await api('POST', '/api/v1/customers', {
      name: 'Familie Schmitz',
      billing_address: { line1: 'Lindenweg 5', postal_code: '50935', city: 'Köln', country: 'DE' },
    })
  ).id;
  const abschlag = [{ name: 'Abschlag Rohbau', quantity: '1', unit_price: '1000.03', taxes: VAT }];
  ids.first = await invoice(
    'AR-2026-001',
    { type_code: '875', issue_date: '2026-03-15', line_items: abschlag },
    true,
  );
  ids.second = await invoice(
    'AR-2026-002',
    { type_code: '875', issue_date: '2026-04-15', line_items: abschlag },
    true,
  );
  await invoice('AR-2026-003', { type_code: '875', issue_date: '2026-05-15', line_items: abschlag }, false);
  ids.final = await invoice(
    'SR-2026-001',
    {
      type_code: '877',
      issue_date: '2026-06-30',
      line_items: [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '5000.00', taxes: VAT }],
    },
    false,
  );
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Müller Bau');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('Abschläge abziehen', () => {
  test('the issued Abschläge are offered, ticked ones saved as the invoice’s deductions', async () => {
    await page().goto(`${server.url}/#/documents/${ids.final}/edit`);
    await waitForText(page(), 'AR-2026-002 vom 15.04.2026');
    const text = await shown();
    expect(text).toContain('AR-2026-001 vom 15.03.2026: 1.190,04 €');
    expect(text).toContain('AR-2026-002 vom 15.04.2026: 1.190,04 €');
    // A draft Abschlag is not issued: not offered.
    expect(text).not.toContain('AR-2026-003 vom');
    // The typed "Bereits gezahlt" field (its hint says what it is for).
    const typed = 'Wird vom Zahlbetrag abgezogen, z. B. die Zahlungen auf Abschlagsrechnungen';
    expect(text).toContain(typed);
    await click(page(), 'AR-2026-001 vom 15.03.2026: 1.190,04 €', 'checkbox');
    await click(page(), 'AR-2026-002 vom 15.04.2026: 1.190,04 €', 'checkbox');
    await page().waitForFunction(
      () => document.querySelector('.totals')?.textContent?.replace(/\s/g, ' ').includes('-2.380,08 €'),
      { timeout: 20_000 },
    );
    expect(await shown()).not.toContain(typed);
    expect(await shown()).toContain('Zahlbetrag\n3.569,92 €');
    await shot('final-invoice-deductions-de');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => !location.hash.endsWith('/edit'), { timeout: 20_000 });
    const saved = await api('GET', `/api/v1/documents/${ids.final}`);
    expect(saved.data.deductions.map((d: { document_id: string }) => d.document_id)).toEqual([
      ids.first,
      ids.second,
    ]);
    expect(saved.data.prepaid_amount).toBe('2380.08');
  }, 90_000);
});
