// A tiler who just finished a job opens the invoice on his phone (390 x 844, touch): its next step (Senden,
// Zahlung erfassen; a draft's Bearbeiten and Abschließen) is on the first screen, not three or four screens
// down under the parties, lines and totals; one tap brings its form. On a desktop these shortcuts are not
// there (the forms sit beside the document), so the keyboard's way through the page is as before. A quote
// says its date as "Gültig bis", as its PDF does, not "Fälligkeitsdatum".
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { byName, openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
const ids = { draft: '', open: '', paid: '', quote: '', overdue: '' };
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const api = async (method: string, path: string, body?: unknown) =>
  (await server.json(path, { method, key: account.apiKey, body })).body.data;
const page = () => browser.page;
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const shown = () =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees
  page().evaluate(() => document.body.innerText);

async function open(route: string) {
  await page().goto(`${server.url}/#/${route}`);
  await page().waitForSelector('main h1', { timeout: 20_000 });
  await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
}

async function shot(name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page().screenshot({
    path: `${process.env.SCREENSHOT_DIR}/document-page-${name}.png`,
    fullPage: true,
  });
}

/** The visible buttons whose accessible name starts with one of `names` and that lie on the first screen. */
const onFirstScreen = (names: string[]) =>
  page().evaluate((wanted: string[]) => {
    window.scrollTo(0, 0);
    return [...document.querySelectorAll('main button')]
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })
      .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim())
      .filter((name) => wanted.some((start) => name === start || name.startsWith(`${start} (`)));
  }, names);

const invoice = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  issue_date: '2026-12-07',
  due_date: '2026-12-21',
  currency: 'EUR',
  line_items: [
    { name: 'Bad gefliest, 12 m²', quantity: '12', unit_price: '68.00', taxes: [{ rate: '19' }] },
    { name: 'Fugenmaterial und Silikon', quantity: '1', unit_price: '84.50', taxes: [{ rate: '19' }] },
    { name: 'Anfahrt pauschal', quantity: '1', unit_price: '35.00', taxes: [{ rate: '19' }] },
  ],
  ...extra,
});

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Fliesen Berger' });
  const profile = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Fliesenlegermeister Thomas Berger',
    default_locale: 'de-DE',
    tax_id: 'DE123456789',
    address: { line1: 'Kachelweg 7', postal_code: '93047', city: 'Regensburg', country: 'DE' },
  });
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Familie Huber',
    email: 'huber@example.de',
    billing_address: { line1: 'Birkenweg 4', postal_code: '93051', city: 'Regensburg', country: 'DE' },
  });
  const parties = { business_profile_id: profile.id, customer_id: customer.id };
  ids.draft = (await api('POST', '/api/v1/documents', { ...invoice('RE-2026-0003'), ...parties })).id;
  ids.open = (await api('POST', '/api/v1/documents', { ...invoice('RE-2026-0001'), ...parties })).id;
  await api('POST', `/api/v1/documents/${ids.open}/finalize`);
  ids.paid = (await api('POST', '/api/v1/documents', { ...invoice('RE-2026-0002'), ...parties })).id;
  await api('POST', `/api/v1/documents/${ids.paid}/finalize`);
  const paid = await api('GET', `/api/v1/documents/${ids.paid}`);
  await api('POST', `/api/v1/documents/${ids.paid}/payments`, {
    amount: paid.amount_due,
    date: '2026-12-08',
    method: 'cash',
  });
  // Sent six weeks ago, due for a month: the first reminder is the next step.
  ids.overdue = (
    await api('POST', '/api/v1/documents', {
      ...invoice('RE-2026-0004', { issue_date: daysAgo(45), due_date: daysAgo(30) }),
      ...parties,
    })
  ).id;
  await api('POST', `/api/v1/documents/${ids.overdue}/finalize`);
  await api('POST', `/api/v1/documents/${ids.overdue}/mark-sent`);
  // A quote whose validity was set as its due date (over the API): its PDF prints it as "Gültig bis".
  ids.quote = (
    await api('POST', '/api/v1/documents', {
      ...invoice('AN-2026-0001'),
      document_type: 'quote',
      due_date: '2027-01-06',
      ...parties,
    })
  ).id;
  browser = await openBrowser(server.url, 'de-DE');
  await page().setViewport(PHONE);
  await signInGerman(page(), server.url, account.apiKey, 'Fliesen Berger');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

