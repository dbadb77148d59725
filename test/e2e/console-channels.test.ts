// Delivery over networks in the console, in a real browser (issue 41): Settings → Networks connects the
// Storecove channel to a Storecove stand-in on loopback (test/mocks/storecove.ts, which checks every call
// against Storecove's published OpenAPI) and tests the connection; an invoice is sent over Peppol and its
// delivery watched on the document's timeline to the buyer's acceptance, a receipt opened; a buyer the
// network does not reach is said plainly with e-mail offered; a document received over the channel shows
// where it came from and is rejected with a reason that goes back to the seller; then the same screens in
// German. `SCREENSHOT_DIR=dir` keeps a picture of each screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { participantDnsName } from '../../src/modules/peppol-directory';
import { makeDocument } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, startServer, type TestServer } from '../harness';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { type PeppolDns, smpRecord, startPeppolDns } from '../peppol-dns';
import { fixture, type PeppolSmp, startPeppolSmp } from '../peppol-smp';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { byName, click, openBrowser, typeInto, type Watched, waitForText } from './browser';

const SHOTS = process.env.SCREENSHOT_DIR;
const RECEIVED_UBL = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'));
// The Peppol SML on a DNS server and an SMP on loopback with recorded answers (test/peppol-dns.ts,
// test/peppol-smp.ts): the service's own lookup behind a customer's "Networks".
const ZONE = 'participant.sml.test.tech.peppol.org';
const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const CREDIT_NOTE = `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BIS}`;
const ON_PEPPOL = '4035811991021';
const OFF_PEPPOL = '5790000435975';

let server: TestServer;
let mock: StorecoveMock;
let dns: PeppolDns;
let smp: PeppolSmp;
let account: TestAccount;
let browser: Watched;
let invoice: { id: string; number: string };
let unreachable: { id: string; number: string };
let receivedId: string;
let customerId: string;
let awayCustomerId: string;

const page = () => browser.page;
const api = async (path: string) => (await server.json(path, { key: account.apiKey })).body;

