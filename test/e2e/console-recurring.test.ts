// Recurring invoices and payments in the German console, as a reviewer met them: the first invoice's number
// asked for (and the API's problem with it said in German at that field), a schedule that keeps its customer
// and seller, its next date and the invoices it made, an ended one shown read-only, a blocked one said in
// German, a pause that asks before unsaved edits go, the list at phone width; a payment amount the API
// refuses said in German, and an overpaid invoice said as overpaid. `SCREENSHOT_DIR=dir` keeps pictures.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import {
  byName,
  choose,
  click,
  openBrowser,
  signInGerman,
  typeInto,
  type Watched,
  waitForText,
} from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const state: Record<string, any> = {};
const page = () => browser.page;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** A full-page picture at the window's width now and, when `narrow`, at 390 px too. */
async function shot(name: string, narrow = false) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page().screenshot({ path: `${dir}/${name}-1280.png` as `${string}.png`, fullPage: true });
  if (!narrow) return;
  await page().setViewport({ width: 390, height: 844 });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await page().screenshot({ path: `${dir}/${name}-390.png` as `${string}.png`, fullPage: true });
  await page().setViewport({ width: 1280, height: 900 });
}

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

/** A fresh load of a screen (what a test left unsaved let go). */
async function open(route: string, text: string) {
  const letGo = (dialog: Dialog) => dialog.type() === 'beforeunload' && dialog.accept();
  page().on('dialog', letGo);
  await page().goto('about:blank');
  page().off('dialog', letGo);
  await page().goto(`${server.url}/#/${route}`);
  await waitForText(page(), text);
}

const bodyText = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  page().evaluate(() => document.body.innerText.replace(/[\u00a0\u202f]/g, ' '));
const control = async (label: string, role: string) => {
  const element = await byName(page(), label, role);
  return element.evaluate((node) => {
    const input = node;
    return { value: input.value, disabled: input.disabled, invalid: input.getAttribute('aria-invalid') };
  });
};
const today = () => new Date().toISOString().slice(0, 10);
const germanDate = (iso: string) => iso.split('-').reverse().join('.');
const template = (extra: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  line_items: [germanLine({ name: 'Wartungsvertrag', unit_price: '100.00' })],
  ...extra,
});

