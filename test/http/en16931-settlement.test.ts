// EN 16931 settlement terms beyond a plain transfer: prepaid and rounding amounts (BT-113/114) that the
// amount due follows, written into UBL and CII, drawn on the PDF, and passed by the official rules.
// ENGINE-INDEPENDENT TEST: what this file checks is the e-invoice's XML and the official rules' verdict;
// its documents are stored as every other's, which the PostgreSQL lane proves elsewhere (test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { makeDocument, makeParties } from '../document-factories';
import { baseData, creditNoteExtras, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let client: ReturnType<typeof einvoiceClient>;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  client = einvoiceClient(server, account);
});
afterAll(() => server.stop());

describe('prepaid amount (BT-113) and rounding amount (BT-114)', () => {
  const data = () => ({ ...baseData(), prepaid_amount: '500.00', rounding_amount: '0.02' });

  test('the totals carry them and the amount due follows: total - prepaid + rounding', async () => {
    const plain = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: client.apiKey,
      body: { data: baseData() },
    });
    expect(plain.status).toBe(200);
    const calc = plain.body.data.calculation;
    // Without them the totals keep the SPEC's five members: the total is due.
    expect(Object.keys(calc).sort()).toEqual([
      'discount_total',
      'shipping_total',
      'subtotal',
      'tax_total',
      'total',
    ]);

    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: client.apiKey,
      body: { data: data() },
    });
    expect(res.status).toBe(200);
    const totals = res.body.data.calculation;
    expect(totals.total).toEqual(calc.total);
    expect(totals.prepaid_amount).toEqual({ amount: '500.00', currency: 'EUR' });
    expect(totals.rounding_amount).toEqual({ amount: '0.02', currency: 'EUR' });
    const due = (BigInt(calc.total.amount.replace('.', '')) - 50000n + 2n).toString();
    expect(totals.amount_due.amount.replace('.', '')).toBe(due);
  });

  test('more decimals than the currency has, or no decimal, is a 422 at the field', async () => {
    for (const [field, value] of [
      ['prepaid_amount', '10.005'],
      ['rounding_amount', 'ten'],
    ] as const) {
      const res = await server.json('/api/v1/documents/calculate', {
        method: 'POST',
        key: client.apiKey,
        body: { data: { ...baseData(), [field]: value } },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe(`body.data.${field}`);
    }
  });

  test.each(PROFILES)(
    '%s: written as the standard says and valid (invoice and credit note)',
    async (profile) => {
      for (const documentType of ['invoice', 'credit_note']) {
        const doc = documentType === 'invoice' ? data() : { ...data(), ...creditNoteExtras };
        const xml = await client.xmlOf(profile, documentType, doc);
        if (isCii(profile)) {
          expect(xml).toMatch(/<ram:RoundingAmount>0\.02<\/ram:RoundingAmount>\s*<ram:GrandTotalAmount>/);
          expect(xml).toContain('<ram:TotalPrepaidAmount>500.00</ram:TotalPrepaidAmount>');
        } else {
          expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">500.00</cbc:PrepaidAmount>');
          expect(xml).toContain(
            '<cbc:PayableRoundingAmount currencyID="EUR">0.02</cbc:PayableRoundingAmount>',
          );
        }
        expect({ documentType, fatal: await client.fatalFindings(profile, documentType, doc) }).toEqual({
          documentType,
          fatal: [],
        });
      }
    },
  );

  test('the PDF shows the total, the prepaid and rounding lines and the amount due', async () => {
    const text = await client.pdfText({ data: data() });
    expect(text).toContain('Paid in advance');
    expect(text).toContain('Rounding');
    expect(text).toMatch(/Amount due/);
  });

  test('a stored draft keeps them, and a PATCH with null clears them', async () => {
    const parties = await makeParties(server, account);
    const doc = await makeDocument(server, account, parties, { prepaid_amount: '100.00' });
    expect(doc.totals.prepaid_amount).toEqual({ amount: '100.00', currency: 'EUR' });
    expect(doc.totals.amount_due.amount).toBe('137.88'); // 199.90 * 1.19 = 237.88, less 100
    const cleared = await server.json(`/api/v1/documents/${doc.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { prepaid_amount: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.totals.prepaid_amount).toBeUndefined();
    expect(cleared.body.data.totals.amount_due).toBeUndefined();
  });
});

describe('direct debit (BG-19) and payment card (BG-18)', () => {
  const directDebit = {
    mandate_reference: 'MANDAT-0815',
    creditor_id: 'DE98ZZZ09999999999',
    debited_account: 'DE75 5121 0800 1245 1261 99',
  };
  const card = {
    last_digits: '4242',
    holder_name: 'Erika Mustermann',
    network: 'VISA',
    type: 'credit' as const,
  };

  test.each(PROFILES)(
    '%s: a direct debit is written with mandate, creditor id and debited account',
    async (profile) => {
      for (const documentType of ['invoice', 'credit_note']) {
        const doc = { ...baseData(), ...(documentType === 'invoice' ? {} : creditNoteExtras) };
        doc.payment = { ...doc.payment, direct_debit: directDebit };
        const xml = await client.xmlOf(profile, documentType, doc);
        if (isCii(profile)) {
          expect(xml).toContain('<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>');
          expect(xml).toContain('<ram:TypeCode>59</ram:TypeCode>');
          expect(xml).toMatch(/<ram:PayerPartyDebtorFinancialAccount>\s*<ram:IBANID>DE75512108001245126199</);
          expect(xml).toContain('<ram:DirectDebitMandateID>MANDAT-0815</ram:DirectDebitMandateID>');
          expect(xml).not.toContain('PayeePartyCreditorFinancialAccount');
        } else {
          expect(xml).toContain('<cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID>');
          expect(xml).toContain('<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>');
          expect(xml).toMatch(
            /<cac:PaymentMandate>\s*<cbc:ID>MANDAT-0815<\/cbc:ID>\s*<cac:PayerFinancialAccount>\s*<cbc:ID>DE75512108001245126199</,
          );
        }
        expect({ documentType, fatal: await client.fatalFindings(profile, documentType, doc) }).toEqual({
          documentType,
          fatal: [],
        });
      }
    },
  );

  test.each(PROFILES)('%s: a card payment carries only the last digits and the holder', async (profile) => {
    const doc = { ...baseData() };
    doc.payment = { ...doc.payment, card };
    const xml = await client.xmlOf(profile, 'invoice', doc);
    if (isCii(profile)) {
      expect(xml).toMatch(
        /<ram:ApplicableTradeSettlementFinancialCard>\s*<ram:ID>4242<\/ram:ID>\s*<ram:CardholderName>Erika Mustermann</,
      );
      expect(xml).toContain('<ram:TypeCode>54</ram:TypeCode>');
    } else {
      expect(xml).toMatch(
        /<cac:CardAccount>\s*<cbc:PrimaryAccountNumberID>4242<\/cbc:PrimaryAccountNumberID>\s*<cbc:NetworkID>VISA<\/cbc:NetworkID>\s*<cbc:HolderName>Erika Mustermann</,
      );
    }
    expect(await client.fatalFindings(profile, 'invoice', doc)).toEqual([]);
  });

  test('a whole card number is refused at the field', async () => {
    const doc = { ...baseData() };
    doc.payment = { ...doc.payment, card: { last_digits: '4242424242424242' } };
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: doc },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.data.payment.card.last_digits');
  });

  test('the PDF says the amount is collected, masks the account, and offers no transfer QR code', async () => {
    const doc = { ...baseData() };
    doc.payment = { ...doc.payment, direct_debit: directDebit };
    const text = await client.pdfText({ data: doc });
    expect(text).toContain('Paid by direct debit');
    expect(text).toContain('MANDAT-0815');
    expect(text).toContain('DE98ZZZ09999999999');
    expect(text).toContain('DE75 •••• 6199');
    expect(text).not.toContain('5121 0800');
    expect(text).not.toContain('Scan with your banking app');
    const paidByCard = { ...baseData() };
    paidByCard.payment = { ...paidByCard.payment, card };
    expect(await client.pdfText({ data: paidByCard })).toContain('•••• 4242');
  });
});

describe('payee (BG-10) and seller tax representative (BG-11)', () => {
  const payee = {
    name: 'Factoring Bank AG',
    identifier: { id: '4000001000005', scheme_id: '0088' },
    registration_number: 'HRB 12345',
  };
  const taxRepresentative = {
    name: 'Steuerkanzlei Berger',
    vat_id: 'DE 123 456 788',
    address: { line1: 'Ringstraße 4', city: 'München', postal_code: '80331', country: 'DE' },
  };

  test.each(PROFILES)('%s: both are written where the standard puts them, and valid', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const doc = {
        ...baseData(),
        ...(documentType === 'invoice' ? {} : creditNoteExtras),
        payee,
        tax_representative: taxRepresentative,
      };
      const xml = await client.xmlOf(profile, documentType, doc);
      if (isCii(profile)) {
        expect(xml).toMatch(
          /<ram:PayeeTradeParty>\s*<ram:GlobalID schemeID="0088">4000001000005<\/ram:GlobalID>\s*<ram:Name>Factoring Bank AG</,
        );
        expect(xml).toMatch(/<ram:SellerTaxRepresentativeTradeParty>\s*<ram:Name>Steuerkanzlei Berger</);
        expect(xml).toContain('<ram:ID schemeID="VA">DE123456788</ram:ID>');
      } else {
        expect(xml).toMatch(
          /<cac:PayeeParty>[\s\S]*<cbc:Name>Factoring Bank AG<\/cbc:Name>[\s\S]*<\/cac:PayeeParty>/,
        );
        expect(xml).toMatch(
          /<cac:TaxRepresentativeParty>\s*<cac:PartyName>\s*<cbc:Name>Steuerkanzlei Berger</,
        );
        expect(xml).toContain('<cbc:CompanyID>DE123456788</cbc:CompanyID>');
      }
      expect({ documentType, fatal: await client.fatalFindings(profile, documentType, doc) }).toEqual({
        documentType,
        fatal: [],
      });
    }
  });

  test('with a direct debit the payee carries the creditor id (UBL), and the PDF names both', async () => {
    const doc = { ...baseData(), payee, tax_representative: taxRepresentative };
    const debit = { mandate_reference: 'M-1', creditor_id: 'DE98ZZZ09999999999' };
    doc.payment = { ...doc.payment, direct_debit: debit };
    // Without the debited account German rules refuse it, and tier 1 says so at the field.
    for (const profile of ['peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii']) {
      const result = await client.check(profile, 'invoice', doc);
      const tier1 = result.violations.filter((v: { ruleset: string }) => v.ruleset === 'tier1-mandatory');
      expect(tier1.map((v: { path: string }) => v.path)).toEqual([
        'data.payment.direct_debit.debited_account',
      ]);
      expect(result.valid).toBe(false);
    }
    doc.payment = { ...doc.payment, direct_debit: { ...debit, debited_account: 'DE75512108001245126199' } };
    const xml = await client.xmlOf('peppol_bis_billing_3', 'invoice', doc);
    expect(xml).toMatch(
      /<cac:PayeeParty>\s*<cac:PartyIdentification>[\s\S]*schemeID="SEPA">DE98ZZZ09999999999</,
    );
    expect(await client.fatalFindings('peppol_bis_billing_3', 'invoice', doc)).toEqual([]);
    const text = await client.pdfText({ data: doc });
    expect(text).toContain('Factoring Bank AG');
    expect(text).toContain('Steuerkanzlei Berger');
  });

  test('a tax representative without a VAT id or an address is a 422 naming the field', async () => {
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: { ...baseData(), tax_representative: { name: 'Berger' } } },
    });
    expect(res.status).toBe(422);
    const locs = res.body.error.details.fields.map((f: { loc: string }) => f.loc);
    expect(locs).toContain('body.data.tax_representative.vat_id');
  });
});

describe('an invoice in a foreign currency states its VAT in the accounting currency (BT-6, BT-111)', () => {
  const inUsd = () => ({
    ...baseData(),
    currency: 'USD',
    tax_currency: { currency: 'EUR', exchange_rate: '0.9213' },
  });

  test.each(PROFILES)('%s: tax currency code and converted VAT total, valid', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const doc = { ...inUsd(), ...(documentType === 'invoice' ? {} : creditNoteExtras) };
      const calc = await server.json('/api/v1/documents/calculate', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: documentType, data: doc },
      });
      expect(calc.status).toBe(200);
      const tax = (calc.body.data.calculation.tax_total.amount as string).replace(/^-/, '');
      // The VAT total x 0.9213, rounded half-up to cents, computed here with integers.
      const cents = BigInt(tax.replace('.', '')) * 9213n;
      const converted = (cents / 10000n + (cents % 10000n >= 5000n ? 1n : 0n)).toString();
      const expected = `${converted.slice(0, -2)}.${converted.slice(-2)}`;
      const xml = await client.xmlOf(profile, documentType, doc);
      if (isCii(profile)) {
        expect(xml).toMatch(/<ram:TaxCurrencyCode>EUR<\/ram:TaxCurrencyCode>\s*<ram:InvoiceCurrencyCode>USD/);
        expect(xml).toContain(`<ram:TaxTotalAmount currencyID="EUR">${expected}</ram:TaxTotalAmount>`);
      } else {
        expect(xml).toContain('<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>');
        expect(xml).toMatch(
          new RegExp(
            `<cac:TaxTotal>\\s*<cbc:TaxAmount currencyID="EUR">${expected}</cbc:TaxAmount>\\s*</cac:TaxTotal>`,
          ),
        );
      }
      expect({ documentType, fatal: await client.fatalFindings(profile, documentType, doc) }).toEqual({
        documentType,
        fatal: [],
      });
    }
  });

  test('the PDF states the VAT in EUR with the rate; the same currency twice is a 422', async () => {
    const text = await client.pdfText({ data: inUsd() });
    expect(text).toContain('VAT in EUR (1 USD = 0.9213 EUR)');
    const same = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: { ...baseData(), tax_currency: { currency: 'EUR', exchange_rate: '1' } } },
    });
    expect(same.status).toBe(422);
    expect(same.body.error.details.fields[0].loc).toBe('body.data.tax_currency.currency');
  });
});

describe('invoice note subject code (BT-21)', () => {
  test.each(PROFILES)('%s: written with the note and valid', async (profile) => {
    const doc = { ...baseData(), notes: 'Reverse charge applies.', notes_subject_code: 'REG' };
    const xml = await client.xmlOf(profile, 'invoice', doc);
    if (isCii(profile)) {
      expect(xml).toMatch(
        /<ram:IncludedNote>\s*<ram:Content>Reverse charge applies.<\/ram:Content>\s*<ram:SubjectCode>REG</,
      );
    } else {
      expect(xml).toContain('<cbc:Note>#REG#Reverse charge applies.</cbc:Note>');
    }
    expect(await client.fatalFindings(profile, 'invoice', doc)).toEqual([]);
  });
});

describe('allowances and charges with reasons and UNTDID codes (BG-20, BG-21, BG-27, BG-28)', () => {
  // Exclusive and inclusive VAT, a line charge on each kind, a coded discount and two document charges.
  const withCharges = (over: Partial<DocumentData> = {}): DocumentData => {
    const data = baseData();
    data.line_items = data.line_items.map((line, i) =>
      i === 0
        ? {
            ...line,
            discount: { type: 'fixed', value: '10.00', reason: 'Early booking', reason_code: '41' },
            charges: [{ amount: '7.50', reason: 'Materials', reason_code: 'ABK' }],
          }
        : i === 1
          ? { ...line, charges: [{ amount: '3.33', reason: 'Packaging', reason_code: 'ABL' }] }
          : line,
    );
    data.discounts = [{ type: 'fixed', value: '50.00', reason: 'Loyalty', reason_code: '95' }];
    data.shipping = { description: 'Courier', amount: '12.90', reason_code: 'FC' };
    data.charges = [
      { reason: 'Insurance', reason_code: 'ZZZ', amount: '4.20' },
      { reason: 'Handling', amount: '2.50' },
    ];
    return { ...data, ...over };
  };
  const inclusive = (): DocumentData => {
    const data = withCharges();
    data.line_items = data.line_items.map((line) => ({
      ...line,
      taxes: [{ name: 'VAT', rate: '19', category: 'S', inclusive: true }],
    }));
    return data;
  };

  test('the totals: line charges inside the line amounts, document charges in charge_total and the total', async () => {
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: withCharges() },
    });
    expect(res.status).toBe(200);
    const t = res.body.data.calculation;
    // Lines: 760 - 10 + 7.50 = 757.50; 2160 + 3.33 = 2163.33; 125 -> 3045.83.
    expect(t.subtotal.amount).toBe('3045.83');
    expect(t.charge_total.amount).toBe('6.70');
    // (3045.83 - 50 + 12.90 + 6.70) = 3015.43, VAT 19 % = 572.9317 -> 572.93.
    expect(t.tax_total.amount).toBe('572.93');
    expect(t.total.amount).toBe('3588.36');
  });

  test('a negative charge is a 422 at its amount (an allowance is a discount)', async () => {
    const data = withCharges({ charges: [{ reason: 'Refund', amount: '-1.00' }] });
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.data.charges.0.amount');
  });

  test.each(PROFILES)(
    '%s: reasons and codes written, valid for exclusive and inclusive VAT',
    async (profile) => {
      for (const [documentType, data] of [
        ['invoice', withCharges()],
        ['invoice', inclusive()],
        ['credit_note', { ...withCharges(), ...creditNoteExtras }],
      ] as const) {
        const xml = await client.xmlOf(profile, documentType, data);
        if (isCii(profile)) {
          expect(xml).toMatch(
            /<ram:ChargeIndicator>\s*<udt:Indicator>true<\/udt:Indicator>\s*<\/ram:ChargeIndicator>\s*<ram:ActualAmount>[0-9.]+<\/ram:ActualAmount>\s*<ram:ReasonCode>ABL<\/ram:ReasonCode>\s*<ram:Reason>Packaging</,
          );
          expect(xml).toMatch(/<ram:ReasonCode>41<\/ram:ReasonCode>\s*<ram:Reason>Early booking</);
          expect(xml).toMatch(/<ram:ReasonCode>ZZZ<\/ram:ReasonCode>\s*<ram:Reason>Insurance</);
          expect(xml).toContain('<ram:Reason>Handling</ram:Reason>');
        } else {
          expect(xml).toMatch(
            /<cbc:ChargeIndicator>true<\/cbc:ChargeIndicator>\s*<cbc:AllowanceChargeReasonCode>ABL<\/cbc:AllowanceChargeReasonCode>\s*<cbc:AllowanceChargeReason>Packaging</,
          );
          expect(xml).toMatch(/<cbc:AllowanceChargeReasonCode>41<\/cbc:AllowanceChargeReasonCode>/);
          expect(xml).toMatch(/<cbc:AllowanceChargeReasonCode>ZZZ<\/cbc:AllowanceChargeReasonCode>/);
          expect(xml).toContain('<cbc:AllowanceChargeReason>Handling</cbc:AllowanceChargeReason>');
        }
        expect({ documentType, fatal: await client.fatalFindings(profile, documentType, data) }).toEqual({
          documentType,
          fatal: [],
        });
      }
    },
  );

  test('the PDF names the line charges under their lines and the document charges in the totals', async () => {
    const text = await client.pdfText({ data: withCharges() });
    expect(text).toContain('+ Packaging: €3.33');
    expect(text).toContain('Insurance');
    expect(text).toContain('Handling');
    expect(text).toContain('€3,588.36');
  });

  test.each(PROFILES)(
    '%s: a percentage line discount states its percentage and base (BT-138, BT-137), valid and read back as a percentage',
    async (profile) => {
      const data = baseData();
      data.line_items = data.line_items.map((line, i) =>
        i === 0
          ? { ...line, discount: { type: 'percentage', value: '12.5', reason: 'Returning client' } }
          : line,
      );
      const [first] = data.line_items;
      const xml = await client.xmlOf(profile, 'invoice', data);
      // 8 x 95.00 = 760.00, 12.5 % of it 95.00.
      expect(xml).toMatch(
        isCii(profile)
          ? /<ram:CalculationPercent>12.5<\/ram:CalculationPercent>\s*<ram:BasisAmount>760.00<\/ram:BasisAmount>\s*<ram:ActualAmount>95.00<\/ram:ActualAmount>/
          : /<cbc:MultiplierFactorNumeric>12.5<\/cbc:MultiplierFactorNumeric>\s*<cbc:Amount currencyID="EUR">95.00<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">760.00<\/cbc:BaseAmount>/,
      );
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
      const read = await client.parse(xml);
      expect(read.data.line_items[0]?.discount).toMatchObject({ type: 'percentage', value: '12.5' });
      expect(first?.quantity).toBe('8');
      // A fixed discount states its amount alone: of the two line discounts only the 10 % one has a percentage.
      const fixed = await client.xmlOf(profile, 'invoice', withCharges());
      expect(fixed.match(/<cbc:MultiplierFactorNumeric>|<ram:CalculationPercent>/g)).toHaveLength(1);
      expect((await client.parse(fixed)).data.line_items[0]?.discount).toMatchObject({
        type: 'fixed',
        value: '10.00',
      });
    },
  );

  test.each(PROFILES)(
    '%s: a percentage document discount states its percentage and the group it is of (BT-94, BT-93) where that gives the amount to the cent',
    async (profile) => {
      const data = baseData();
      data.discounts = [{ type: 'percentage', value: '3', reason: 'Members' }];
      delete data.shipping;
      const xml = await client.xmlOf(profile, 'invoice', data);
      const percents = xml.match(/<cbc:MultiplierFactorNumeric>3<|<ram:CalculationPercent>3</g) ?? [];
      expect(percents).toHaveLength(1);
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
      // Two VAT groups: each allocated share is stated with its group's base when it is 3 % of it.
      const mixed = baseData();
      mixed.discounts = [{ type: 'percentage', value: '3', reason: 'Members' }];
      delete mixed.shipping;
      mixed.line_items = mixed.line_items.map((line, i) =>
        i === 2 ? { ...line, taxes: [{ name: 'VAT', rate: '7', category: 'S' }] } : line,
      );
      expect(await client.fatalFindings(profile, 'invoice', mixed)).toEqual([]);
      const inclusive = structuredClone(data);
      inclusive.line_items = inclusive.line_items.map((line) => ({
        ...line,
        taxes: [{ name: 'VAT', rate: '19', category: 'S', inclusive: true }],
      }));
      expect(await client.fatalFindings(profile, 'invoice', inclusive)).toEqual([]);
    },
  );

  test('with a price that includes VAT the percentage is stated when the nets still give the amount', async () => {
    for (const profile of PROFILES)
      expect(await client.fatalFindings(profile, 'invoice', inclusive())).toEqual([]);
  });
});

describe('an allowance of one VAT rate (discounts[].taxes, BT-95/96)', () => {
  test.each(PROFILES)('%s: written as an allowance of that rate only, and valid', async (profile) => {
    const data = baseData();
    data.line_items = [
      {
        name: 'Beratung',
        quantity: '10',
        unit_price: '100.00',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
      {
        name: 'Fachbuch',
        quantity: '2',
        unit_price: '40.00',
        taxes: [{ name: 'VAT', rate: '7', category: 'S' }],
      },
    ];
    data.discounts = [
      {
        type: 'percentage',
        value: '10',
        reason: 'Buchrabatt',
        taxes: [{ name: 'VAT', rate: '7', category: 'S' }],
      },
    ];
    delete data.shipping;
    const xml = await client.xmlOf(profile, 'invoice', data);
    // 10 % of the 7 % lines (80.00) only: the percentage and that base stated with it (BT-94, BT-93).
    if (isCii(profile)) {
      expect(xml).toMatch(
        /<ram:CalculationPercent>10<\/ram:CalculationPercent>\s*<ram:BasisAmount>80\.00<\/ram:BasisAmount>\s*<ram:ActualAmount>8\.00<\/ram:ActualAmount>[\s\S]*?<ram:CategoryTradeTax>[\s\S]*?<ram:RateApplicablePercent>7<\/ram:RateApplicablePercent>/,
      );
    } else {
      expect(xml).toMatch(
        /<cbc:MultiplierFactorNumeric>10<\/cbc:MultiplierFactorNumeric>\s*<cbc:Amount currencyID="EUR">8\.00<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">80\.00<\/cbc:BaseAmount>\s*<cac:TaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>7</,
      );
    }
    expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
  });
});
