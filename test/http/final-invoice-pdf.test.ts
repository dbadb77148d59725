// The PDF of a Schlussrechnung deducting its Abschlagsrechnungen by reference (deducted_invoices): after the
// total, each Abschlag by number and date with the gross it stated, then the VAT it stated on its net; then
// the amount due with the VAT still due in it (the VAT deducted is the Abschläge' own 570.03, not 570.02).
// FINAL_INVOICE_PDF_DIR=/tmp/x keeps the PDFs to look at (pdftoppm -png -r 70).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let firm: TestAccount;
let profileId = '';
let bauherrId = '';
let sequence = 0;
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const plain = (text: string) => text.replace(/\s+/g, ' ');

async function issued(body: Record<string, unknown>): Promise<{ id: string; number: string }> {
  sequence += 1;
  const created = await call('POST', '/api/v1/documents', {
    number: `AR-2026-00${sequence}`,
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: profileId,
    customer_id: bauherrId,
    ...body,
  });
  expect(created.body.error ?? null).toBeNull();
  expect((await call('POST', `/api/v1/documents/${created.body.data.id}/finalize`)).status).toBe(200);
  return created.body.data;
}

async function pdfText(id: string, file: string): Promise<string> {
  const render = await call('POST', `/api/v1/documents/${id}/renders`, {});
  expect(render.body.error ?? null).toBeNull();
  const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, { key: firm.apiKey });
  expect(pdf.status).toBe(200);
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  if (process.env.FINAL_INVOICE_PDF_DIR) writeFileSync(`${process.env.FINAL_INVOICE_PDF_DIR}/${file}`, bytes);
  return plain((await inspectPdf(bytes)).text);
}

const abschlaege: { id: string; number: string }[] = [];

beforeAll(async () => {
  server = await startServer({ startJobs: false, renderWorkers: 0 });
  firm = await makeAccount(server);
  profileId = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Müller Bau GmbH',
      tax_id: 'DE811234567',
      address: { line1: 'Aachener Straße 100', city: 'Köln', postal_code: '50674', country: 'DE' },
      bank_account: { iban: 'DE89 3704 0044 0532 0130 00' },
    })
  ).id;
  bauherrId = (
    await makeCustomer(server, firm, {
      name: 'Familie Schmitz',
      billing_address: { line1: 'Lindenweg 5', city: 'Köln', postal_code: '50935', country: 'DE' },
    })
  ).id;
  for (const date of ['2026-03-15', '2026-04-15', '2026-05-15', '2026-05-20']) {
    abschlaege.push(
      await issued({
        type_code: '875',
        issue_date: date,
        locale: 'de-DE',
        line_items: [{ name: 'Abschlag Rohbau', quantity: '1', unit_price: '1000.03', taxes: VAT }],
      }),
    );
  }
});
afterAll(async () => {
  await server?.stop();
});

const schluss = (locale: string, number: string, ids: string[]) =>
  issued({
    number,
    type_code: '877',
    issue_date: '2026-06-30',
    due_date: '2026-07-14',
    locale,
    deducted_invoices: ids,
    line_items: [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '5000.00', taxes: VAT }],
  });

describe('a Schlussrechnung deducting its Abschläge, on paper', () => {
  test('German: each Abschlag with number, date, gross, VAT on net; then the amount due and its VAT', async () => {
    const final = await schluss(
      'de-DE',
      'SR-2026-001',
      abschlaege.slice(0, 3).map((a) => a.id),
    );
    const text = await pdfText(final.id, 'schluss-de.pdf');
    expect(text).toContain('Schlussrechnung');
    // The label wraps in the totals column: its amount sits beside its first line.
    expect(text).toContain('abzüglich Abschlagsrechnung -1.190,04 € AR-2026-001 vom 15.03.2026');
    expect(text).toContain('abzüglich Abschlagsrechnung -1.190,04 € AR-2026-002 vom 15.04.2026');
    expect(text).toContain('darin USt 19 % auf netto 1.000,03 € -190,01 €');
    // Named in the totals, not once more under the invoice's number and date.
    expect(text).not.toContain('Vorausgehende');
    expect(text).not.toContain('Bereits gezahlt');
    expect(text).toContain('abzüglich Abschlagsrechnung -1.190,04 € AR-2026-003 vom 15.05.2026');
    expect(text).toContain('Zu zahlen 2.379,88 €');
    // 950.00 VAT less the 3 x 190.01 = 570.03 the Abschläge stated (from their gross sum: 570.02, 379.98).
    expect(text).toContain('enthaltene USt 19 % 379,97 €');
  });

  test('English: a fourth Abschlag deducted, the VAT still due is 950.00 less its 190.01', async () => {
    const final = await schluss('en-GB', 'SR-2026-002', [abschlaege[3]?.id ?? '']);
    const text = await pdfText(final.id, 'schluss-en.pdf');
    expect(text).toContain('less progress invoice AR-2026-004 -€1,190.04 of 20 May 2026');
    expect(text).toContain('incl. USt 19% on net €1,000.03 -€190.01');
    expect(text).toContain('Amount due €4,759.96 incl. USt 19% €759.99');
  });

  test('the console’s preview of a draft deducting Abschläge already deducted by that draft draws them', async () => {
    // Deducted by the German Schlussrechnung above: a preview stores nothing, so it is not refused.
    const res = await server.request('/api/v1/documents/preview', {
      method: 'POST',
      key: firm.apiKey,
      body: {
        document_type: 'invoice',
        number: 'SR-2026-003',
        issue_date: '2026-06-30',
        currency: 'EUR',
        locale: 'de-DE',
        tax_scheme: 'VAT',
        business_profile_id: profileId,
        customer_id: bauherrId,
        type_code: '877',
        deducted_invoices: [abschlaege[0]?.id],
        line_items: [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '5000.00', taxes: VAT }],
      },
    });
    expect(res.status).toBe(200);
    const text = plain((await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text);
    expect(text).toContain('abzüglich Abschlagsrechnung -1.190,04 € AR-2026-001 vom 15.03.2026');
    expect(text).toContain('Zu zahlen 4.759,96 €');
  });
});
