// The office manager of a small German firm (a Handwerksbetrieb) at the document page, in German and in
// English: the first "Senden" of an invoice never drawn goes out without a refused request first (the
// console asks for the kept PDF, draws it when there is none, then sends); a paid invoice's payments card
// says it is paid instead of offering a form with an empty amount and a greyed button (a further payment,
// an overpayment, only when asked for); a final invoice whose deducted Abschlag was voided meanwhile is
// refused at finalize (409 with details.fields) and the console names the problem in the console's words.
// SCREENSHOT_DIR keeps a picture of each step.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { byName, click, openBrowser, signInGerman, typeInto, type Watched, waitForText } from './browser';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids: Record<string, string> = {};
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const page = () => browser.page;
/** The text a person sees, its no-break spaces (before the euro sign) as spaces. */
const shown = async () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden text
  (await page().evaluate(() => document.body.innerText)).replace(/[\u00a0\u202f]/g, ' ');
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function shot(name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir)
    await page().screenshot({ path: `${dir}/office-manager-${name}.png` as `${string}.png`, fullPage: true });
}

async function open(route: string) {
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

/** The console's language, kept as a person keeps it, the page read again (a hash change alone would not). */
async function language(code: 'de' | 'en') {
  await page().evaluate((chosen) => localStorage.setItem('invoice-console.language', chosen), code);
  await page().reload();
}

let counter = 0;
async function invoice(more: Record<string, unknown> = {}, finalize = true) {
  counter += 1;
  const created = await api('POST', '/api/v1/documents', {
    number: `RE-2026-0${100 + counter}`,
    issue_date: dayOf(-3),
    due_date: dayOf(11),
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: ids.profile,
    customer_id: ids.customer,
    line_items: [
      { name: 'Heizkörper getauscht', quantity: '1', unit_price: '480.00', taxes: VAT },
      { name: 'Arbeitszeit', quantity: '3', unit: 'h', unit_price: '62.00', taxes: VAT },
    ],
    ...more,
  });
  if (finalize) await api('POST', `/api/v1/documents/${created.id}/finalize`);
  return created as { id: string; number: string };
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    rulesetsDir: null,
    smtpUrl: smtp.url({ from: 'buero@haustechnik-wagner.example' }),
  });
  account = await makeAccount(server, { name: 'Haustechnik Wagner' });
  ids.profile = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Haustechnik Wagner GmbH',
      tax_number: '143/234/56789',
      tax_id: 'DE123456789',
      default_locale: 'de-DE',
      email: 'buero@haustechnik-wagner.example',
      address: { line1: 'Rohrstraße 9', postal_code: '90402', city: 'Nürnberg', country: 'DE' },
      bank_account: {
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        account_holder: 'Haustechnik Wagner GmbH',
      },
    })
  ).id;
  ids.customer = (
    await api('POST', '/api/v1/customers', {
      name: 'Familie Schneider',
      email: 'schneider@example.de',
      billing_address: { line1: 'Ahornweg 2', postal_code: '90403', city: 'Nürnberg', country: 'DE' },
    })
  ).id;
  browser = await openBrowser(server.url, 'de-DE');
  // Void and a second send ask first: accepted, as a person sure of the step would.
  page().on('dialog', (dialog) => dialog.accept());
  await signInGerman(page(), server.url, account.apiKey, 'Haustechnik Wagner');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  await smtp?.stop();
});