beforeAll(async () => {
  // Jobs only when the test runs them: a schedule is generated (or blocked) when a test says so.
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht GmbH' });
  state.profile = await api('POST', '/api/v1/business-profiles', GERMAN_SELLER);
  state.cafe = await api('POST', '/api/v1/customers', { name: 'Café Morgenrot', email: 'cafe@example.com' });
  state.bakery = await api('POST', '/api/v1/customers', { name: 'Bäckerei Sonnenschein OHG' });
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(page(), server.url, account.apiKey, 'Ingenieurbüro Nordlicht GmbH');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe('recurring invoices in German', () => {
  test('without a numbering sequence the first invoice’s number is asked for, its problem said in German at it', async () => {
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await choose(page(), 'Kunde', 'Café Morgenrot');
    expect((await control('Nummernkreis', 'combobox')).value).toBe('');
    await choose(page(), 'Häufigkeit', 'Vierteljährlich');
    await typeInto(page(), 'Intervall', '2');
    await typeInto(page(), 'Beschreibung', 'Wartungsvertrag');
    await typeInto(page(), 'Einzelpreis', '100,00');
    await click(page(), 'Speichern');
    await waitForText(page(), 'Geben Sie die Nummer der ersten Rechnung ein, z. B. RE-2026-001');
    expect((await control('Nummer der ersten Rechnung', 'textbox')).invalid).toBe('true');
    expect(await bodyText()).not.toContain('Field required');
    await shot('recurring-new-number-problem-de', true);

    await typeInto(page(), 'Nummer der ersten Rechnung', 'RE-2030-001');
    await click(page(), 'Speichern');
    await page().waitForFunction(() => location.hash === '#/recurring');
    await waitForText(page(), 'Alle 2 Quartale');
    const [schedule] = (await server.json('/api/v1/recurring-invoices', { key: account.apiKey })).body.data;
    expect(schedule).toMatchObject({ frequency: 'quarterly', interval: 2, numbering_sequence_id: null });
    expect(schedule.invoice_template.invoice_number).toBe('RE-2030-001');
  }, 90_000);

  test('the list says the rhythm in plain German and fits a phone: the table scrolls, not the page', async () => {
    await api('POST', '/api/v1/recurring-invoices', {
      business_profile_id: state.profile.id,
      customer_id: state.bakery.id,
      frequency: 'weekly',
      interval: 3,
      start_date: '2031-01-06',
      invoice_template: template({ invoice_number: 'WO-0001' }),
    });
    await open('recurring', 'Alle 3 Wochen');
    await page().setViewport({ width: 390, height: 844 });
    try {
      const overflow = await page().evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page().setViewport({ width: 1280, height: 900 });
    }
    await shot('recurring-list-de', true);
  }, 60_000);

  test('a schedule keeps its customer and seller, shows its next date and invoices, and asks before a pause drops edits', async () => {
    const created = await api('POST', '/api/v1/recurring-invoices', {
      business_profile_id: state.profile.id,
      customer_id: state.bakery.id,
      frequency: 'monthly',
      start_date: today(),
      invoice_template: template({ invoice_number: 'WV-0001' }),
    });
    await server.jobs.runDue();
    const schedule = await api('GET', `/api/v1/recurring-invoices/${created.id}`);
    expect(schedule.occurrences_created).toBe(1);
    await open(`recurring/${created.id}`, 'Bisher erstellte Rechnungen');
    await waitForText(page(), `Nächste Rechnung am ${germanDate(schedule.next_occurrence_date)}`);
    await byName(page(), 'WV-0001', 'link');
    expect(await control('Kunde', 'combobox')).toMatchObject({ disabled: true, value: state.bakery.id });
    expect((await control('Geschäftsprofil', 'combobox')).disabled).toBe(true);
    await waitForText(page(), 'Für einen anderen Kunden legen Sie eine neue an.');
    expect((await control('Nummer der ersten Rechnung', 'textbox')).value).toBe('WV-0001');
    await shot('recurring-existing-de', true);

    await typeInto(page(), 'Zahlungsziel (Tage)', '30');
    const refused = nextDialog(false);
    await click(page(), 'Pausieren');
    expect(await refused).toContain('Ihre ungespeicherten Änderungen gehen verloren.');
    expect((await api('GET', `/api/v1/recurring-invoices/${created.id}`)).status).toBe('active');
    const accepted = nextDialog(true);
    await click(page(), 'Pausieren');
    await accepted;
    await waitForText(page(), 'Pausiert: Bis zum Fortsetzen wird keine Rechnung erstellt.');
    expect((await api('GET', `/api/v1/recurring-invoices/${created.id}`)).status).toBe('paused');

    await click(page(), 'WV-0001', 'link');
    await page().waitForFunction(() => /^#\/documents\/doc_/.test(location.hash));
  }, 90_000);

  test('an ended schedule is shown read-only, without Save', async () => {
    const created = await api('POST', '/api/v1/recurring-invoices', {
      business_profile_id: state.profile.id,
      customer_id: state.cafe.id,
      frequency: 'yearly',
      interval: 2,
      start_date: '2031-03-01',
      invoice_template: template({ invoice_number: 'JV-0001' }),
    });
    await api('DELETE', `/api/v1/recurring-invoices/${created.id}`);
    await open(`recurring/${created.id}`, 'Keine weiteren Rechnungen.');
    const enabled = await page().evaluate(() =>
      [...document.querySelectorAll('form.editor input, form.editor select, form.editor textarea')]
        .filter((node) => !node.matches(':disabled') && !node.readOnly)
        .map((node) => node.id),
    );
    expect(enabled).toEqual([]);
    const buttons = await page().evaluate(() =>
      [...document.querySelectorAll('form.editor button')]
        .filter((node) => !node.matches(':disabled'))
        .map((node) => node.textContent),
    );
    expect(buttons).toEqual([]);
    await shot('recurring-ended-de');
  }, 60_000);

  test('a blocked schedule says in German that its invoice could not be made, then why', async () => {
    const sequence = await api('POST', '/api/v1/numbering-sequences', {
      name: 'Wartung',
      prefix: 'WA-',
      pattern: '{NNNN}',
    });
    const created = await api('POST', '/api/v1/recurring-invoices', {
      business_profile_id: state.profile.id,
      customer_id: state.cafe.id,
      frequency: 'monthly',
      start_date: today(),
      numbering_sequence_id: sequence.id,
      invoice_template: template(),
    });
    await api('DELETE', `/api/v1/numbering-sequences/${sequence.id}`);
    await server.jobs.runDue();
    expect((await api('GET', `/api/v1/recurring-invoices/${created.id}`)).last_error).toContain(
      'numbering sequence not found',
    );
    await open(`recurring/${created.id}`, 'Die letzte Rechnung konnte nicht erstellt werden: ');
    expect(await bodyText()).toContain('numbering sequence not found');
    // The option naming the gone sequence comes with the sequences' list: waited for, not raced.
    await waitForText(page(), 'Ein Nummernkreis, den es nicht mehr gibt');
    expect((await control('Nummernkreis', 'combobox')).value).toBe(sequence.id);
    await shot('recurring-blocked-de');
  }, 60_000);

  test('with numbering sequences a new schedule takes the first one, not one made later', async () => {
    const sequence = await api('POST', '/api/v1/numbering-sequences', {
      name: 'Rechnungen',
      prefix: 'RE-',
      pattern: '{YYYY}-{NNNN}',
    });
    // Made later, for credit notes: never the default for invoices (the list is newest first).
    await api('POST', '/api/v1/numbering-sequences', {
      name: 'Gutschriften',
      prefix: 'GS-',
      pattern: '{YYYY}-{NNNN}',
    });
    await open('recurring/new', 'Neue wiederkehrende Rechnung');
    await page().waitForFunction(
      (id: string) => [...document.querySelectorAll('select')].some((select) => select.value === id),
      { timeout: 10_000 },
      sequence.id,
    );
    expect((await control('Nummernkreis', 'combobox')).value).toBe(sequence.id);
    const labels = await page().$$eval('label', (all) => all.map((label) => label.textContent));
    expect(labels).not.toContain('Nummer der ersten Rechnung *');
  }, 60_000);
});

describe('payments in German', () => {
  test('an amount the API refuses is said in German at the field; an overpaid invoice says overpaid', async () => {
    const lines = [germanLine({ name: 'Tragwerksplanung', quantity: '10', unit_price: '95.00' })];
    const draft = await api(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(state.profile.id, state.bakery.id, 'RE-2026-0501', lines),
    );
    const invoice = await api('POST', `/api/v1/documents/${draft.id}/finalize`);
    await open(`documents/${invoice.id}`, 'Zahlung erfassen');
    await typeInto(page(), 'Betrag', 'zehn');
    await click(page(), 'Zahlung erfassen');
    await waitForText(page(), 'Geben Sie einen Betrag wie 119,00 ein.');
    expect((await control('Betrag', 'textbox')).invalid).toBe('true');
    expect(await bodyText()).not.toContain('decimal string');

    // 10 × 95,00 € + 19 % = 1.130,50 €; 1.180,68 € paid is 50,18 € too much.
    await api('POST', `/api/v1/documents/${invoice.id}/payments`, { date: '2026-12-01', amount: '1180.68' });
    await open(`documents/${invoice.id}`, 'Zahlung erfassen');
    await waitForText(page(), 'Überzahlt');
    const overpaid = await page().evaluate(() =>
      [...document.querySelectorAll('dt')]
        .find((dt) => dt.textContent === 'Überzahlt')
        ?.nextElementSibling?.textContent?.replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(overpaid).toBe('50,18 €');
    expect(await bodyText()).not.toContain('−50,18');
    await shot('payments-overpaid-de', true);
  }, 60_000);
});
