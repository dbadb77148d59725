import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

// Issue 27 point 5: a buyer that needs an e-invoice gets it with the e-mail.
let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'rechnung@nordlicht.example' }), startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

const SELLER = {
  legal_name: 'Ingenieurbüro Nordlicht GmbH',
  email: 'rechnung@nordlicht.example',
  phone: '+49 30 1234567',
  tax_id: 'DE123456789',
  address: { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' },
  electronic_address: { scheme: '9930', value: 'DE123456789' },
  bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};

/** A finalized, rendered invoice to a buyer with `einvoice_profile`, its number `number`. */
async function invoiceFor(einvoiceProfile: string | null, number: string, format = 'pdf') {
  const profile = (await call('POST', '/api/v1/business-profiles', SELLER)).body.data;
  const customer = (
    await call('POST', '/api/v1/customers', {
      name: 'Bundesamt für Beispiele',
      email: 'eingang@bundesamt.example',
      billing_address: { line1: 'Am Amt 1', city: 'Bonn', postal_code: '53113', country: 'DE' },
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
          name: 'Gutachten',
          quantity: '1',
          unit_price: '1250.00',
          taxes: [{ name: 'USt', rate: '19', category: 'S' }],
        },
      ],
    })
  ).body.data;
  const finalized = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
  expect(finalized.body.error ?? null).toBeNull();
  const render = await call('POST', `/api/v1/documents/${doc.id}/renders`, { format });
  expect(render.body.error ?? null).toBeNull();
  return doc;
}

async function sendAndReceive(documentId: string, body: Record<string, unknown> = {}) {
  const before = smtp.messages.length;
  const res = await call('POST', `/api/v1/documents/${documentId}/send`, {
    to: ['eingang@bundesamt.example'],
    ...body,
  });
  expect(res.body.error ?? null).toBeNull();
  await server.jobs.runDue();
  const delivery = (await call('GET', `/api/v1/deliveries/${res.body.data.id}`)).body.data;
  expect(delivery.error_message).toBeNull();
  expect(delivery.status).toBe('sent');
  const mail = smtp.messages[before];
  if (!mail) throw new Error('no mail received');
  return { delivery, attachments: mail.parsed.attachments };
}

describe('sending carries the e-invoice the buyer needs', () => {
  test('XRechnung: the XML named after the number beside the PDF, exactly what the XML route writes', async () => {
    const doc = await invoiceFor('xrechnung_ubl', 'RE/2026/0042');
    const { delivery, attachments } = await sendAndReceive(doc.id);
    expect(delivery.einvoice_profile).toBe('xrechnung_ubl');
    expect(attachments.map((a: { filename?: string }) => a.filename)).toEqual([
      'RE-2026-0042.pdf',
      'RE-2026-0042.xml',
    ]);
    const xml = Buffer.from(attachments[1]?.content ?? []).toString('utf8');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('<cbc:BuyerReference>991-12345-67</cbc:BuyerReference>');
    const route = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
      key: account.apiKey,
    });
    expect(xml).toBe(await route.text());
  }, 60_000);

  test('Peppol and XRechnung CII too; attach_einvoice false sends the PDF alone', async () => {
    const peppol = await invoiceFor('peppol_bis_billing_3', 'RE-2026-0043');
    const sent = await sendAndReceive(peppol.id);
    expect(sent.attachments.map((a: { filename?: string }) => a.filename)).toEqual([
      'RE-2026-0043.pdf',
      'RE-2026-0043.xml',
    ]);
    expect(Buffer.from(sent.attachments[1]?.content ?? []).toString('utf8')).toContain('peppol');
    const cii = await invoiceFor('xrechnung_cii', 'RE-2026-0044');
    const alone = await sendAndReceive(cii.id, { attach_einvoice: false });
    expect(alone.attachments.map((a: { filename?: string }) => a.filename)).toEqual(['RE-2026-0044.pdf']);
    expect(alone.delivery).not.toHaveProperty('einvoice_profile');
  }, 60_000);

  test('an invoice e-mailed is "sent" once the mail is out, and can be e-mailed again (issue 36)', async () => {
    const doc = await invoiceFor(null, 'RE-2026-0048');
    const queued = await call('POST', `/api/v1/documents/${doc.id}/send`, { to: ['a@b.example'] });
    expect(queued.status).toBe(200);
    // Queued only: SPEC 3 leaves the document finalized by the request itself.
    expect((await call('GET', `/api/v1/documents/${doc.id}`)).body.data.status).toBe('finalized');
    await server.jobs.runDue();
    const sent = (await call('GET', `/api/v1/documents/${doc.id}`)).body.data;
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toEqual(expect.any(String));
    const { delivery } = await sendAndReceive(doc.id);
    expect(delivery.status).toBe('sent');
    expect((await call('GET', `/api/v1/documents/${doc.id}`)).body.data.sent_at).toBe(sent.sent_at);
    // The render was made for an hour (the default); e-mailed, its link lives a week from the send.
    const render = (await call('GET', `/api/v1/renders/${delivery.render_id}`)).body.data;
    expect(new Date(render.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  }, 60_000);

  test('a buyer without an e-invoice profile gets the PDF as before', async () => {
    const doc = await invoiceFor(null, 'RE-2026-0045');
    const { attachments, delivery } = await sendAndReceive(doc.id, { attach_einvoice: true });
    expect(attachments).toHaveLength(1);
    expect(delivery).not.toHaveProperty('einvoice_profile');
  });

  test('Factur-X: sending draws the Factur-X PDF itself when the newest render is a plain PDF (issue 36)', async () => {
    const plain = await invoiceFor('factur_x_en16931', 'RE-2026-0046');
    const sent = await sendAndReceive(plain.id, { attach_pdf: false });
    expect(sent.attachments.map((a: { filename?: string }) => a.filename)).toEqual(['RE-2026-0046.pdf']);
    expect(Buffer.from(sent.attachments[0]?.content ?? []).toString('latin1')).toContain('factur-x.xml');
    // The delivery links the Factur-X render it drew (its compliance check recorded), with the same template.
    const drawn = (await call('GET', `/api/v1/renders/${sent.delivery.render_id}`)).body.data;
    expect(drawn.compliance?.profile).toBe('factur_x_en16931');
    const doc = await invoiceFor('factur_x_en16931', 'RE-2026-0047', 'facturx_pdf');
    const again = await sendAndReceive(doc.id, { attach_pdf: false });
    expect(Buffer.from(again.attachments[0]?.content ?? []).toString('latin1')).toContain('factur-x.xml');
    // A Factur-X render already there is the one sent: none drawn again.
    const second = await sendAndReceive(doc.id, { attach_pdf: false });
    expect(second.delivery.render_id).toBe(again.delivery.render_id);
  }, 60_000);
});
