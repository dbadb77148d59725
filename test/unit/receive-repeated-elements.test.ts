// Elements a file may repeat, each holding one value (a second tax registration, a second party
// identification, a second classification), and values the document data cannot hold: every repetition
// is read, not only the first one's, and a value that does not fit is left out with a warning.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parseEInvoice } from '../../src/einvoicing/receive';
import { all, at } from '../../src/einvoicing/receive/dom';
import { fitToData } from '../../src/einvoicing/receive/fit-data';
import type { ReceiveWarning } from '../../src/einvoicing/receive/types';
import { sharedPath } from '../shared-material';

const example = (path: string) => readFileSync(sharedPath(`rulesets/examples/${path}`), 'utf8');
const CII = example('xrechnung_cii/01.01a-INVOICE_uncefact.xml');
const UBL = example('xrechnung_ubl/01.01a-INVOICE_ubl.xml');

/** Replaces `from` (which must occur) once. */
function edit(xml: string, from: string, to: string): string {
  expect(xml).toContain(from);
  return xml.replace(from, to);
}

const ciiVat = `<ram:SpecifiedTaxRegistration>
                    <ram:ID schemeID="VA">DE 123456789</ram:ID>
                </ram:SpecifiedTaxRegistration>`;
const ciiTaxNumber = `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">22/815/0815/4</ram:ID></ram:SpecifiedTaxRegistration>`;
const ublVat = `<cac:PartyTaxScheme>
                <cbc:CompanyID>DE 123456789</cbc:CompanyID>`;