async function shot(name: string) {
  if (SHOTS) await page().screenshot({ path: join(SHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
}

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** What axe-core finds on the page against WCAG 2.1 A and AA, one line per rule (as test/e2e/accessibility.test.ts). */
async function axeViolations(): Promise<string[]> {
  if (!(await page().evaluate(() => 'axe' in globalThis))) await page().addScriptTag({ content: AXE });
  return (await page().evaluate(async () => {
    // axe's own global, injected above.
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map(
      (v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  })) as string[];
}

/** Waits until `check` holds, asking again every 100 ms. */
async function until(check: () => Promise<boolean>, what: string, timeout = 20_000) {
  for (let waited = 0; waited < timeout; waited += 100) {
    if (await check()) return;
    await Bun.sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  mock = startStorecoveMock();
  smp = startPeppolSmp();
  dns = await startPeppolDns();
  dns.records.set(participantDnsName({ scheme: '0088', value: ON_PEPPOL }, ZONE), [smpRecord(smp.url)]);
  smp.answer(`0088:${ON_PEPPOL}`, INVOICE, fixture('0088-4035811991021-invoice.xml'));
  smp.answer(`0088:${ON_PEPPOL}`, CREDIT_NOTE, fixture('0088-4035811991021-credit-note.xml'));
  server = await startServer({
    env: {
      PEPPOL_SML_ZONE: ZONE,
      PEPPOL_DNS_SERVERS: `${dns.host}:${dns.port}`,
      // The least the service takes: statuses and received documents are fetched every 5 s.
      CHANNEL_POLL_SECONDS: '5',
    },
  });

  account = await makeAccount(server, { name: 'Nordlicht Handel' });
  const seller = await server.json('/api/v1/business-profiles', {
    method: 'POST',
    key: account.apiKey,
    body: {
      legal_name: 'Nordlicht Handel GmbH',
      tax_id: 'DE123456789',
      email: 'billing@nordlicht.example',
      address: { line1: 'Hafenstraße 3', postal_code: '20457', city: 'Hamburg', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    },
  });
  const customer = async (name: string, gln: string) =>
    await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: {
        name,
        email: 'ap@buyer.example',
        tax_id: 'BE0123456749',
        billing_address: { line1: 'Rue Neuve 1', postal_code: '1000', city: 'Bruxelles', country: 'BE' },
        electronic_address: { scheme: '0088', value: gln },
        einvoice_profile: 'peppol_bis_billing_3',
        buyer_reference: 'PO-77',
      },
    });
  const reached = await customer('Brasserie Lumière SA', ON_PEPPOL);
  const away = await customer('Atelier Sans Réseau SPRL', OFF_PEPPOL);
  if (seller.status !== 200 || reached.status !== 200 || away.status !== 200)
    throw new Error(`could not make the parties: ${JSON.stringify([seller.body, reached.body, away.body])}`);
  customerId = reached.body.data.id;
  awayCustomerId = away.body.data.id;
  const parties = (customer: string) => ({ profileId: seller.body.data.id, customerId: customer });
  // The VAT scheme (BT-118) a Peppol BIS invoice states for its VAT categories.
  const vat = { tax_scheme: 'VAT' };
  invoice = await makeDocument(server, account, parties(reached.body.data.id), vat, ['finalize']);
  unreachable = await makeDocument(server, account, parties(away.body.data.id), vat, ['finalize']);
  // Only the first buyer is on Peppol (Storecove's discovery answers for it).
  mock.addParticipant('GLN', ON_PEPPOL);

  browser = await openBrowser(server.url);
  // Removing asks for a confirmation: accepted, as a person sure of the step would.
  browser.page.on('dialog', (dialog) => dialog.accept());
  await browser.page.goto(`${server.url}/`);
  await typeInto(browser.page, 'API key', account.apiKey);
  await click(browser.page, 'Sign in');
  await waitForText(browser.page, 'Nordlicht Handel');
}, 60_000);

afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
  mock?.stop();
  smp?.stop();
  await dns?.stop();
});

describe('console: delivery over networks', () => {
  test('Settings → Networks connects Storecove, keeps the secret unseen, and tests the connection', async () => {
    await click(page(), 'Settings', 'link');
    await byName(page(), 'Networks', 'heading');
    await waitForText(page(), 'Storecove (Peppol access point)');
    await shot('settings-en');
    await click(page(), 'Set up networks', 'link');
    await byName(page(), 'Storecove (Peppol access point) Not connected', 'heading');
    await shot('settings-networks-empty-en');
    await click(page(), 'Set up Storecove (Peppol access point)');

    await typeInto(page(), 'Base URL', mock.url);
    await typeInto(page(), 'Legal entity ID', String(mock.legalEntityId));
    await typeInto(page(), 'API key', mock.apiKey);
    // A setting the console has no field for: its name and a JSON value, stored as JSON.
    await click(page(), 'Add a setting');
    await typeInto(page(), 'Setting name', 'scheme_overrides');
    await typeInto(page(), 'Value of scheme_overrides', '{"0088": "GLN"}');
    await click(page(), 'Save');
    await byName(page(), 'Storecove (Peppol access point) Enabled', 'heading');
    const stored = (await api('/api/v1/channels')).data.find(
      (channel: { channel: string }) => channel.channel === 'storecove',
    );
    expect(stored).toMatchObject({
      connected: true,
      enabled: true,
      base_url: mock.url,
      settings: { legal_entity_id: mock.legalEntityId, scheme_overrides: { '0088': 'GLN' } },
      secrets: { api_key: true },
    });
    // Never shown back: the field is empty again and says the secret is set.
    const secret = await byName(page(), 'API key', 'textbox');
    expect(await secret.evaluate((input) => (input as { value: string; checked: boolean }).value)).toBe('');
    expect(await secret.evaluate((input) => input.getAttribute('type'))).toBe('password');
    await waitForText(page(), 'Set. Type a new one to replace it.');
    expect(await page().content()).not.toContain(mock.apiKey);

    await click(page(), 'Test connection');
    await waitForText(page(), 'The connection works.');
    await waitForText(page(), 'Storecove answered: legal entity 4711 (Muster Handel GmbH)');
    await shot('settings-networks-connected-en');
  }, 60_000);

  test('an invoice is sent over Peppol and its delivery followed on the timeline to the buyer’s acceptance', async () => {
    await page().goto(`${server.url}/#/documents/${invoice.id}`);
    await byName(page(), 'Send', 'heading');
    // The service's choice is the default; the channel and e-mail are the others.
    const choices = await page().$$eval('.choices input[type=radio]', (inputs) =>
      inputs.map((input) => ({
        // The option's name, before its hint.
        label: input.nextElementSibling?.firstChild?.textContent ?? '',
        checked: (input as { value: string; checked: boolean }).checked,
      })),
    );
    expect(choices).toEqual([
      { label: 'Over the network the buyer is on', checked: true },
      { label: 'Storecove (Peppol access point)', checked: false },
      { label: 'By e-mail', checked: false },
    ]);
    await waitForText(page(), `To 0088:${ON_PEPPOL}`);
    await shot('document-send-en');
    await click(page(), 'Send');
    await waitForText(page(), 'Handed over for sending');
    await byName(page(), 'Delivery', 'heading');

    // The send job hands it to Storecove; the mock reports it delivered, the poll brings that in.
    await until(async () => mock.submissions.length === 1, 'the submission');
    await waitForText(page(), 'Delivered', 30_000);
    const guid = mock.submissions[0]?.guid ?? '';
    mock.buyerResponds(guid, 'AP');
    await waitForText(page(), 'Accepted by the buyer', 30_000);
    const deliveries = (await api(`/api/v1/documents/${invoice.id}/network-deliveries`)).data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      channel: 'storecove',
      receiver: { scheme: '0088', value: ON_PEPPOL },
      state: 'accepted',
    });
    expect(deliveries[0].events.map((event: { state: string }) => event.state)).toEqual([
      'queued',
      'submitted',
      'delivered',
      'accepted',
    ]);
    // Each state of the timeline, oldest first, in words.
    const timeline = await page().$$eval('.timeline li .badge', (badges) => badges.map((b) => b.textContent));
    expect(timeline).toEqual(['Queued', 'Handed to the network', 'Delivered', 'Accepted by the buyer']);
    // The document is sent (handing it to the network marks it so), and the page says it without a reload.
    await page().waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Sent'));

    // A receipt is the channel's answer unchanged, opened in its disclosure.
    const receipt = deliveries[0].events.find((event: { receipt: unknown }) => event.receipt).receipt;
    await page().$eval('details.receipt summary', (summary) => (summary as HTMLElement).click());
    const shown = await page().$eval('details.receipt pre', (pre) => pre.textContent);
    expect(shown).toBe(receipt.body);
    await shot('document-timeline-en');
    await page().$eval('details.receipt summary', (summary) => (summary as HTMLElement).click());

    // Sent once: sending again says the buyer would get it twice, and sends only when asked to.
    await page().reload();
    await byName(page(), 'Send', 'heading');
    await click(page(), 'Send');
    await waitForText(page(), 'was sent this document over the network already');
    expect((await api(`/api/v1/documents/${invoice.id}/network-deliveries`)).data).toHaveLength(1);
    await click(page(), 'Send again');
    await waitForText(page(), 'Handed over for sending');
    expect((await api(`/api/v1/documents/${invoice.id}/network-deliveries`)).data).toHaveLength(2);
  }, 90_000);

  test('a buyer the network does not reach is said plainly, with e-mail offered instead', async () => {
    await page().goto(`${server.url}/#/documents/${unreachable.id}`);
    await byName(page(), 'Send', 'heading');
    await click(page(), 'Send');
    await waitForText(
      page(),
      'Atelier Sans Réseau SPRL cannot receive this document over Storecove (Peppol access point).',
    );
    expect(await api(`/api/v1/documents/${unreachable.id}/network-deliveries`)).toMatchObject({ data: [] });
    await shot('document-unreachable-en');
    await click(page(), 'Send by e-mail instead');
    // The e-mail form, with the buyer's address filled in.
    const to = await byName(page(), 'To', 'textbox');
    expect(await to.evaluate((input) => (input as { value: string; checked: boolean }).value)).toBe(
      'ap@buyer.example',
    );
    const checked = await page().$eval(
      '.choices input[type=radio]:checked',
      (input) => input.nextElementSibling?.firstChild?.textContent,
    );
    expect(checked).toBe('By e-mail');
  }, 60_000);

  test('a document received over the channel shows where it came from and is rejected with a reason', async () => {
    mock.receive(new Uint8Array(RECEIVED_UBL));
    await until(
      async () => {
        const listed = await api('/api/v1/received-documents?source=network');
        receivedId = listed.data[0]?.id;
        return !!receivedId;
      },
      'the received document',
      30_000,
    );
    await page().goto(`${server.url}/#/received/${receivedId}`);
    await byName(page(), 'Received over a network', 'heading');
    await waitForText(page(), 'Storecove (Peppol access point)');
    const transport = (await api(`/api/v1/received-documents/${receivedId}/transport`)).data;
    await waitForText(page(), transport.provider_ref);
    // Answered over the channel: the local status buttons give way to the answer's.
    expect(await page().$$eval('[aria-label="Received document actions"] button', (b) => b.length)).toBe(2);
    await click(page(), 'Reject');
    const send = await byName(page(), 'Send the rejection', 'button');
    expect(await send.evaluate((button) => (button as { disabled: boolean }).disabled)).toBe(true);
    await typeInto(page(), 'Reason for the rejection', 'Order number PO-77 is missing.');
    await shot('received-network-rejecting-en');
    await click(page(), 'Send the rejection');
    await waitForText(page(), 'Answer sent: Rejected');
    await waitForText(page(), 'Reason: Order number PO-77 is missing.');
    expect(mock.responses).toHaveLength(1);
    expect(JSON.stringify(mock.responses[0]?.body)).toContain('Order number PO-77 is missing.');
    expect((await api(`/api/v1/received-documents/${receivedId}`)).data.status).toBe('rejected');
    // Nothing may follow a rejection.
    expect(await page().$$('[aria-label="Answer to the seller"] button')).toHaveLength(0);
    await shot('received-network-en');
  }, 60_000);

  test('a customer shows where invoices reach it over Peppol and each channel, and checks again', async () => {
    const asked: string[] = [];
    const watch = (request: import('puppeteer-core').HTTPRequest) => {
      if (request.url().includes('/networks')) asked.push(request.url());
    };
    page().on('request', watch);
    try {
      await page().goto(`${server.url}/#/customers/${customerId}`);
      await byName(page(), 'Networks', 'heading');
      await waitForText(page(), `Where e-invoices to 0088:${ON_PEPPOL} can go.`);
      await waitForText(
        page(),
        'This customer takes e-invoices over Peppol (its e-invoice profile says so).',
      );
      // The service's own lookup (SML and SMP): registered, invoices and credit notes, and when.
      const facts = await page().$$eval('.networks .facts dd', (cells) => cells.map((c) => c.textContent));
      expect(facts.slice(0, 3)).toEqual(['Yes', 'Yes', 'Yes']);
      const checked = (await api(`/api/v1/customers/${customerId}/networks`)).data.peppol.checked_at;
      expect(facts[3]).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(checked),
        ),
      );
      // Storecove's own discovery, per connected channel.
      const row = await page().$$eval('.networks table tbody tr td', (cells) =>
        cells.map((c) => c.textContent?.trim()),
      );
      expect(row.slice(1, 4)).toEqual(['Yes', 'Yes', 'Yes']);
      expect(row[0]).toContain('Storecove (Peppol access point)');
      await shot('customer-networks-en');
      await click(page(), 'Check again');
      await until(async () => asked.some((url) => url.endsWith('refresh=true')), 'a fresh look');
      expect(asked[0]).toEndWith('refresh=false');

      // A buyer whose profile says Peppol but who is not on it: said as a warning.
      await page().goto(`${server.url}/#/customers/${awayCustomerId}`);
      await waitForText(page(), 'but cannot receive invoices there now');
      // Straight from one customer to the other: the form is the second one's, not the first one's values.
      const name = await byName(page(), 'Name', 'textbox');
      expect(await name.evaluate((input) => (input as { value: string }).value)).toBe(
        'Atelier Sans Réseau SPRL',
      );
      const away = await page().$$eval('.networks .facts dd', (cells) => cells.map((c) => c.textContent));
      expect(away.slice(0, 3)).toEqual(['No', 'No', 'No']);
      await shot('customer-networks-unreachable-en');
    } finally {
      page().off('request', watch);
    }
  }, 60_000);

  test('the new screens pass axe (WCAG 2.1 A and AA), a receipt and the rejection form open', async () => {
    // axe is injected as a script, which the console's CSP (rightly) refuses: bypassed for this check only.
    await page().setBypassCSP(true);
    try {
      const screens: Array<[string, () => Promise<void>]> = [
        ['settings/networks', async () => void (await byName(page(), 'Test connection', 'button'))],
        [
          `documents/${invoice.id}`,
          async () => {
            await waitForText(page(), 'Accepted by the buyer');
            await page().$eval('details.receipt summary', (summary) => (summary as HTMLElement).click());
          },
        ],
        [`customers/${customerId}`, async () => void (await byName(page(), 'Check again', 'button'))],
        [`received/${receivedId}`, async () => await waitForText(page(), 'Answer sent: Rejected')],
      ];
      for (const [route, ready] of screens) {
        await page().goto(`${server.url}/#/${route}`);
        await page().reload();
        await ready();
        expect({ route, violations: await axeViolations() }).toEqual({ route, violations: [] });
      }
    } finally {
      await page().setBypassCSP(false);
    }
  }, 60_000);

  test('in German: the same screens by their German names', async () => {
    await page().evaluate(() => localStorage.setItem('invoice-console.language', 'de'));
    await page().goto(`${server.url}/#/settings/networks`);
    await page().reload();
    await byName(page(), 'Netzwerke', 'heading');
    await byName(page(), 'Storecove (Peppol-Zugangspunkt) Aktiviert', 'heading');
    await byName(page(), 'Basis-URL', 'textbox');
    await byName(page(), 'Legal-Entity-ID', 'textbox');
    await byName(page(), 'API-Schlüssel', 'textbox');
    await click(page(), 'Verbindung testen');
    await waitForText(page(), 'Die Verbindung funktioniert.');
    await shot('settings-networks-de');

    await page().goto(`${server.url}/#/documents/${invoice.id}`);
    await byName(page(), 'Zustellung', 'heading');
    await waitForText(page(), 'Vom Käufer angenommen');
    await waitForText(page(), 'An das Netzwerk übergeben');
    await waitForText(page(), 'Über das Netzwerk des Käufers');
    await shot('document-timeline-de');
    // A tablet: the document's cards in one column.
    await page().setViewport({ width: 820, height: 1100 });
    await shot('document-timeline-de-820');
    await page().setViewport({ width: 1280, height: 900 });

    await page().goto(`${server.url}/#/documents/${unreachable.id}`);
    // The document's page drawn whole before its button is pressed (a busy machine draws it late).
    await page().waitForSelector('main h1', { timeout: 20_000 });
    await page().waitForFunction(() => !document.querySelector('.loading'), { timeout: 20_000 });
    await click(page(), 'Senden');
    await waitForText(
      page(),
      'Atelier Sans Réseau SPRL kann dieses Dokument über Storecove (Peppol-Zugangspunkt) nicht empfangen.',
      40_000,
    );
    await byName(page(), 'Stattdessen per E-Mail senden', 'button');
    await shot('document-unreachable-de');

    await page().goto(`${server.url}/#/received/${receivedId}`);
    await byName(page(), 'Über ein Netzwerk empfangen', 'heading');
    await waitForText(page(), 'Antwort gesendet: Abgelehnt');
    await shot('received-network-de');

    // Removing the connection leaves the channel offered, not connected.
    await page().goto(`${server.url}/#/settings/networks`);
    await click(page(), 'Entfernen');
    await byName(page(), 'Storecove (Peppol-Zugangspunkt) Nicht verbunden', 'heading');
    const channel = (await api('/api/v1/channels')).data.find(
      (c: { channel: string }) => c.channel === 'storecove',
    );
    expect(channel).toMatchObject({ connected: false, secrets: { api_key: false } });

    // The two refused sends (the unreachable buyer, in English and German) and the send of a sent invoice
    // not asked again are the only errors the browser saw.
    const refused = browser.problems.filter(
      (problem) => problem.includes('status of 422') || problem.includes('status of 409'),
    );
    expect(refused).toHaveLength(3);
    expect(browser.problems.filter((problem) => !refused.includes(problem))).toEqual([]);
    expect(browser.foreign).toEqual([]);
    expect(mock.problems()).toEqual([]);
  }, 90_000);
});
