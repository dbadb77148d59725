// A Belgian IT consultancy on Peppol through Recommand (the mock on loopback): invoices and credit notes to
// Belgian and Dutch buyers by their Peppol ids (0208 KBO/BCE, 9925 Belgian VAT, 0106 KvK), a wrong key, a
// buyer not on the network, the provider rate limiting (docs/channels.md, docs/channel-recommand.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const BIS_CREDIT_NOTE = `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BIS}`;

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: RecommandMock;
let account: TestAccount;
let profileId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

const customer = async (name: string, scheme: string, value: string) => {
  const made = await call('POST', '/api/v1/customers', {
    name,
    email: 'ap@buyer.example',
    billing_address: { line1: 'Rue de la Loi 16', city: 'Bruxelles', postal_code: '1000', country: 'BE' },
    electronic_address: { scheme, value },
    einvoice_profile: 'peppol_bis_billing_3',
  });
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
};

async function issued(customerId: string, number: string, extra: Record<string, unknown> = {}) {
  const made = await call('POST', '/api/v1/documents', {
    ...germanInvoiceBody(profileId, customerId, number, [germanLine()], {
      buyer_reference: 'PO-1',
      locale: 'en-GB',
    }),
    ...extra,
  });
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

beforeAll(async () => {
  mock = startRecommandMock();
  mock.register('0208:0123456749', [BIS_INVOICE, BIS_CREDIT_NOTE]);
  mock.register('0106:12345678', [BIS_INVOICE]);
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Nordlicht Consulting BV' });
  profileId = (
    await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    })
  ).body.data.id;
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('Peppol through Recommand, Belgian and Dutch buyers', () => {
  test('a wrong key is said to be refused; the right one works', async () => {
    const put = await call('PUT', '/api/v1/channels/recommand', {
      enabled: true,
      base_url: mock.url,
      settings: { company_id: mock.companyId },
      secrets: { api_key: mock.apiKey, api_secret: 'wrong-secret-0815' },
    });
    expect([put.status, put.body.error]).toEqual([200, undefined]);
    expect(JSON.stringify(put.body)).not.toContain('wrong-secret-0815');
    const wrong = (await call('POST', '/api/v1/channels/recommand/test')).body.data;
    expect(wrong).toMatchObject({ ok: false, message: expect.stringContaining('refused the API key') });
    const right = await call('PUT', '/api/v1/channels/recommand', {
      enabled: true,
      secrets: { api_secret: mock.apiSecret },
    });
    expect(right.body.data.secrets).toEqual({ api_key: true, api_secret: true });
    expect((await call('POST', '/api/v1/channels/recommand/test')).body.data.ok).toBe(true);
  });

  test('an invoice and its credit note to a 0208 buyer are delivered, each once', async () => {
    const buyer = await customer('Brasserie Centrale SRL', '0208', '0123456749');
    const invoice = await issued(buyer, 'INV-2026-0001');
    const sent = await call('POST', `/api/v1/documents/${invoice}/network-deliveries`, {});
    expect([sent.status, sent.body.error]).toEqual([202, undefined]);
    const credit = await issued(buyer, 'CN-2026-0001', {
      document_type: 'credit_note',
      source_document_id: invoice,
      reason: 'Discount',
      due_date: undefined,
      line_items: [germanLine({ quantity: '-1', unit_price: '100.00' })],
    });
    const sentCredit = await call('POST', `/api/v1/documents/${credit}/network-deliveries`, {});
    expect([sentCredit.status, sentCredit.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    for (const id of [sent.body.data.id, sentCredit.body.data.id]) {
      const delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
      expect([delivery.state, delivery.receiver]).toEqual([
        'delivered',
        { scheme: '0208', value: '0123456749' },
      ]);
    }
    // Both jobs are due at the same instant: either may run first (PostgreSQL's claim order is not fixed).
    expect(
      mock
        .sent()
        .map((d) => d.docTypeId)
        .sort(),
    ).toEqual([BIS_CREDIT_NOTE, BIS_INVOICE].sort());
    expect(mock.problems()).toEqual([]);
  });

  test('a credit note to a Dutch buyer that takes invoices only is refused before sending', async () => {
    const buyer = await customer('Handelshuis Noord BV', '0106', '12345678');
    const invoice = await issued(buyer, 'INV-2026-0002');
    const credit = await issued(buyer, 'CN-2026-0002', {
      document_type: 'credit_note',
      source_document_id: invoice,
      reason: 'Discount',
      due_date: undefined,
      line_items: [germanLine({ quantity: '-1', unit_price: '100.00' })],
    });
    const refused = await call('POST', `/api/v1/documents/${credit}/network-deliveries`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toMatchObject({ reason: 'unreachable', alternatives: ['email'] });
  });

  test('a 9925 buyer not on Peppol: 422 unreachable, offering e-mail; a rate-limited lookup is a 503', async () => {
    const buyer = await customer('Atelier Nulle Part', '9925', 'BE0999999998');
    const invoice = await issued(buyer, 'INV-2026-0003');
    const refused = await call('POST', `/api/v1/documents/${invoice}/network-deliveries`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toMatchObject({ reason: 'unreachable', alternatives: ['email'] });
    mock.rateLimit(30, 1);
    const limited = await server.request(`/api/v1/documents/${invoice}/network-deliveries`, {
      method: 'POST',
      key: account.apiKey,
      body: {},
    });
    expect(limited.status).toBe(503);
    expect(limited.headers.get('retry-after')).toBe('30');
  });
});