const ublTaxNumber = `<cac:PartyTaxScheme><cbc:CompanyID>22/815/0815/4</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;

describe("the seller's VAT id and tax number (BT-31, BT-32)", () => {
  test.each([
    ['CII, the tax number first', edit(CII, ciiVat, `${ciiTaxNumber}${ciiVat}`)],
    ['CII, the VAT id first', edit(CII, ciiVat, `${ciiVat}${ciiTaxNumber}`)],
    ['UBL, the tax number first', edit(UBL, ublVat, `${ublTaxNumber}${ublVat}`)],
    ['UBL, the VAT id first', edit(UBL, '<cac:PartyLegalEntity>', `${ublTaxNumber}<cac:PartyLegalEntity>`)],
  ])('%s: both kept, nothing said', (_, xml) => {
    const read = parseEInvoice(xml);
    expect(read.data.seller?.tax_id).toBe('DE 123456789');
    expect(read.data.seller?.tax_number).toBe('22/815/0815/4');
    expect(read.warnings.filter((w) => w.term === 'BT-32')).toEqual([]);
  });

  test('a tax number alone stays the tax id, as before; a third registration is named', () => {
    const alone = parseEInvoice(edit(CII, ciiVat, ciiTaxNumber));
    expect(alone.data.seller?.tax_id).toBe('22/815/0815/4');
    expect(alone.data.seller?.tax_number).toBeUndefined();
    const third = `<ram:SpecifiedTaxRegistration><ram:ID schemeID="XX">12345</ram:ID></ram:SpecifiedTaxRegistration>`;
    const three = parseEInvoice(edit(CII, ciiVat, `${ciiTaxNumber}${third}${ciiVat}`));
    expect(three.data.seller?.tax_number).toBe('22/815/0815/4');
    expect(three.warnings.map((w) => w.term)).toContain('BT-32');
  });

  test("a buyer's second registration is named, not kept as a tax number (a buyer has no BT-32)", () => {
    const xml = edit(
      CII,
      '</ram:BuyerTradeParty>',
      `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 987654321</ram:ID></ram:SpecifiedTaxRegistration>${ciiTaxNumber}</ram:BuyerTradeParty>`,
    );
    const read = parseEInvoice(xml);
    expect(read.data.buyer?.tax_id).toBe('DE 987654321');
    expect(read.data.buyer?.tax_number).toBeUndefined();
    expect(read.warnings.filter((w) => w.term === 'BT-32').map((w) => w.path)).toEqual([
      'buyer.SpecifiedTaxRegistration',
    ]);
  });
});

describe('identifications and classifications repeat', () => {
  test('UBL: the seller identifier after a SEPA creditor id, and the creditor id after an identifier', () => {
    const sepaFirst = edit(
      UBL,
      '<cac:PartyName>',
      '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification><cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification><cac:PartyName>',
    );
    const idFirst = edit(
      UBL,
      '<cac:PartyName>',
      '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification><cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification><cac:PartyName>',
    );
    const mandate =
      '<cac:PaymentMandate><cbc:ID>MANDATE-1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate></cac:PaymentMeans>';
    for (const xml of [sepaFirst, idFirst]) {
      const read = parseEInvoice(edit(xml, '</cac:PaymentMeans>', mandate));
      expect(read.data.seller?.identifier).toEqual({ id: '4000001000005', scheme_id: '0088' });
      expect(read.data.payment?.direct_debit?.creditor_id).toBe('DE98ZZZ09999999999');
    }
  });

  test('every item classification (BT-158) of a line, UBL and CII', () => {
    const ubl = parseEInvoice(
      edit(
        UBL,
        '</cac:CommodityClassification>',
        '</cac:CommodityClassification><cac:CommodityClassification><cbc:ItemClassificationCode listID="STI">12345678</cbc:ItemClassificationCode></cac:CommodityClassification>',
      ),
    );
    const cii = parseEInvoice(
      edit(
        CII,
        '</ram:DesignatedProductClassification>',
        '</ram:DesignatedProductClassification><ram:DesignatedProductClassification><ram:ClassCode listID="STI">12345678</ram:ClassCode></ram:DesignatedProductClassification>',
      ),
    );
    for (const read of [ubl, cii]) {
      expect(read.data.line_items[0]?.classifications).toEqual([
        { id: '0721-880X', scheme_id: 'IB' },
        { id: '12345678', scheme_id: 'STI' },
      ]);
    }
  });

  test('a second and third account to pay to (BG-17) are named in a warning; the first is kept', () => {
    const ublMeans = (iban: string, bic = '') =>
      `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${iban}</cbc:ID>${bic && `<cac:FinancialInstitutionBranch><cbc:ID>${bic}</cbc:ID></cac:FinancialInstitutionBranch>`}</cac:PayeeFinancialAccount></cac:PaymentMeans>`;
    const ciiMeans = (iban: string) =>
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>`;
    const ubl = parseEInvoice(
      edit(
        UBL,
        '    <cac:PaymentMeans>',
        `${ublMeans('DE89370400440532013000', 'COBADEFFXXX')}${ublMeans('DE79000000001234567890')}<cac:PaymentMeans>`,
      ),
    );
    const cii = parseEInvoice(
      edit(
        CII,
        '<ram:SpecifiedTradeSettlementPaymentMeans>',
        `${ciiMeans('DE89370400440532013000')}${ciiMeans('DE89370400440532013000')}<ram:SpecifiedTradeSettlementPaymentMeans>`,
      ),
    );
    expect(ubl.data.payment?.bank_account?.account_number).toBe('DE89370400440532013000');
    expect(ubl.warnings.filter((w) => w.term === 'BG-17').map((w) => w.message)).toEqual([
      'Only the first account to pay to is kept (DE89370400440532013000 COBADEFFXXX); also stated: DE79000000001234567890',
    ]);
    // The same account stated twice is one account; the third is the example's own.
    expect(cii.data.payment?.bank_account?.account_number).toBe('DE89370400440532013000');
    expect(cii.warnings.filter((w) => w.term === 'BG-17').map((w) => w.message)).toEqual([
      'Only the first account to pay to is kept (DE89370400440532013000); also stated: DE79000000001234567890',
    ]);
    // One account: nothing said.
    expect(parseEInvoice(UBL).warnings.filter((w) => w.term === 'BG-17')).toEqual([]);
    expect(parseEInvoice(CII).warnings.filter((w) => w.term === 'BG-17')).toEqual([]);
  });

  test('CII notes after the first: kept in the one note, their subject codes (BT-21) named', () => {
    const second =
      '<ram:IncludedNote><ram:Content>Geschäftsführer: Erika Muster</ram:Content><ram:SubjectCode>REG</ram:SubjectCode></ram:IncludedNote>';
    const read = parseEInvoice(
      edit(CII, '    </rsm:ExchangedDocument>', `${second}</rsm:ExchangedDocument>`),
    );
    expect(read.data.notes_subject_code).toBe('ADU');
    expect(read.data.notes).toContain('Geschäftsführer: Erika Muster');
    expect(read.warnings.filter((w) => w.term === 'BT-21').map((w) => w.message)).toEqual([
      "The notes are kept as one note with the first one's subject code ADU; the other notes' subject codes are not kept: REG",
    ]);
    expect(parseEInvoice(CII).warnings.filter((w) => w.term === 'BT-21')).toEqual([]);
  });

  test('a gross price (BT-148) is kept when gross - discount is the net price; one that is not is named once', () => {
    const cen = readFileSync(
      sharedPath('receiving-corpus/samples/cen-tc434/test/testfiles/Invoice-Max_content.xml'),
      'utf8',
    );
    const read = parseEInvoice(cen);
    // 20.50 less 0.50 is its net price 20.
    expect(read.data.line_items[0]).toMatchObject({ unit_price: '20', gross_unit_price: '20.50' });
    expect(read.warnings.filter((w) => w.term === 'BT-148')).toEqual([]);
    const gross = `<ram:GrossPriceProductTradePrice><ram:ChargeAmount>GROSS</ram:ChargeAmount><ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>AMOUNT</ram:ActualAmount></ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice>`;
    const withGross = (value: string, amount: string) =>
      edit(
        CII,
        '<ram:NetPriceProductTradePrice>',
        `${gross.replace('GROSS', value).replace('AMOUNT', amount)}<ram:NetPriceProductTradePrice>`,
      );
    // The example's first net price is 288.79.
    const kept = parseEInvoice(withGross('300.00', '11.21'));
    expect(kept.data.line_items[0]?.gross_unit_price).toBe('300.00');
    expect(kept.warnings.filter((w) => w.term === 'BT-148')).toEqual([]);
    const other = parseEInvoice(withGross('10.00', '0.50'));
    expect(other.data.line_items[0]?.gross_unit_price).toBeUndefined();
    expect(other.warnings.filter((w) => w.term === 'BT-148')).toHaveLength(1);
    expect(parseEInvoice(withGross('288.79', '0.00')).warnings.filter((w) => w.term === 'BT-148')).toEqual(
      [],
    );
    expect(parseEInvoice(withGross('288.79', '0.00')).data.line_items[0]?.gross_unit_price).toBeUndefined();
    expect(parseEInvoice(CII).warnings.filter((w) => w.term === 'BT-148')).toEqual([]);
  });

  test('all() and at() read a path as XPath does: every step may repeat', () => {
    const el = (name: string, children: { nodeType: number }[] = []) => ({
      localName: name,
      nodeType: 1,
      textContent: name,
      childNodes: children,
      getAttribute: () => null,
    });
    const root = el('Root', [el('A', [el('B'), el('C')]), el('X'), el('A', [el('B')])]);
    expect(all(root, 'A/B')).toHaveLength(2);
    expect(all(root, 'A')).toHaveLength(2);
    expect(all(root, 'A/C')).toHaveLength(1);
    expect(all(null, 'A/B')).toEqual([]);
    // at() is XPath's (A/C)[1]: the first C in document order, also under the second A.
    const found = el('C');
    const later = el('Root', [el('A', [el('B')]), el('A', [found, el('C')])]);
    expect(at(later, 'A/C')).toBe(found);
    expect(at(later, 'A/D')).toBeNull();
  });
});

