// The Liège installer's bookkeeper reads the console in German (docs/channels.md): a failed "test
// connection" says why in German, the provider's English words only beside it as the detail; the first
// entry of a delivery's timeline says in German that the buyer was found, the SMP's URL as its detail.
// Recommand is the stand-in on loopback (test/mocks/recommand.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';
import { byName, click, openBrowser, signInGerman, type Watched, waitForText } from './browser';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const FIRM = 'Installations Meuse SRL';

let server: TestServer;
let recommand: RecommandMock;
let account: TestAccount;
let browser: Watched;
let invoiceId = '';

const page = () => browser.page;
const api = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const connect = (secret: string) =>
  api('PUT', '/api/v1/channels/recommand', {
    enabled: true,
    base_url: recommand.url,
    settings: { company_id: recommand.companyId },
    secrets: { api_key: recommand.apiKey, api_secret: secret },
  });

beforeAll(async () => {
  recommand = startRecommandMock();
  recommand.register('0208:0456789133', [INVOICE]);
  server = await startServer({});
  account = await makeAccount(server, { name: FIRM });
  const seller = await api('POST', '/api/v1/business-profiles', {
    legal_name: FIRM,
    tax_id: 'BE0123456749',
    email: 'compta@meuse.example',
    address: { line1: 'Quai de la Batte 1', postal_code: '4000', city: 'Liège', country: 'BE' },
    electronic_address: { scheme: '0208', value: '0123456749' },
  });
  const customer = await api('POST', '/api/v1/customers', {
    name: 'Chauffage Ourthe SPRL',
    email: 'compta@ourthe.example',
    tax_id: 'BE0456789133',
    billing_address: { line1: 'Rue Léopold 3', city: 'Liège', postal_code: '4000', country: 'BE' },
    electronic_address: { scheme: '0208', value: '0456789133' },
    einvoice_profile: 'peppol_bis_billing_3',
    buyer_reference: 'PO-77',
  });
  if (seller.status !== 200 || customer.status !== 200)
    throw new Error(`could not make the parties: ${JSON.stringify([seller.body, customer.body])}`);
  const parties = { profileId: seller.body.data.id, customerId: customer.body.data.id };
  invoiceId = (await makeDocument(server, account, parties, { tax_scheme: 'VAT' }, ['finalize'])).id;
  browser = await openBrowser(server.url);
  await signInGerman(browser.page, server.url, account.apiKey, FIRM);
});
afterAll(async () => {
  await browser?.browser.close();
  await server.stop();
  recommand.stop();
});

describe('Netzwerke, auf Deutsch', () => {
  test('a refused key and secret: the reason in German, Recommand’s words as the detail', async () => {
    expect((await connect('falsch')).status).toBe(200);
    await page().goto(`${server.url}/#/settings/networks`);
    await byName(page(), 'Recommand (Peppol-Zugangspunkt) Aktiviert', 'heading');
    await click(page(), 'Verbindung testen');
    await waitForText(page(), 'Die Verbindung funktioniert nicht.');
    await waitForText(page(), 'Der Anbieter hat API-Schlüssel oder API-Secret abgelehnt.');
    const notice = await page().evaluate(
      () =>
        [...document.querySelectorAll('[aria-live]')]
          .map((region) => region.textContent ?? '')
          .find((text) => text.includes('Die Verbindung')) ?? '',
    );
    // The provider's words stay, but only as what the provider said, after the German reason.
    expect(notice).toContain('Antwort des Anbieters: Recommand refused the API key and secret (401)');
    expect(notice.indexOf('Der Anbieter hat')).toBeLessThan(notice.indexOf('Recommand refused'));
  });

  test('the first entry of the timeline says the buyer was found, the SMP URL beside it', async () => {
    expect((await connect(recommand.apiSecret)).status).toBe(200);
    const sent = await api('POST', `/api/v1/documents/${invoiceId}/network-deliveries`, {
      channel: 'recommand',
    });
    expect([sent.status, sent.body.error]).toEqual([202, undefined]);
    await page().goto(`${server.url}/#/documents/${invoiceId}`);
    await byName(page(), 'Zustellung', 'heading');
    await waitForText(page(), 'Der Empfänger wurde im Verzeichnis des Anbieters gefunden.');
    await waitForText(page(), 'Einzelheiten: http://smp.mock/');
  });
});
