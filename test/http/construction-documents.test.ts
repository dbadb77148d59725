// A building firm's documents through the API and their stored PDFs: a quote given a `due_date` (which the
// API allows every document) prints it as how long the quote holds ("Gültig bis"), never "Fällig am"; a
// Schlussrechnung to a private Bauherr says the buyer must keep it for two years (§ 14 Abs. 4 Satz 1 Nr. 9,
// § 14b Abs. 1 Satz 5 UStG), and one whose Abschläge paid it all offers no Skonto on nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let firm: TestAccount;
let profileId = '';
let bauherrId = '';
let sequence = 0;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const plain = (text: string) => text.replace(/\s+/g, ' ');
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];

/** Creates, finalizes and renders a document; its PDF's text. */
async function pdfText(body: Record<string, unknown>): Promise<string> {
  sequence += 1;
  const created = await call('POST', '/api/v1/documents', {
    number: `MB-2026-${sequence}`,
    issue_date: '2026-08-20',
    currency: 'EUR',
    locale: 'de-DE',
    tax_scheme: 'VAT',
    business_profile_id: profileId,
    customer_id: bauherrId,
    ...body,
  });
  expect(created.body.error ?? null).toBeNull();
  const finalized = await call('POST', `/api/v1/documents/${created.body.data.id}/finalize`);
  expect(finalized.body.error ?? null).toBeNull();
  const render = await call('POST', `/api/v1/documents/${created.body.data.id}/renders`, {});
  expect(render.body.error ?? null).toBeNull();
  const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, { key: firm.apiKey });
  expect(pdf.status).toBe(200);
  return plain((await inspectPdf(new Uint8Array(await pdf.arrayBuffer()))).text);
}

beforeAll(async () => {
  server = await startServer({ startJobs: false, renderWorkers: 0 });
  firm = await makeAccount(server);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Müller Bau GmbH',
    tax_id: 'DE811234567',
    address: { line1: 'Aachener Straße 100', city: 'Köln', postal_code: '50674', country: 'DE' },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00' },
  });
  profileId = profile.id;
  // A private person: no VAT id, no tax or registration number, an e-mail only.
  const bauherr = await makeCustomer(server, firm, {
    name: 'Familie Schmitz',
    email: 'schmitz@example.de',
    billing_address: { line1: 'Lindenweg 5', city: 'Köln', postal_code: '50935', country: 'DE' },
  });
  bauherrId = bauherr.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('a building firm’s quote and final invoice', () => {
  test('a quote with a due_date prints "Gültig bis", not "Fällig am"', async () => {
    const text = await pdfText({
      document_type: 'quote',
      due_date: '2026-09-30',
      line_items: [{ name: 'Neubau Garage', quantity: '1', unit_price: '18000.00', taxes: VAT }],
    });
    expect(text).toContain('Gültig bis 30.09.2026');
    expect(text).not.toContain('Fällig');
  });

  test('a Schlussrechnung to a private Bauherr says to keep it for two years; paid in full, no Skonto', async () => {
    const text = await pdfText({
      document_type: 'invoice',
      type_code: '877',
      due_date: '2026-09-19',
      prepaid_amount: '11900.00',
      payment: { early_payment_discounts: [{ days: 14, percent: '2' }] },
      line_items: [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '10000.00', taxes: VAT }],
    });
    expect(text).toContain('Schlussrechnung');
    expect(text).toContain('Bereits gezahlt -11.900,00 €');
    expect(text).toContain('Zu zahlen 0,00 €');
    expect(text).toContain('AUFBEWAHRUNGSPFLICHT');
    expect(text).toContain('zwei Jahre lang aufzubewahren');
    expect(text).not.toContain('Skonto');
  });
});
