import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

// An authority's invoice intake must understand what it got: the mail says which attachment is the
// e-invoice (the XRechnung XML, or the Factur-X PDF that carries it), in the mail's language.
let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    smtpUrl: smtp.url({ from: 'rechnung@elektro-schmidt.example' }),
    startJobs: false,
  });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function invoiceFor(einvoiceProfile: string | null, number: string, locale: string) {
  const profile = (
    await call('POST', '/api/v1/business-profiles', {
      legal_name: 'Elektro Schmidt GmbH',
      email: 'rechnung@elektro-schmidt.example',
      phone: '+49 30 555123',
      tax_id: 'DE123456789',
      default_locale: locale,
      address: { line1: 'Sonnenallee 5', city: 'Berlin', postal_code: '12045', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    })
  ).body.data;
  const customer = (
    await call('POST', '/api/v1/customers', {
      name: 'Bezirksamt Neukölln',
      email: 'rechnungseingang@ba-nk.example',
      billing_address: { line1: 'Karl-Marx-Straße 83', city: 'Berlin', postal_code: '12040', country: 'DE' },
      electronic_address: { scheme: '0204', value: '991-12345-67' },
      einvoice_profile: einvoiceProfile,
    })
  ).body.data;
  const doc = (
    await call('POST', '/api/v1/documents', {
      number,
      issue_date: '2026-11-20',
      delivery_date: '2026-11-18',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [
        {
          name: 'Wartung Elektroanlage',
          quantity: '1',
          unit_price: '250.00',
          taxes: [{ name: 'USt', rate: '19', category: 'S' }],
        },
      ],
    })
  ).body.data;
  expect((await call('POST', `/api/v1/documents/${doc.id}/finalize`)).body.error ?? null).toBeNull();
  expect((await call('POST', `/api/v1/documents/${doc.id}/renders`, {})).body.error ?? null).toBeNull();
  return doc;
}

async function mailOf(documentId: string, body: Record<string, unknown> = {}) {
  const before = smtp.messages.length;
  const res = await call('POST', `/api/v1/documents/${documentId}/send`, {
    to: ['rechnungseingang@ba-nk.example'],
    ...body,
  });
  expect(res.body.error ?? null).toBeNull();
  await server.jobs.runDue();
  const mail = smtp.messages[before];
  if (!mail) throw new Error('no mail received');
  return { text: mail.parsed.text ?? '', files: mail.parsed.attachments.map((a) => a.filename) };
}

describe('the mail says which attachment is the e-invoice', () => {
  test('XRechnung alone (no PDF): the XML named as the e-invoice, in German', async () => {
    const doc = await invoiceFor('xrechnung_ubl', 'RE-2026-0101', 'de-DE');
    const mail = await mailOf(doc.id, { attach_pdf: false });
    expect(mail.files).toEqual(['RE-2026-0101.xml']);
    expect(mail.text).toContain('Die E-Rechnung (XRechnung, XML) ist als RE-2026-0101.xml beigefügt.');
    expect(mail.text).not.toContain('Ansicht');
  }, 60_000);

  test('XRechnung beside the PDF: the PDF is the copy to read, in English', async () => {
    const doc = await invoiceFor('xrechnung_cii', 'RE-2026-0102', 'en-GB');
    const mail = await mailOf(doc.id);
    expect(mail.files).toEqual(['RE-2026-0102.pdf', 'RE-2026-0102.xml']);
    expect(mail.text).toContain(
      'The e-invoice (XRechnung, XML) is attached as RE-2026-0102.xml; RE-2026-0102.pdf is a copy to read.',
    );
  }, 60_000);

  test('Factur-X: the PDF contains the e-invoice; a buyer without a profile gets no such sentence', async () => {
    const doc = await invoiceFor('factur_x_en16931', 'RE-2026-0103', 'de-DE');
    const mail = await mailOf(doc.id);
    expect(mail.files).toEqual(['RE-2026-0103.pdf']);
    expect(mail.text).toContain('Das PDF ist eine E-Rechnung (Factur-X/ZUGFeRD, EN 16931)');
    const plain = await invoiceFor(null, 'RE-2026-0104', 'de-DE');
    expect((await mailOf(plain.id)).text).not.toContain('E-Rechnung');
  }, 60_000);

  test('a correction names the invoice it corrects, and the XRechnung credit note attached', async () => {
    const invoice = await invoiceFor('xrechnung_ubl', 'RE-2026-0105', 'de-DE');
    const correction = await call('POST', '/api/v1/documents', {
      number: 'RK-2026-0001',
      document_type: 'credit_note',
      source_document_id: invoice.id,
      reason: 'Nachlass Anfahrt',
      issue_date: '2026-11-25',
      delivery_date: '2026-11-18',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: invoice.business_profile_id,
      customer_id: invoice.customer_id,
      line_items: [
        {
          name: 'Nachlass Anfahrt',
          quantity: '1',
          unit_price: '20.00',
          taxes: [{ name: 'USt', rate: '19', category: 'S' }],
        },
      ],
    });
    expect(correction.body.error ?? null).toBeNull();
    const id = correction.body.data.id;
    expect((await call('POST', `/api/v1/documents/${id}/finalize`)).body.error ?? null).toBeNull();
    expect((await call('POST', `/api/v1/documents/${id}/renders`, {})).body.error ?? null).toBeNull();
    const mail = await mailOf(id);
    expect(mail.files).toEqual(['RK-2026-0001.pdf', 'RK-2026-0001.xml']);
    expect(mail.text).toContain(
      'anbei erhalten Sie: Rechnungskorrektur RK-2026-0001 zur Rechnung RE-2026-0105',
    );
    expect(mail.text).toContain('Die E-Rechnung (XRechnung, XML) ist als RK-2026-0001.xml beigefügt');
  }, 60_000);
});
