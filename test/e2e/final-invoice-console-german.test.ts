// The German console on a final invoice: its deducted Abschläge are "Abzüglich Abschlagsrechnungen" (not
// "Bereits gezahlt": they are invoiced, not paid), listed on the document page as its PDF lists them; a
// refusal of a deducted invoice reads German; one day overdue is "1 Tag".
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
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const german = (date: string) => date.split('-').reverse().join('.');

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
  const work = [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '5000.00', taxes: VAT }];
  ids.first = await invoice('AR-1', { type_code: '875', issue_date: dayOf(-40), line_items: abschlag }, true);
  ids.second = await invoice(
    'AR-2',
    { type_code: '875', issue_date: dayOf(-30), line_items: abschlag },
    true,
  );
  // Issued, due yesterday: one day overdue.
  ids.final = await invoice(
    'SR-1',
    {
      type_code: '877',
      issue_date: dayOf(-10),
      due_date: dayOf(-1),
      line_items: work,
      deducted_invoices: [ids.first],
    },
    true,
  );
  ids.draft = await invoice(
    'SR-2',
    { type_code: '877', issue_date: dayOf(-5), line_items: work, deducted_invoices: [ids.second] },
    false,
  );
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Müller Bau');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('a final invoice in the German console', () => {
  test('the document page: Abzüglich Abschlagsrechnungen, each listed, 1 Tag überfällig', async () => {
    await page().goto(`${server.url}/#/documents/${ids.final}`);
    await waitForText(page(), 'Abzüglich Abschlagsrechnungen');
    const text = await shown();
    expect(text).not.toContain('Bereits gezahlt');
    expect(text).toContain(`AR-1 vom ${german(dayOf(-40))}`);
    expect(text).toContain('darin 190,01 € USt auf netto 1.000,03 €');
    // The page's overdue line, and the reminders card saying it again.
    const overdue = await page().evaluate(() => document.querySelector('p.overdue')?.textContent ?? '');
    expect(overdue).toBe('1 Tag überfällig');
    expect(text).toContain('1 Tag überfällig.');
    expect(text).not.toContain('1 Tage');
  }, 60_000);

  test('the list: 1 Tag überfällig', async () => {
    await page().goto(`${server.url}/#/documents`);
    await waitForText(page(), 'SR-1');
    const overdue = await page().evaluate(() =>
      [...document.querySelectorAll('.overdue')].map((node) => node.textContent),
    );
    expect(overdue).toEqual(['1 Tag überfällig']);
  }, 60_000);

  test('the editor: the ticked sum is Abzüglich Abschlagsrechnungen; a voided one is refused in German', async () => {
    await page().goto(`${server.url}/#/documents/${ids.draft}/edit`);
    await page().waitForFunction(
      () => document.querySelector('.totals')?.textContent?.includes('Abzüglich Abschlagsrechnungen'),
      { timeout: 20_000 },
    );
    expect(await shown()).not.toContain('Bereits gezahlt\n');
    // Voided meanwhile (only a draft deducts it): the save is refused at deducted_invoices.0.
    await api('POST', `/api/v1/documents/${ids.second}/void`);
    await click(page(), 'Speichern');
    await waitForText(page(), 'AR-2 wurde storniert: Bitte entfernen Sie den Haken.');
    // The section's own refusal reads German (the notice at the top lists the API's problems: ui/notice.tsx).
    const section = await page().evaluate(
      () =>
        [...document.querySelectorAll('fieldset')].find(
          (f) => f.querySelector('legend')?.textContent === 'Abschläge abziehen',
        )?.textContent ?? '',
    );
    expect(section).toContain('AR-2 wurde storniert');
    expect(section).not.toContain('is void');
  }, 60_000);
});
