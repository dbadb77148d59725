import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanLine as line } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

// A small Berlin engineering office invoicing a federal authority (XRechnung) and a café (PDF): issue 27.
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
/** A draft of the German defaults (EUR, VAT, one 19 % line) with `extra` over them. */
async function draft(profileId: string, customerId: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/documents', {
    number: `RE-${Math.random()}`,
    issue_date: '2026-11-20',
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: profileId,
    customer_id: customerId,
    line_items: [line()],
    ...extra,
  });
  if (res.status !== 200) throw new Error(`draft not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const locs = (res: { body: any }) => res.body.error.details.fields.map((f: { loc: string }) => f.loc);

describe('business profile: bank account, Steuernummer, register, directors, page size', () => {
  test('the German details are stored and answered; unset ones are left out', async () => {
    const res = await call('POST', '/api/v1/business-profiles', GERMAN_SELLER);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tax_id: 'DE123456789',
      tax_number: '37/123/45678',
      registration_number: 'HRB 123456 B, Amtsgericht Charlottenburg',
      managing_directors: ['Erika Mustermann', 'Max Mustermann'],
      default_page_size: 'A4',
      bank_account: GERMAN_SELLER.bank_account,
    });
    const bare = await call('POST', '/api/v1/business-profiles', { legal_name: 'Café Morgenrot' });
    for (const field of ['bank_account', 'tax_number', 'registration_number', 'managing_directors']) {
      expect(bare.body.data).not.toHaveProperty(field);
    }
    const cleared = await call('PATCH', `/api/v1/business-profiles/${res.body.data.id}`, {
      bank_account: null,
      managing_directors: 'Erika Mustermann',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('bank_account');
    expect(cleared.body.data.managing_directors).toBe('Erika Mustermann');
  });

  test('a wrong IBAN check number, a malformed BIC and an unknown page size are field errors', async () => {
    const res = await call('POST', '/api/v1/business-profiles', {
      legal_name: 'Tippfehler GmbH',
      bank_account: { iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA-DE' },
    });
    expect(res.status).toBe(422);
    expect(locs(res).sort()).toEqual(['body.bank_account.bic', 'body.bank_account.iban']);
    const page = await call('POST', '/api/v1/business-profiles', {
      legal_name: 'X',
      default_page_size: 'A5',
    });
    expect(page.status).toBe(422);
    expect(locs(page)[0]).toStartWith('body.default_page_size');
    // Valid IBANs of other countries and an 8-character BIC pass.
    for (const iban of ['GB82 WEST 1234 5698 7654 32', 'AT611904300234573201', 'NL91ABNA0417164300']) {
      const ok = await call('POST', '/api/v1/business-profiles', {
        legal_name: 'Ok',
        bank_account: { iban, bic: 'WESTGB22' },
      });
      expect(ok.status).toBe(200);
    }
  });

  test("the profile's account is its documents' payment means; a document's own wins", async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Café Morgenrot' })).body.data;
    const base = {
      issue_date: '2026-11-20',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [line()],
    };
    const doc = (await call('POST', '/api/v1/documents', { ...base, number: 'RE-2026-0100' })).body.data;
    expect(doc.data.seller).toMatchObject({
      tax_number: '37/123/45678',
      registration_number: 'HRB 123456 B, Amtsgericht Charlottenburg',
      managing_directors: 'Erika Mustermann, Max Mustermann',
      bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    });
    const xml = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
      key: account.apiKey,
    });
    const text = await xml.text();
    expect(text).toContain('<cbc:ID>DE89370400440532013000</cbc:ID>');
    expect(text).toContain('COBADEFFXXX');
    expect(text).toContain('37/123/45678');
    const own = (
      await call('POST', '/api/v1/documents', {
        ...base,
        number: 'RE-2026-0101',
        payment: { bank_account: { account_number: 'DE02120300000000202051', account_name: 'Treuhand' } },
      })
    ).body.data;
    const ownXml = await (
      await server.request(`/api/v1/documents/${own.id}/xml?profile=xrechnung_ubl`, { key: account.apiKey })
    ).text();
    expect(ownXml).toContain('DE02120300000000202051');
    expect(ownXml).not.toContain('DE89370400440532013000');
  });
});

describe('customer: buyer reference and e-invoice profile', () => {
  test('stored and answered; a bad profile is a field error', async () => {
    const res = await call('POST', '/api/v1/customers', { ...AUTHORITY, buyer_reference: '991-00000-11' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      buyer_reference: '991-00000-11',
      einvoice_profile: 'xrechnung_ubl',
    });
    const bare = await call('POST', '/api/v1/customers', { name: 'Café' });
    expect(bare.body.data).not.toHaveProperty('einvoice_profile');
    expect(bare.body.data).not.toHaveProperty('buyer_reference');
    const bad = await call('POST', '/api/v1/customers', { name: 'X', einvoice_profile: 'zugferd_basic' });
    expect(bad.status).toBe(422);
    expect(locs(bad)[0]).toStartWith('body.einvoice_profile');
    const cleared = await call('PATCH', `/api/v1/customers/${res.body.data.id}`, { einvoice_profile: null });
    expect(cleared.body.data).not.toHaveProperty('einvoice_profile');
  });

  test("new documents take the customer's buyer reference, else its Leitweg-ID; a stated one wins", async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const withRef = (await call('POST', '/api/v1/customers', { ...AUTHORITY, buyer_reference: 'PO-7' })).body
      .data;
    const leitweg = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data;
    const make = (customerId: string, extra: Record<string, unknown> = {}) =>
      draft(profile.id, customerId, extra);
    expect((await make(withRef.id)).data.buyer_reference).toBe('PO-7');
    expect((await make(leitweg.id)).data.buyer_reference).toBe('991-12345-67');
    expect((await make(leitweg.id, { buyer_reference: 'own' })).data.buyer_reference).toBe('own');
  });
});

describe('finalize refuses what the buyer rejects', () => {
  test('no Leitweg-ID and an unclassified 0 % line: 422 compliance_failed naming the fields; still a draft', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const { electronic_address: _e, ...noLeitweg } = AUTHORITY;
    const customer = (
      await call('POST', '/api/v1/customers', {
        ...noLeitweg,
        electronic_address: { scheme: 'EM', value: 'eingang@bundesamt.example' },
      })
    ).body.data;
    const doc = await draft(profile.id, customer.id, {
      number: 'RE-2026-0200',
      delivery_date: '2026-11-18',
      line_items: [
        line(),
        line({ name: 'Fahrtkosten', unit_price: '80.00', taxes: [{ name: 'USt', rate: '0' }] }),
      ],
    });
    // The same check without finalizing (the console asks it before Finalize): the same findings, no change.
    const dry = await call('POST', `/api/v1/documents/${doc.id}/finalize-check`);
    expect(dry.status).toBe(200);
    expect(dry.body.data.profile).toBe('xrechnung_ubl');
    const res = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('compliance_failed');
    const fields = res.body.error.details.violations.map((v: { field: string }) => v.field);
    expect(dry.body.data.violations.map((v: { field: string }) => v.field).sort()).toEqual(
      [...fields].sort(),
    );
    expect(fields).toContain('data.buyer_reference');
    expect(fields).toContain('data.line_items.1.taxes.0.category');
    for (const v of res.body.error.details.violations) {
      expect(Object.keys(v).sort()).toEqual(['field', 'message', 'rule']);
    }
    expect((await call('GET', `/api/v1/documents/${doc.id}`)).body.data.status).toBe('draft');

    // Fixed: the reference given, the 0 % line classified as exempt with its reason: finalize goes through.
    const fixed = await call('PATCH', `/api/v1/documents/${doc.id}`, {
      buyer_reference: '991-12345-67',
      line_items: [
        line(),
        line({
          name: 'Fahrtkosten',
          unit_price: '80.00',
          taxes: [
            { name: 'USt', rate: '0', category: 'E', exemption_reason: 'Steuerfrei nach § 4 Nr. 11 UStG' },
          ],
        }),
      ],
    });
    expect(fixed.status).toBe(200);
    const ok = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('finalized');
  }, 60_000);

  test('Skonto: written into BT-20 as XRechnung prescribes, and the official rules accept it (issue 36)', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data;
    const doc = await draft(profile.id, customer.id, {
      number: 'RE-2026-0290',
      delivery_date: '2026-11-18',
      payment: {
        instructions: 'Zahlbar innerhalb von 30 Tagen.',
        early_payment_discounts: [
          { days: 10, percent: '2' },
          { days: 20, percent: '1.5', base_amount: '100' },
        ],
      },
    });
    const finalized = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(finalized.body.error ?? null).toBeNull();
    const xml = await (
      await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, { key: account.apiKey })
    ).text();
    expect(xml).toContain(
      '<cbc:Note>Zahlbar innerhalb von 30 Tagen.\n#SKONTO#TAGE=10#PROZENT=2.00#\n#SKONTO#TAGE=20#PROZENT=1.50#BASISBETRAG=100.00#\n</cbc:Note>',
    );
    let n = 0;
    const refused = async (term: Record<string, unknown>) => {
      n += 1;
      const res = await call('POST', '/api/v1/documents', {
        number: `RE-2026-029${n}-X`,
        issue_date: '2026-11-20',
        currency: 'EUR',
        business_profile_id: profile.id,
        customer_id: customer.id,
        line_items: [line()],
        payment: { early_payment_discounts: [term] },
      });
      expect(res.status).toBe(422);
      return res.body.error.details.fields.map((f: { loc: string }) => f.loc);
    };
    expect(await refused({ days: 0, percent: '2' })).toEqual(['body.payment.early_payment_discounts.0.days']);
    expect(await refused({ days: 7, percent: '100' })).toEqual([
      'body.payment.early_payment_discounts.0.percent',
    ]);
    expect(await refused({ days: 7, percent: '2', base: '1' })).toContain(
      'body.payment.early_payment_discounts.0.base',
    );
  }, 60_000);

  test('a customer without an e-invoice profile finalizes as before', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', { legal_name: 'Café Morgenrot' })).body
      .data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Gast' })).body.data;
    const doc = await draft(profile.id, customer.id, {
      number: 'B-1',
      line_items: [line({ taxes: [{ name: 'USt', rate: '0' }] })],
    });
    const dry = await call('POST', `/api/v1/documents/${doc.id}/finalize-check`);
    expect(dry.body.data).toEqual({ profile: null, violations: [], notices: [] });
    const res = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(res.status).toBe(200);
  });

  test("the customer's Leitweg-ID completes a draft made before the customer had one", async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Amt', email: 'a@amt.example' })).body
      .data;
    const doc = await draft(profile.id, customer.id, {
      number: 'RE-2026-0300',
      delivery_date: '2026-11-20',
    });
    expect(doc.data.buyer_reference).toBeUndefined();
    await call('PATCH', `/api/v1/customers/${customer.id}`, {
      billing_address: AUTHORITY.billing_address,
      electronic_address: AUTHORITY.electronic_address,
      einvoice_profile: 'xrechnung_cii',
    });
    const res = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(res.body.error?.details).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body.data.data.buyer_reference).toBe('991-12345-67');
  }, 60_000);
});

describe("the PDF prints what German law requires, on the profile's page size", () => {
  async function renderText(documentId: string, body: Record<string, unknown> = {}) {
    const render = await call('POST', `/api/v1/documents/${documentId}/renders`, body);
    expect(render.status).toBe(200);
    const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
      key: account.apiKey,
    });
    return inspectPdf(new Uint8Array(await pdf.arrayBuffer()));
  }
  const plain = (text: string) => text.replace(/\s+/g, ' ');

  test('German: Leistungsdatum, USt-IdNr., Steuernummer, register, directors, IBAN; A4 unless asked', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Café Morgenrot' })).body.data;
    const doc = await draft(profile.id, customer.id, {
      number: 'RE-2026-0400',
      delivery_date: '2026-11-18',
    });
    await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    const pdf = await renderText(doc.id, { template_id: 'tpl_classic' });
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([595, 842]);
    const text = plain(pdf.text);
    for (const expected of [
      'Leistungsdatum',
      '18.11.2026',
      'USt-IdNr. DE123456789',
      'Steuernummer 37/123/45678',
      'HRB 123456 B, Amtsgericht Charlottenburg',
      'Geschäftsführer: Erika Mustermann, Max Mustermann',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
    ]) {
      expect(text).toContain(expected);
    }
    const letter = await renderText(doc.id, { page_size: 'LETTER' });
    expect(Math.round(letter.width)).toBe(612);
  }, 30_000);

  test('a payment reference (Verwendungszweck, BT-83): printed, in the QR code, written and read back', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Café Morgenrot' })).body.data;
    const doc = await draft(profile.id, customer.id, {
      number: 'RE-2026-0410',
      payment: { reference: 'RF18 5390 0754 7034' },
    });
    expect(doc.data.payment.reference).toBe('RF18 5390 0754 7034');
    await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    const text = plain((await renderText(doc.id, { template_id: 'tpl_classic' })).text);
    expect(text).toContain('Verwendungszweck RF18 5390 0754 7034');
    for (const profileName of ['xrechnung_ubl', 'xrechnung_cii']) {
      const xml = await (
        await server.request(`/api/v1/documents/${doc.id}/xml?profile=${profileName}`, {
          key: account.apiKey,
        })
      ).text();
      expect(xml).toMatch(/<(cbc:PaymentID|ram:PaymentReference)>RF18 5390 0754 7034</);
      const read = await server.json('/api/v1/einvoices/parse', {
        method: 'POST',
        key: account.apiKey,
        body: { xml },
      });
      expect(read.body.data.data.payment.reference).toBe('RF18 5390 0754 7034');
    }
    const long = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0411',
      issue_date: '2026-11-20',
      currency: 'EUR',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [line()],
      payment: { reference: 'x'.repeat(141) },
    });
    expect(long.status).toBe(422);
    expect(locs(long)).toEqual(['body.payment.reference']);
  }, 30_000);

  test('English: date of supply and the invoicing period; a correction of a German invoice', async () => {
    const profile = (
      await call('POST', '/api/v1/business-profiles', { ...GERMAN_SELLER, default_locale: 'en-GB' })
    ).body.data;
    const customer = (await call('POST', '/api/v1/customers', { name: 'Harbour Ltd' })).body.data;
    const base = {
      issue_date: '2026-11-20',
      currency: 'EUR',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [line()],
    };
    const invoice = (
      await call('POST', '/api/v1/documents', {
        ...base,
        number: 'RE-2026-0500',
        invoice_period: { start_date: '2026-11-01', end_date: '2026-11-30' },
      })
    ).body.data;
    await call('POST', `/api/v1/documents/${invoice.id}/finalize`);
    const text = plain((await renderText(invoice.id)).text);
    expect(text).toContain('Period');
    expect(text).toContain('1 Nov 2026 – 30 Nov 2026');
    expect(text).toContain('Tax no. 37/123/45678');
    const credit = (
      await call('POST', '/api/v1/documents', {
        ...base,
        document_type: 'credit_note',
        number: 'RK-2026-0001',
        locale: 'de-DE',
        source_document_id: invoice.id,
        reason: 'Preisnachlass',
      })
    ).body.data;
    await call('POST', `/api/v1/documents/${credit.id}/finalize`);
    const german = plain((await renderText(credit.id)).text);
    expect(german).toContain('Rechnungskorrektur');
    expect(german).toContain('Korrektur der Rechnung RE-2026-0500');
    expect(german).not.toContain('Gutschrift');
  }, 30_000);
});

describe('finalize without the official rules installed', () => {
  test('the built-in checks alone refuse a missing Leitweg-ID', async () => {
    const bare = await startServer({ rulesetsDir: null });
    try {
      const owner = await makeAccount(bare);
      const ask = (method: string, path: string, body?: unknown) =>
        bare.json(path, { method, key: owner.apiKey, body });
      const profile = (await ask('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
      const { electronic_address: _e, ...authority } = AUTHORITY;
      const customer = (await ask('POST', '/api/v1/customers', authority)).body.data;
      const doc = (
        await ask('POST', '/api/v1/documents', {
          number: 'RE-2026-0600',
          issue_date: '2026-11-20',
          currency: 'EUR',
          tax_scheme: 'VAT',
          business_profile_id: profile.id,
          customer_id: customer.id,
          line_items: [line()],
        })
      ).body.data;
      const res = await ask('POST', `/api/v1/documents/${doc.id}/finalize`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('compliance_failed');
      expect(res.body.error.details.violations).toContainEqual({
        rule: 'BR-DE-15',
        field: 'data.buyer_reference',
        message: 'The buyer reference (Leitweg-ID, BT-10) shall be provided.',
      });
      expect((await ask('GET', `/api/v1/documents/${doc.id}`)).body.data.status).toBe('draft');
    } finally {
      await bare.stop();
    }
  }, 30_000);
});

describe("a customer's contact person (BT-56, z. Hd.)", () => {
  test('stored, copied into its documents, printed, written into the XRechnung; null clears it', async () => {
    const profile = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data;
    const created = await call('POST', '/api/v1/customers', {
      ...AUTHORITY,
      contact_name: '  Frau Weber, Referat Z 2  ',
    });
    expect(created.status).toBe(200);
    const customer = created.body.data;
    expect(customer.contact_name).toBe('Frau Weber, Referat Z 2');

    const doc = await draft(profile.id, customer.id, { number: 'RE-2026-0577', delivery_date: '2026-11-18' });
    expect(doc.data.buyer.contact_name).toBe('Frau Weber, Referat Z 2');
    const final = await call('POST', `/api/v1/documents/${doc.id}/finalize`);
    expect(final.status).toBe(200);
    const xml = await (
      await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, { key: account.apiKey })
    ).text();
    expect(xml).toMatch(
      /<cac:AccountingCustomerParty>[\s\S]*<cac:Contact>\s*<cbc:Name>Frau Weber, Referat Z 2<\/cbc:Name>/,
    );
    const render = await call('POST', `/api/v1/documents/${doc.id}/renders`, {});
    const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
      key: account.apiKey,
    });
    const text = (await inspectPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('z. Hd. Frau Weber, Referat Z 2');
    // The customer's statement addresses the contact person the same way.
    const statement = await server.request(
      `/api/v1/customers/${customer.id}/statement?from=2026-11-01&to=2026-11-30`,
      { key: account.apiKey, headers: { accept: 'application/pdf' } },
    );
    expect(statement.status).toBe(200);
    const statementText = (await inspectPdf(new Uint8Array(await statement.arrayBuffer()))).text;
    expect(statementText.replace(/\s+/g, ' ')).toContain('z. Hd. Frau Weber, Referat Z 2');

    const cleared = await call('PATCH', `/api/v1/customers/${customer.id}`, { contact_name: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('contact_name');
    const later = await draft(profile.id, customer.id);
    expect(later.data.buyer).not.toHaveProperty('contact_name');
    const tooLong = await call('PATCH', `/api/v1/customers/${customer.id}`, {
      contact_name: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(422);
    expect(locs(tooLong)).toEqual(['body.contact_name']);
  }, 30_000);
});

describe("a business profile's contact person (BT-41) and further legal information (BT-33)", () => {
  test('stored, copied into the seller, printed, written into the XRechnung; null clears them', async () => {
    const created = await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      contact_name: 'Buchhaltung, Frau Weber',
      legal_info: 'Sitz der Gesellschaft: Berlin',
    });
    expect(created.status).toBe(200);
    const profile = created.body.data;
    expect(profile).toMatchObject({
      contact_name: 'Buchhaltung, Frau Weber',
      legal_info: 'Sitz der Gesellschaft: Berlin',
    });
    const customer = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data;
    const doc = await draft(profile.id, customer.id, { number: 'RE-2026-0578', delivery_date: '2026-11-18' });
    expect(doc.data.seller).toMatchObject({
      contact_name: 'Buchhaltung, Frau Weber',
      legal_info: 'Sitz der Gesellschaft: Berlin',
    });
    expect((await call('POST', `/api/v1/documents/${doc.id}/finalize`)).status).toBe(200);
    const xml = await (
      await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, { key: account.apiKey })
    ).text();
    const seller = xml.slice(
      xml.indexOf('<cac:AccountingSupplierParty>'),
      xml.indexOf('</cac:AccountingSupplierParty>'),
    );
    expect(seller).toContain('<cbc:CompanyLegalForm>Sitz der Gesellschaft: Berlin</cbc:CompanyLegalForm>');
    expect(seller).toMatch(/<cac:Contact>\s*<cbc:Name>Buchhaltung, Frau Weber<\/cbc:Name>/);
    const render = await call('POST', `/api/v1/documents/${doc.id}/renders`, {});
    const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
      key: account.apiKey,
    });
    const text = (await inspectPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Ansprechpartner: Buchhaltung, Frau Weber');
    expect(text).toContain('Sitz der Gesellschaft: Berlin');

    const cleared = await call('PATCH', `/api/v1/business-profiles/${profile.id}`, {
      contact_name: null,
      legal_info: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('contact_name');
    expect(cleared.body.data).not.toHaveProperty('legal_info');
  }, 30_000);
});