describe('values the document data cannot hold are left out and named', () => {
  const base = parseEInvoice(CII).data;

  test('a BIC of 13 characters (BT-86); a classification whose list id is no UNTDID 7143 code, whole', () => {
    const warnings: ReceiveWarning[] = [];
    const line = base.line_items[0];
    if (!line) throw new Error('the example has lines');
    const data = {
      ...base,
      payment: { bank_account: { account_number: 'DE02120300000000202051', swift: 'BIC_MONCOMPTE' } },
      line_items: [
        {
          ...line,
          classifications: [
            { id: '12344321', scheme_id: 'UNSPSC' },
            { id: '0721-880X', scheme_id: 'IB' },
          ],
        },
        ...base.line_items.slice(1),
      ],
    };
    const fit = fitToData(data, warnings);
    expect(fit.payment?.bank_account).toEqual({ account_number: 'DE02120300000000202051' });
    expect(fit.line_items[0]?.classifications).toEqual([{ id: '0721-880X', scheme_id: 'IB' }]);
    expect(warnings.map((w) => [w.term, w.path])).toEqual([
      ['BT-158', 'line_items[0].classifications[0].scheme_id'],
      ['BT-86', 'payment.bank_account.swift'],
    ]);
    expect(warnings[1]?.message).toBe(
      '"BIC_MONCOMPTE" is not kept: expected string length less or equal to 11',
    );
    expect(warnings[0]?.message).toContain('(nor the line_items[0].classifications[0] it belongs to)');
    // The data it was given is not changed.
    expect(data.payment.bank_account.swift).toBe('BIC_MONCOMPTE');
  });

  test('a day no calendar has; a month where a date belongs; the last classification empties its list', () => {
    const warnings: ReceiveWarning[] = [];
    const line = base.line_items[0];
    if (!line) throw new Error('the example has lines');
    const data = {
      ...base,
      delivery_date: '201412',
      invoice_period: { start_date: '2013-91-02', end_date: '2013-09-30' },
      line_items: [{ ...line, classifications: [{ id: '1', scheme_id: 'UNSPSC' }] }],
    };
    const fit = fitToData(data, warnings);
    expect(fit.delivery_date).toBeUndefined();
    expect(fit.invoice_period).toEqual({ end_date: '2013-09-30' });
    expect(fit.line_items[0]?.classifications).toBeUndefined();
    expect(warnings.map((w) => w.term)).toEqual(['BT-72', 'BG-14', 'BT-158']);
    expect(warnings[1]?.message).toBe('"2013-91-02" is not kept: expected a calendar date');
  });

  test('a long value is quoted shortened', () => {
    const warnings: ReceiveWarning[] = [];
    const data = { ...base, payment: { bank_account: { account_number: 'DE02', swift: 'X'.repeat(5000) } } };
    expect(fitToData(data, warnings).payment?.bank_account?.swift).toBeUndefined();
    expect(warnings[0]?.message).toStartWith(`"${'X'.repeat(79)}…" is not kept`);
  });

  test('lines and taxes are never left out for a value: the writer names such a value instead', () => {
    const warnings: ReceiveWarning[] = [];
    const line = base.line_items[0];
    if (!line) throw new Error('the example has lines');
    const data = { ...base, line_items: [{ ...line, quantity: 'twelve' }] };
    expect(fitToData(data, warnings).line_items).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test('data that fits is given back as it is', () => {
    const warnings: ReceiveWarning[] = [];
    expect(fitToData(base, warnings)).toBe(base);
    expect(warnings).toEqual([]);
  });
});

describe('line ends', () => {
  test('CR LF and a lone CR in a value are read as LF, as XML 1.0 reads them; &#13; stays a CR', () => {
    const name = '<ram:Name>Zeitschrift [...]</ram:Name>';
    const windows = edit(CII, name, '<ram:Name>Zeitschrift\nInland\rAbo&#13;nnement</ram:Name>').replace(
      /\n/g,
      '\r\n',
    );
    expect(windows).toContain('Zeitschrift\r\nInland\rAbo');
    expect(parseEInvoice(windows).data.line_items[0]?.name).toBe('Zeitschrift\nInland\nAbo\rnnement');
  });
});

describe('the payment reference (BT-83)', () => {
  test('read when it is more than the invoice number, UBL and CII', () => {
    const code = '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>';
    const paymentId = (id: string) => edit(UBL, code, `${code}<cbc:PaymentID>${id}</cbc:PaymentID>`);
    const currency = '<ram:InvoiceCurrencyCode>';
    const cii = parseEInvoice(
      edit(CII, currency, `<ram:PaymentReference>Kunde 4711</ram:PaymentReference>${currency}`),
    );
    expect(parseEInvoice(paymentId('RF18 5390 0754 7034')).data.payment?.reference).toBe(
      'RF18 5390 0754 7034',
    );
    expect(cii.data.payment?.reference).toBe('Kunde 4711');
    const number = parseEInvoice(UBL).data.invoice_number as string;
    expect(parseEInvoice(paymentId(number)).data.payment?.reference).toBeUndefined();
  });
});

describe('lists longer than the data keeps', () => {
  test('item classifications and attributes keep their first entries, the rest named; amounts never', () => {
    const base = parseEInvoice(CII).data;
    const line = base.line_items[0];
    if (!line) throw new Error('the example has lines');
    const classifications = Array.from({ length: 12 }, (_, i) => ({ id: String(i), scheme_id: 'STI' }));
    const charges = Array.from({ length: 6 }, () => ({ amount: '1.00', reason: 'Fracht' }));
    const warnings: ReceiveWarning[] = [];
    const fit = fitToData({ ...base, line_items: [{ ...line, classifications, charges }] }, warnings);
    expect(fit.line_items[0]?.classifications?.map((c) => c.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i)),
    );
    expect(fit.line_items[0]?.charges).toHaveLength(6);
    expect(warnings).toEqual([
      {
        term: 'BT-158',
        path: 'line_items[0].classifications',
        message: '12 entries, the data keeps the first 10: the rest are not kept',
        code: 'list_shortened',
        params: { count: '12', keep: '10' },
      },
    ]);
  });
});