describe('the office manager at the document page', () => {
  test('the first "Senden" of an invoice never drawn goes out without a refused request first', async () => {
    const sent = await invoice();
    await open(`documents/${sent.id}`);
    await waitForText(page(), 'schneider@example.de');
    browser.problems.length = 0;
    await click(page(), 'Senden');
    await waitForText(page(), 'Zum Versand eingereiht.');
    await shot('send-de');
    // Before, the send was refused (409: no render yet), the PDF drawn, and the send asked again: the
    // browser's console showed the refused request as an error.
    expect(browser.problems).toEqual([]);
    const deliveries = await api('GET', `/api/v1/documents/${sent.id}/deliveries`);
    expect(deliveries.length).toBe(1);
    // The PDF the e-mail carries is the one kept as issued.
    const files = await api('GET', `/api/v1/documents/${sent.id}/issued-files`);
    expect(files.filter((file: { kind: string }) => file.kind === 'pdf').length).toBe(1);
  }, 90_000);

  test('a paid invoice says it is paid; a further payment only when asked for', async () => {
    const paid = await invoice();
    const stored = await api('GET', `/api/v1/documents/${paid.id}`);
    await api('POST', `/api/v1/documents/${paid.id}/payments`, {
      amount: stored.amount_due,
      date: dayOf(0),
      method: 'bank_transfer',
    });
    await open(`documents/${paid.id}`);
    await waitForText(page(), 'Vollständig bezahlt: Es ist nichts mehr offen.');
    // No form with an empty amount and a greyed button.
    const form = () =>
      page().evaluate(() => {
        const found = document.querySelector('form[aria-label="Zahlung erfassen"]');
        return found ? found.getClientRects().length > 0 : false;
      });
    expect(await form()).toBe(false);
    await shot('paid-de');
    // Paid twice by the customer: recorded on request, and said as overpaid.
    await click(page(), 'Weitere Zahlung erfassen');
    expect(await form()).toBe(true);
    await typeInto(page(), 'Betrag', '50,00');
    await click(page(), 'Zahlung erfassen');
    await waitForText(page(), 'Zahlung erfasst.');
    await waitForText(page(), 'Überzahlt');
    await page().waitForFunction(() => !document.querySelector('form[aria-label="Zahlung erfassen"]'));
    expect(await shown()).toContain('Vollständig bezahlt: Es ist nichts mehr offen.');
    await shot('overpaid-de');
    await language('en');
    await open(`documents/${paid.id}`);
    await waitForText(page(), 'Paid in full: nothing is left to pay.');
    await byName(page(), 'Record a further payment', 'button');
    await shot('overpaid-en');
    await language('de');
    expect(browser.problems).toEqual([]);
  }, 90_000);

  test('a final invoice whose deducted Abschlag was voided meanwhile: the refusal in German and English', async () => {
    const abschlag = await invoice({
      type_code: '875',
      issue_date: dayOf(-30),
      due_date: dayOf(-16),
      line_items: [{ name: 'Abschlag Heizung', quantity: '1', unit_price: '1000.00', taxes: VAT }],
    });
    const final = await invoice(
      {
        type_code: '877',
        line_items: [
          { name: 'Heizungsanlage gemäß Auftrag', quantity: '1', unit_price: '6000.00', taxes: VAT },
        ],
        deducted_invoices: [abschlag.id],
      },
      false,
    );
    await api('POST', `/api/v1/documents/${abschlag.id}/void`);
    await open(`documents/${final.id}`);
    await click(page(), 'Abschließen');
    await waitForText(page(), `${abschlag.number} wurde storniert: Bitte entfernen Sie den Haken.`);
    const de = await shown();
    expect(de).not.toContain('The invoices this draft deducts changed');
    expect(de).toContain('Nicht abgeschlossen');
    await shot('final-refused-de');
    // The editor it links to says the same at the top as at the Abschläge (not the API's English).
    await click(page(), 'Entwurf bearbeiten und diese Felder korrigieren', 'link');
    await page().waitForFunction(() => location.hash.endsWith('/edit'));
    await click(page(), 'Speichern');
    await page().waitForSelector('.notice-error');
    const notice = await page().$eval('.notice-error', (node) => (node as HTMLElement).innerText);
    expect(notice).toContain(
      `Abschläge abziehen: ${abschlag.number} wurde storniert: Bitte entfernen Sie den Haken.`,
    );
    expect(notice).not.toContain('is void');
    expect(notice).not.toContain('Das Dokument');
    await open(`documents/${final.id}`);
    await language('en');
    await click(page(), 'Finalize');
    await waitForText(page(), `${abschlag.number} has been voided: untick it.`);
    await shot('final-refused-en');
    // Each amount of the totals on one line: "-€1,190.00" broke after its minus beside a long label.
    const broken = await page().evaluate(() =>
      [...document.querySelectorAll('.totals .total-row dd')]
        .map((dd) => {
          const range = document.createRange();
          range.selectNodeContents(dd);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return { amount: dd.textContent, lines: lines.size };
        })
        .filter((amount) => amount.lines > 1),
    );
    expect(broken).toEqual([]);
    await language('de');
    // The refused finalize's 409 and the refused save's 422 are the point of this step.
    expect(browser.problems.filter((problem) => !/ (409|422) /.test(problem))).toEqual([]);
  }, 90_000);

  test('a deducted Abschlag corrected by a credit note meanwhile: what to do instead, in German', async () => {
    const line = [{ name: 'Abschlag Bad', quantity: '1', unit_price: '2000.00', taxes: VAT }];
    const abschlag = await invoice({ type_code: '875', issue_date: dayOf(-20), line_items: line });
    const final = await invoice(
      {
        type_code: '877',
        line_items: [
          { name: 'Badsanierung gemäß Auftrag', quantity: '1', unit_price: '9000.00', taxes: VAT },
        ],
        deducted_invoices: [abschlag.id],
      },
      false,
    );
    await invoice({
      document_type: 'credit_note',
      source_document_id: abschlag.id,
      reason: 'Abschlag zu hoch berechnet',
      line_items: [{ name: 'Abschlag Bad, Korrektur', quantity: '1', unit_price: '500.00', taxes: VAT }],
    });
    await open(`documents/${final.id}`);
    browser.problems.length = 0;
    await click(page(), 'Abschließen');
    await waitForText(
      page(),
      `${abschlag.number} wurde durch eine Rechnungskorrektur berichtigt: Entfernen Sie den Haken und tragen Sie den Restbetrag unter „Bereits gezahlt“ ein.`,
    );
    expect(await shown()).not.toContain('kann nicht abgezogen werden');
    // The refused finalize's 409 is the point of this step.
    expect(browser.problems.filter((problem) => !/ 409 /.test(problem))).toEqual([]);
  }, 90_000);
});
