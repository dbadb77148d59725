// The preceding invoice (BG-3) of a stored document comes from its source document only when that is an
// invoice: a credit note's corrected invoice, a corrected invoice's (384: XRechnung's BR-DE-26 asks for
// it, UStAE 14.11 asks the correction to name it, printed on the PDF). An invoice made from a quote or an
// order keeps that quote as its source but names no preceding invoice: the first release wrote the
// quote's number into BG-3.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { pdfPagesText, savePdf } from '../rendering-fixtures';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account);
  const customer = await makeCustomer(server, account);
  parties = { profileId: profile.id, customerId: customer.id };
});
afterAll(() => server.stop());

const xmlOf = async (id: string) =>
  await (
    await server.request(`/api/v1/documents/${id}/xml?profile=xrechnung_ubl`, { key: account.apiKey })
  ).text();

async function pdfTextOf(id: string): Promise<string> {
  const res = await server.json(`/api/v1/documents/${id}/renders`, {
    method: 'POST',
    key: account.apiKey,
    body: {},
  });
  expect(res.status).toBe(200);
  const url = new URL(res.body.data.download_url as string);
  const download = await fetch(`${server.url}${url.pathname}${url.search}`);
  expect(download.status).toBe(200);
  return pdfPagesText(savePdf(new Uint8Array(await download.arrayBuffer())))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('the preceding invoice of a stored document', () => {
  test('an invoice made from a quote names none; a corrected invoice (384) names the invoice it corrects', async () => {
    const quote = await makeDocument(
      server,
      account,
      parties,
      { document_type: 'quote', number: 'AN-2026-0001', locale: 'de-DE', tax_scheme: 'VAT' },
      ['finalize'],
    );
    const fromQuote = await makeDocument(
      server,
      account,
      parties,
      { number: 'RE-2026-0001', source_document_id: quote.id, locale: 'de-DE', tax_scheme: 'VAT' },
      ['finalize'],
    );
    expect(fromQuote.source_document_id).toBe(quote.id);
    const plain = await xmlOf(fromQuote.id);
    expect(plain).toContain('<cbc:ID>RE-2026-0001</cbc:ID>');
    expect(plain).not.toContain('BillingReference');
    expect(plain).not.toContain('AN-2026-0001');
    expect(await pdfTextOf(fromQuote.id)).not.toContain('Vorausgehende Rechnung');

    const corrected = await makeDocument(
      server,
      account,
      parties,
      {
        number: 'RE-2026-0002',
        type_code: '384',
        source_document_id: fromQuote.id,
        locale: 'de-DE',
        tax_scheme: 'VAT',
      },
      ['finalize'],
    );
    const xml = await xmlOf(corrected.id);
    expect(xml).toContain('<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(
      /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2026-0001<\/cbc:ID>\s*<cbc:IssueDate>2026-11-02<\/cbc:IssueDate>/,
    );
    expect(await pdfTextOf(corrected.id)).toContain('Vorausgehende Rechnung RE-2026-0001 (02.11.2026)');
    // A delivery note made from the invoice is no invoice: it names no preceding invoice.
    const note = await makeDocument(
      server,
      account,
      parties,
      {
        document_type: 'delivery_note',
        number: 'LS-2026-0001',
        source_document_id: fromQuote.id,
        locale: 'de-DE',
        line_items: [{ name: 'Consulting', quantity: '10' }],
      },
      ['finalize'],
    );
    expect(await pdfTextOf(note.id)).not.toContain('Vorausgehende Rechnung');
  });
});