describe("the document's next step on a phone", () => {
  test('a finalized invoice: Senden and Zahlung erfassen on the first screen; a tap brings the form', async () => {
    await page().setViewport(PHONE);
    await open(`documents/${ids.open}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    await byName(page(), 'Zahlung erfassen', 'button');
    await shot('finalized-phone-de');
    expect(await onFirstScreen(['Senden', 'Zahlung erfassen'])).toEqual([
      'Senden (zum Formular unten)',
      'Zahlung erfassen (zum Formular unten)',
    ]);
    // A tap brings the payment form on screen, its heading focused (a screen reader says where it is).
    await (await byName(page(), 'Zahlung erfassen (zum Formular unten)', 'button')).tap();
    await page().waitForFunction(() => document.activeElement?.id === 'payments-heading', {
      timeout: 10_000,
    });
    const form = await page().waitForSelector('form[aria-label="Zahlung erfassen"]');
    const box = await form?.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 10_000).toBeLessThan(844);
    // The send card too.
    await page().evaluate(() => window.scrollTo(0, 0));
    await (await byName(page(), 'Senden (zum Formular unten)', 'button')).tap();
    await page().waitForFunction(() => document.activeElement?.id === 'send-heading', { timeout: 10_000 });
    const send = await (await page().$('#send-heading'))?.boundingBox();
    expect(send?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(send?.y ?? 10_000).toBeLessThan(844);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(browser.problems).toEqual([]);
  }, 60_000);

  test('a draft: Bearbeiten and Abschließen on the first screen; a paid invoice offers no payment to record', async () => {
    await page().setViewport(PHONE);
    await open(`documents/${ids.draft}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    await byName(page(), 'Abschließen', 'button');
    await shot('draft-phone-de');
    expect(await onFirstScreen(['Bearbeiten', 'Abschließen'])).toEqual(['Bearbeiten', 'Abschließen']);

    await open(`documents/${ids.paid}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    await waitForText(page(), 'Per E-Mail senden');
    await shot('paid-phone-de');
    // Nothing is due: no shortcut to a payment form; sending a copy stays at hand.
    expect(await onFirstScreen(['Senden', 'Zahlung erfassen'])).toEqual(['Senden (zum Formular unten)']);
  }, 60_000);

  test('an overdue invoice: how late it is and its reminder on the first screen; a tap brings the letter', async () => {
    await page().setViewport(PHONE);
    await open(`documents/${ids.overdue}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    await waitForText(page(), 'Mahnungen');
    await shot('overdue-phone-de');
    expect(await onFirstScreen(['Senden', 'Zahlung erfassen', 'Mahnung senden'])).toEqual([
      'Senden (zum Formular unten)',
      'Zahlung erfassen (zum Formular unten)',
      'Mahnung senden (zum Formular unten)',
    ]);
    const late = await page().evaluate(() => {
      const note = [...document.querySelectorAll('main p')].find(
        (p) => p.textContent === '30 Tage überfällig',
      );
      return note ? note.getBoundingClientRect().bottom <= window.innerHeight : false;
    });
    expect(late).toBe(true);
    await (await byName(page(), 'Mahnung senden (zum Formular unten)', 'button')).tap();
    await page().waitForFunction(() => document.activeElement?.id === 'reminders-heading', {
      timeout: 10_000,
    });
    const letter = await (await byName(page(), 'Zahlungserinnerung senden', 'button')).boundingBox();
    expect(letter?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(letter?.y ?? 10_000).toBeLessThan(844);
  }, 60_000);

  test("a new firm's draft, its VAT notices listed: Bearbeiten and Abschließen still on the first screen", async () => {
    await page().setViewport(PHONE);
    const bare = await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Fliesen Neu',
      default_locale: 'de-DE',
      address: { line1: 'Am Hang 1', postal_code: '93047', city: 'Regensburg', country: 'DE' },
    });
    const customer = await api('POST', '/api/v1/customers', { name: 'Herr Maier' });
    const lacking = await api('POST', '/api/v1/documents', {
      ...invoice('RE-2026-0009'),
      business_profile_id: bare.id,
      customer_id: customer.id,
    });
    await open(`documents/${lacking.id}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    await byName(page(), 'Abschließen', 'button');
    // What VAT law asks and the draft lacks, listed above the actions.
    await waitForText(page(), 'Geschäftsprofil öffnen');
    await shot('draft-lacking-phone-de');
    expect(await onFirstScreen(['Bearbeiten', 'Abschließen'])).toEqual(['Bearbeiten', 'Abschließen']);
  }, 60_000);

  test('on a desktop the shortcuts are not there: the forms are beside the document', async () => {
    await page().setViewport({ width: 1280, height: 900 });
    await open(`documents/${ids.open}`);
    await byName(page(), 'Zahlung erfassen', 'button');
    await shot('finalized-desktop-de');
    const shortcuts = await page().evaluate(
      () =>
        [...document.querySelectorAll('main button')].filter(
          (button) =>
            button.getClientRects().length > 0 && button.getAttribute('aria-label')?.includes('(zum'),
        ).length,
    );
    expect(shortcuts).toBe(0);
    await page().setViewport(PHONE);
  }, 60_000);
});

describe("a quote's date", () => {
  test('a quote with a due date says "Gültig bis", as its PDF does, not "Fälligkeitsdatum"; the country by its name', async () => {
    await page().setViewport(PHONE);
    await open(`documents/${ids.quote}`);
    await waitForText(page(), 'Bad gefliest, 12 m²');
    const text = await shown();
    expect(text).toContain('Gültig bis: 06.01.2027');
    expect(text).not.toContain('Fälligkeitsdatum');
    // The parties' country by its name, not its code.
    expect(text).toContain('93051 Regensburg\nDeutschland');
  }, 60_000);
});
