// A Handwerker's quote turned into an invoice in the console stayed "Abgeschlossen"/"Versendet" with no
// word of its invoice (SPEC 3 has no "accepted" status), and a second click on "Rechnung erstellen" made a
// second invoice unasked. The quote now names the invoice made from it ("Daraus erstellt: Rechnung
// RE-2026-0001"), a second invoice is asked for first, and the invoice names its Rechnungskorrektur
// ("Korrigiert durch").
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Dialog, HTTPRequest } from 'puppeteer-core';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { click, openBrowser, typeInto, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;
let profileId = '';
let customerId = '';

const api = async (method: string, path: string, body?: unknown) =>
  (await server.json(path, { method, key: account.apiKey, body })).body.data;
const page = () => browser.page;
const line = { name: 'Einbauschrank', quantity: '1', unit_price: '2400.00', taxes: [{ rate: '19' }] };

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Tischlerei Holz' });
  profileId = (
    await api('POST', '/api/v1/business-profiles', {
      legal_name: 'Tischlerei Holz GmbH',
      address: { line1: 'Werkstr. 3', postal_code: '10115', city: 'Berlin', country: 'DE' },
    })
  ).id;
  customerId = (
    await api('POST', '/api/v1/customers', {
      name: 'Familie Schmidt',
      billing_address: { line1: 'Gartenweg 5', postal_code: '14467', city: 'Potsdam', country: 'DE' },
    })
  ).id;
  browser = await openBrowser(server.url, 'de-DE');
  await page().goto(`${server.url}/`);
  await typeInto(page(), 'API-Schlüssel', account.apiKey);
  await click(page(), 'Anmelden');
  await waitForText(page(), 'Tischlerei Holz');
}, 60_000);
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

test('a quote names its invoice, asks before a second one; the invoice names its correction', async () => {
  const common = {
    issue_date: '2026-11-02',
    currency: 'EUR',
    business_profile_id: profileId,
    customer_id: customerId,
    line_items: [line],
  };
  const quote = await api('POST', '/api/v1/documents', {
    ...common,
    document_type: 'quote',
    number: 'AN-2026-0001',
  });
  await api('POST', `/api/v1/documents/${quote.id}/finalize`);
  await api('POST', `/api/v1/documents/${quote.id}/mark-sent`);
  const invoice = await api('POST', '/api/v1/documents', {
    ...common,
    number: 'RE-2026-0001',
    source_document_id: quote.id,
  });
  await api('POST', `/api/v1/documents/${invoice.id}/finalize`);
  const correction = await api('POST', '/api/v1/documents', {
    ...common,
    document_type: 'credit_note',
    number: 'RK-2026-0001',
    source_document_id: invoice.id,
    reason: 'Storno',
  });
  await api('POST', `/api/v1/documents/${correction.id}/finalize`);

  await page().goto(`${server.url}/#/documents/${quote.id}`);
  await waitForText(page(), 'Daraus erstellt:');
  await waitForText(page(), 'Rechnung RE-2026-0001');
  // A second click asks first; dismissed, no invoice is made and the quote stays open.
  const asked = new Promise<string>((resolve) => {
    page().once('dialog', async (dialog: Dialog) => {
      const message = dialog.message();
      await dialog.dismiss();
      resolve(message);
    });
  });
  await click(page(), 'Rechnung erstellen');
  expect(await asked).toBe(
    'Aus diesem Angebot wurde bereits die Rechnung RE-2026-0001 erstellt. Noch eine Rechnung erstellen?',
  );
  expect(await page().evaluate(() => location.hash)).toBe(`#/documents/${quote.id}`);
  const invoices = await server.json(`/api/v1/documents?document_type=invoice`, { key: account.apiKey });
  expect(invoices.body.data.map((d: { number: string }) => d.number)).toEqual(['RE-2026-0001']);

  await page().goto(`${server.url}/#/documents/${invoice.id}`);
  await waitForText(page(), 'Korrigiert durch:');
  await waitForText(page(), 'Rechnungskorrektur RK-2026-0001');
  await waitForText(page(), 'Erstellt aus:');
  // "Rechnung korrigieren" again (the Storno after a partial correction) copies every line once more: asked
  // first, dismissed, no second credit note.
  const warned = new Promise<string>((resolve) => {
    page().once('dialog', async (dialog: Dialog) => {
      const message = dialog.message();
      await dialog.dismiss();
      resolve(message);
    });
  });
  await click(page(), 'Rechnung korrigieren');
  expect(await warned).toBe(
    'Die Rechnung RE-2026-0001 wurde bereits mit RK-2026-0001 korrigiert. Die neue Korrektur beginnt wieder mit allen Positionen. Trotzdem erstellen?',
  );
  const notes = await server.json(`/api/v1/documents?document_type=credit_note`, { key: account.apiKey });
  expect(notes.body.data.map((d: { number: string }) => d.number)).toEqual(['RK-2026-0001']);

  // A second invoice on purpose (a down payment, then the final invoice): accepted, it is made.
  // Clicked while the list below the dates is still loading (its request held back): the question is asked
  // from what the service says at the click, not from that list (it went unasked before).
  await page().setRequestInterception(true);
  let held = false;
  const hold = (request: HTTPRequest) => {
    if (!held && request.url().includes('source_document_id=')) {
      held = true;
      setTimeout(() => request.continue(), 3_000);
    } else request.continue();
  };
  page().on('request', hold);
  await page().goto(`${server.url}/#/documents/${quote.id}`);
  const askedAgain = new Promise<string>((resolve) => {
    page().once('dialog', async (dialog: Dialog) => {
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
  await click(page(), 'Rechnung erstellen');
  expect(await askedAgain).toBe(
    'Aus diesem Angebot wurde bereits die Rechnung RE-2026-0001 erstellt. Noch eine Rechnung erstellen?',
  );
  expect(held).toBe(true);
  page().off('request', hold);
  await page().setRequestInterception(false);
  await page().waitForFunction(() => /^#\/documents\/doc_[^/]+\/edit$/.test(location.hash), {
    timeout: 15_000,
  });
  const second = (await page().evaluate(() => location.hash)).split('/')[2] ?? '';
  expect(second).not.toBe(invoice.id);
  expect((await api('GET', `/api/v1/documents/${second}`)).source_document_id).toBe(quote.id);
}, 90_000);
