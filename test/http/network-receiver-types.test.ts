// A Peppol receiver takes the document types its SMP lists, and Recommand sends the UBL as written: a
// German firm's customer set to XRechnung but registered for Peppol BIS only was looked up as reachable,
// the delivery queued, and the XRechnung refused at the AS4 exchange afterwards. Now the service sends a
// profile the receiver lists, or refuses before sending, naming what it takes (docs/channels.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';

const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##';
const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const BIS_INVOICE = `${UBL_INVOICE}${BIS}::2.1`;
const XRECHNUNG_INVOICE = `${UBL_INVOICE}${XRECHNUNG}::2.1`;

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: RecommandMock;
let account: TestAccount;
let profileId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function invoiceTo(value: string, einvoiceProfile: string | null, number: string) {
  const customer = await call('POST', '/api/v1/customers', {
    name: `Kunde ${value}`,
    email: 'ap@buyer.example',
    billing_address: { line1: 'Hauptstr. 1', city: 'Köln', postal_code: '50667', country: 'DE' },
    electronic_address: { scheme: '0204', value },
    ...(einvoiceProfile ? { einvoice_profile: einvoiceProfile } : {}),
  });
  expect([customer.status, customer.body.error]).toEqual([200, undefined]);
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customer.body.data.id, number, [germanLine()], { buyer_reference: value }),
  );
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

beforeAll(async () => {
  mock = startRecommandMock();
  mock.register('0204:991-00001-11', [BIS_INVOICE]);
  mock.register('0204:991-00002-22', [XRECHNUNG_INVOICE]);
  mock.register('0204:991-00003-33', [`peppol-doctype-wildcard::${UBL_INVOICE}urn:cen.eu:en16931:2017::2.1`]);
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Elektro Schmidt GmbH' });
  profileId = (
    await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    })
  ).body.data.id;
  const put = await call('PUT', '/api/v1/channels/recommand', {
    enabled: true,
    base_url: mock.url,
    settings: { company_id: mock.companyId },
    secrets: { api_key: mock.apiKey, api_secret: mock.apiSecret },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('the profile sent is one the Peppol receiver lists', () => {
  test('an XRechnung customer registered for Peppol BIS only: 422 before sending, naming what it takes', async () => {
    const invoice = await invoiceTo('991-00001-11', 'xrechnung_ubl', 'RE-2026-0101');
    const refused = await call('POST', `/api/v1/documents/${invoice}/network-deliveries`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toMatchObject({
      reason: 'unreachable',
      alternatives: ['email'],
      profile: 'xrechnung_ubl',
      receiver_profiles: ['peppol_bis_billing_3'],
    });
    expect(refused.body.error.message).toContain('peppol_bis_billing_3');
    await server.jobs.runDue();
    expect(mock.sent()).toEqual([]);
  });

  test('a customer with no profile set gets the one its receiver lists (XRechnung here)', async () => {
    const invoice = await invoiceTo('991-00002-22', null, 'RE-2026-0102');
    const sent = await call('POST', `/api/v1/documents/${invoice}/network-deliveries`, {});
    expect([sent.status, sent.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    expect(mock.sent().map((d) => d.docTypeId)).toEqual([XRECHNUNG_INVOICE]);
  });

  test('a receiver registered by wildcard for EN 16931 takes the customer’s XRechnung', async () => {
    const invoice = await invoiceTo('991-00003-33', 'xrechnung_ubl', 'RE-2026-0103');
    const sent = await call('POST', `/api/v1/documents/${invoice}/network-deliveries`, {});
    expect([sent.status, sent.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    expect(
      mock
        .sent()
        .map((d) => d.docTypeId)
        .at(-1),
    ).toBe(XRECHNUNG_INVOICE);
  });
});
