// What VAT law asks every invoice to state (src/domain/invoice-law.ts): each rule fires on the invoice
// that lacks it and stays quiet on the complete counterpart; none for sellers outside the EU, none for
// quotes; a Kleinunternehmer's and a Kleinbetragsrechnung's lighter duties are honoured.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { invoiceLawNotices } from '../../src/domain/invoice-law';
import { computeTotals } from '../../src/domain/money';
import type { Party } from '../../src/domain/party';

type Tax = { rate: string; category?: string; exemption_reason?: string; exemption_reason_code?: string };

const berlin = { line1: 'Friedrichstraße 10', postal_code: '10117', city: 'Berlin', country: 'DE' };
const munich = { line1: 'Leopoldstraße 5', postal_code: '80802', city: 'München', country: 'DE' };
const graz = { line1: 'Annenstraße 12', postal_code: '8020', city: 'Graz', country: 'AT' };

/** A seller as the business profile gives it, complete for its country. */
const SELLERS: Record<string, Party> = {
  DE: { name: 'Müller Webdesign GmbH', tax_number: '30/123/45678', tax_id: 'DE123456789', address: berlin },
  AT: { name: 'Murauer Haustechnik GmbH', tax_id: 'ATU12345678', address: graz },
  IE: {
    name: 'Liffey Software Ltd',
    tax_id: 'IE6388047V',
    address: { line1: '12 Merrion Square', city: 'Dublin 2', postal_code: 'D02 XY45', country: 'IE' },
  },
  FR: {
    name: 'Atelier Dupont SARL',
    tax_id: 'FR40303265045',
    address: { line1: '3 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  },
  CH: {
    name: 'Zürcher Treuhand AG',
    address: { line1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
  },
};

const BUYER: Party = { name: 'Huber Elektro GmbH', tax_id: 'DE811111111', address: munich };

function invoice(
  seller: Party,
  buyer: Party,
  price: string,
  taxes: Tax[],
  extra: Partial<DocumentData> = {},
  documentType = 'invoice',
) {
  const data = {
    invoice_number: 'RE-1',
    issue_date: '2026-12-07',
    currency: 'EUR',
    seller,
    buyer,
    line_items: [{ name: 'Leistung', quantity: '1', unit_price: price, taxes }],
    ...extra,
  } as DocumentData;
  const outcome = computeTotals({ minorUnits: 2, lines: [{ quantity: '1', unit_price: price, taxes }] });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return invoiceLawNotices(documentType, data, outcome.totals);
}

const codes = (notices: { code: string; field: string }[]) =>
  notices.map((n) => `${n.code} ${n.field}`).sort();
const without = (party: Party, ...keys: (keyof Party)[]): Party =>
  Object.fromEntries(Object.entries(party).filter(([key]) => !keys.includes(key as keyof Party))) as Party;
const vat19: Tax[] = [{ rate: '19', category: 'S' }];

describe('Germany (§ 14 Abs. 4 UStG)', () => {
  const de = SELLERS.DE as Party;

  test('an ordinary complete B2B invoice, as the console makes it: no notice', () => {
    expect(invoice(de, BUYER, '1200.00', vat19)).toEqual([]);
    // Either number will do: the Steuernummer alone, or the USt-IdNr. alone.
    expect(invoice(without(de, 'tax_id'), BUYER, '1200.00', vat19)).toEqual([]);
    expect(invoice(without(de, 'tax_number'), BUYER, '1200.00', vat19)).toEqual([]);
  });

  test('neither Steuernummer nor USt-IdNr. (Nr. 2): named, with its legal basis', () => {
    const notices = invoice(without(de, 'tax_id', 'tax_number'), BUYER, '1200.00', vat19);
    expect(codes(notices)).toEqual(['seller_tax_number_missing data.seller.tax_number']);
    expect(notices[0]?.message).toContain('§ 14 Abs. 4 Nr. 2 UStG');
  });

  test("the buyer's full address (Nr. 1): missing, or without city or postal code", () => {
    const expected = ['buyer_address_incomplete data.buyer.address'];
    expect(codes(invoice(de, without(BUYER, 'address'), '1200.00', vat19))).toEqual(expected);
    const noCity = { ...BUYER, address: { line1: 'Leopoldstraße 5', postal_code: '80802', country: 'DE' } };
    expect(codes(invoice(de, noCity, '1200.00', vat19))).toEqual(expected);
    const noPostalCode = { ...BUYER, address: { line1: 'Leopoldstraße 5', city: 'München', country: 'DE' } };
    expect(codes(invoice(de, noPostalCode, '1200.00', vat19))).toEqual(expected);
  });

  test('an export to a country whose addresses have no postal code (Hong Kong, Dubai): street and city are the whole address', () => {
    const g: Tax[] = [{ rate: '0', category: 'G' }];
    const hongKong: Party = {
      name: 'Kowloon Trading Ltd',
      address: { line1: '18 Nathan Road', city: 'Kowloon', country: 'HK' },
    };
    const dubai: Party = {
      name: 'Gulf Imports LLC',
      address: { line1: 'Sheikh Zayed Road 1', city: 'Dubai', country: 'AE' },
    };
    expect(invoice(de, hongKong, '1200.00', g)).toEqual([]);
    expect(invoice(de, dubai, '1200.00', [{ rate: '0', category: 'O' }])).toEqual([]);
    // Without the city it is no address there either.
    const noCity = { ...hongKong, address: { line1: '18 Nathan Road', country: 'HK' } };
    expect(codes(invoice(de, noCity, '1200.00', g))).toEqual(['buyer_address_incomplete data.buyer.address']);
  });

  test('a Kleinbetragsrechnung (up to EUR 250 gross, § 33 UStDV) needs neither buyer address nor tax number', () => {
    const bare = without(de, 'tax_id', 'tax_number');
    const walkIn: Party = { name: 'Barverkauf' };
    // 210.08 + 19 % = 250.00: still a Kleinbetragsrechnung; 210.09 + 19 % = 250.01 is not.
    expect(invoice(bare, walkIn, '210.08', vat19)).toEqual([]);
    expect(codes(invoice(bare, walkIn, '210.09', vat19))).toEqual([
      'buyer_address_incomplete data.buyer.address',
      'seller_tax_number_missing data.seller.tax_number',
    ]);
    // A credit note of the same size is small as well (its amount, not its sign).
    expect(invoice(bare, walkIn, '-210.08', vat19, {}, 'credit_note')).toEqual([]);
    // In another currency it counts in euros: 1000 CZK at 0.04 EUR is EUR 47.60; with no rate, not known small.
    const czk = { currency: 'CZK', tax_currency: { currency: 'EUR', exchange_rate: '0.04' } };
    expect(invoice(bare, walkIn, '1000.00', vat19, czk as Partial<DocumentData>)).toEqual([]);
    expect(invoice(bare, walkIn, '1000.00', vat19, { currency: 'CZK' })).toHaveLength(2);
  });

  test('an exempt line without its ground (Nr. 8); a stated reason or code, a zero rate (Z) need none', () => {
    const notices = invoice(de, BUYER, '500.00', [{ rate: '0', category: 'E' }]);
    expect(codes(notices)).toEqual([
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
    expect(notices[0]?.message).toContain('§ 14 Abs. 4 Nr. 8 UStG');
    const doctor = { rate: '0', category: 'E', exemption_reason: 'Steuerfrei nach § 4 Nr. 14 UStG' };
    expect(invoice(de, BUYER, '500.00', [doctor])).toEqual([]);
    expect(
      invoice(de, BUYER, '500.00', [{ rate: '0', category: 'E', exemption_reason_code: 'VATEX-EU-132' }]),
    ).toEqual([]);
    expect(invoice(de, BUYER, '500.00', [{ rate: '0', category: 'Z' }])).toEqual([]);
    // A 0 % tax without a category says nothing of why either.
    expect(codes(invoice(de, BUYER, '500.00', [{ rate: '0' }]))).toEqual([
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
  });

  test('a line without any VAT states neither rate nor exemption (Nr. 8)', () => {
    expect(codes(invoice(de, BUYER, '500.00', []))).toEqual(['vat_rate_missing data.line_items.0.taxes']);
  });

  test('a Kleinunternehmer (§ 19 UStG, § 34a UStDV) with the § 19 note and no tax number: no notice', () => {
    const small = without(de, 'tax_id', 'tax_number');
    const note = {
      rate: '0',
      category: 'E',
      exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    };
    expect(invoice(small, BUYER, '900.00', [note])).toEqual([]);
    // Without the note it is an exemption without its ground, and so no Kleinunternehmer invoice.
    expect(codes(invoice(small, BUYER, '900.00', [{ rate: '0', category: 'E' }]))).toEqual([
      'seller_tax_number_missing data.seller.tax_number',
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
    // The buyer's address is still asked of a Kleinunternehmer (§ 34a Nr. 1 UStDV).
    expect(codes(invoice(small, without(BUYER, 'address'), '900.00', [note]))).toEqual([
      'buyer_address_incomplete data.buyer.address',
    ]);
  });

  test('a reverse charge to another EU country (§ 14a Abs. 1 UStG): both VAT ids, even when small', () => {
    const austrian: Party = { name: 'Schmid Bau GmbH', tax_id: 'ATU87654321', address: graz };
    const ae: Tax[] = [{ rate: '0', category: 'AE' }];
    expect(invoice(de, austrian, '5000.00', ae)).toEqual([]);
    expect(codes(invoice(without(de, 'tax_id'), without(austrian, 'tax_id'), '100.00', ae))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
      'seller_vat_id_missing data.seller.tax_id',
    ]);
    // A domestic § 13b reverse charge states neither (§ 14a Abs. 5 UStG): the Steuernummer is enough.
    expect(invoice(without(de, 'tax_id'), without(BUYER, 'tax_id'), '5000.00', ae)).toEqual([]);
  });

  test('an intra-community supply (§ 14a Abs. 3 UStG): both VAT ids', () => {
    const k: Tax[] = [{ rate: '0', category: 'K' }];
    const austrian: Party = { name: 'Schmid Bau GmbH', tax_id: 'ATU87654321', address: graz };
    expect(invoice(de, austrian, '5000.00', k)).toEqual([]);
    expect(codes(invoice(de, without(austrian, 'tax_id'), '5000.00', k))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
    ]);
  });
});

describe('Austria (§ 11 UStG 1994)', () => {
  const at = SELLERS.AT as Party;
  const linz: Party = {
    name: 'Schmid Bau GmbH',
    address: { line1: 'Hauptplatz 1', city: 'Linz', postal_code: '4020', country: 'AT' },
  };

  test("VAT charged without the seller's UID: above EUR 400 gross, not on a Kleinbetragsrechnung", () => {
    const vat20: Tax[] = [{ rate: '20', category: 'S' }];
    expect(codes(invoice(without(at, 'tax_id'), linz, '400.00', vat20))).toEqual([
      'seller_vat_id_missing data.seller.tax_id',
    ]);
    expect(invoice(without(at, 'tax_id'), linz, '333.33', vat20)).toEqual([]);
    expect(invoice(at, linz, '400.00', vat20)).toEqual([]);
  });

  test("a reverse charge or intra-community supply: the buyer's and the seller's UID", () => {
    expect(codes(invoice(at, linz, '5000.00', [{ rate: '0', category: 'AE' }]))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
    ]);
    expect(codes(invoice(without(at, 'tax_id'), linz, '300.00', [{ rate: '0', category: 'K' }]))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
      'seller_vat_id_missing data.seller.tax_id',
    ]);
    expect(invoice(at, BUYER, '5000.00', [{ rate: '0', category: 'AE' }])).toEqual([]);
  });

  test("above EUR 10,000 gross to another business: the buyer's UID (Z 3 lit. i); not to a private person", () => {
    const vat20: Tax[] = [{ rate: '20', category: 'S' }];
    const firm = { ...linz, registration_number: 'FN 123456a' };
    const notices = invoice(at, firm, '8400.00', vat20); // 10,080 gross
    expect(codes(notices)).toEqual(['buyer_vat_id_missing_above_10000 data.buyer.tax_id']);
    expect(notices[0]?.message).toContain('§ 11 Abs. 1 Z 3 lit. i UStG 1994');
    expect(invoice(at, firm, '8333.33', vat20)).toEqual([]); // 10,000.00 gross: not above
    expect(invoice(at, { ...firm, tax_id: 'ATU87654321' }, '8400.00', vat20)).toEqual([]);
    expect(invoice(at, { name: 'Maria Huber', address: linz.address }, '8400.00', vat20)).toEqual([]);
  });

  test('an exempt line without its ground; with the Kleinunternehmer words none', () => {
    const reason = { exemption_reason: 'Umsatzsteuerfrei aufgrund der Kleinunternehmerregelung' };
    const small = without(at, 'tax_id');
    expect(codes(invoice(small, linz, '90.00', [{ rate: '0', category: 'E' }]))).toEqual([
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
    expect(invoice(small, linz, '900.00', [{ rate: '0', category: 'E', ...reason }])).toEqual([]);
  });
});

describe('Ireland (Regulation 20 VAT Regulations 2010)', () => {
  const ie = SELLERS.IE as Party;
  const limerick: Party = {
    name: 'Shannon Builders',
    address: { line1: 'Dock Road', city: 'Limerick', postal_code: 'V94 K2P3', country: 'IE' },
  };

  test("a VAT invoice without the supplier's VAT number, however small; none charging no VAT", () => {
    expect(codes(invoice(without(ie, 'tax_id'), BUYER, '50.00', [{ rate: '23', category: 'S' }]))).toEqual([
      'seller_vat_id_missing data.seller.tax_id',
    ]);
    expect(invoice(without(ie, 'tax_id'), limerick, '850.00', [])).toEqual([]);
  });

  test("a reverse charge to another Member State needs the customer's VAT number; a domestic one none", () => {
    const ae: Tax[] = [{ rate: '0', category: 'AE' }];
    expect(codes(invoice(ie, without(BUYER, 'tax_id'), '1200.00', ae))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
    ]);
    expect(invoice(ie, limerick, '1200.00', ae)).toEqual([]);
  });
});

describe('any other EU seller (VAT Directive art. 226)', () => {
  const fr = SELLERS.FR as Party;
  const lyon: Party = {
    name: 'Client Lyon SAS',
    address: { line1: '1 place Bellecour', city: 'Lyon', postal_code: '69002', country: 'FR' },
  };

  test("VAT charged without the seller's VAT id (226(3)); a franchise en base charging none needs none", () => {
    const vat20: Tax[] = [{ rate: '20', category: 'S' }];
    expect(codes(invoice(without(fr, 'tax_id'), lyon, '100.00', vat20))).toEqual([
      'seller_vat_id_missing data.seller.tax_id',
    ]);
    expect(invoice(fr, lyon, '100.00', vat20)).toEqual([]);
    const franchise = { rate: '0', category: 'E', exemption_reason_code: 'VATEX-FR-FRANCHISE' };
    expect(invoice(without(fr, 'tax_id'), lyon, '100.00', [franchise])).toEqual([]);
  });

  test("the customer's VAT id on a reverse charge (226(4)); an exemption's reference (226(11))", () => {
    expect(codes(invoice(fr, lyon, '100.00', [{ rate: '0', category: 'AE' }]))).toEqual([
      'buyer_vat_id_missing data.buyer.tax_id',
    ]);
    expect(codes(invoice(fr, lyon, '100.00', [{ rate: '0', category: 'E' }]))).toEqual([
      'vat_exemption_reason_missing data.line_items.0.taxes.0.exemption_reason',
    ]);
  });
});

test('a seller outside the EU, a quote, a delivery note: no notice', () => {
  const bare: Party = { name: 'Niemand' };
  expect(invoice(SELLERS.CH as Party, bare, '5000.00', [{ rate: '0', category: 'AE' }])).toEqual([]);
  const de = without(SELLERS.DE as Party, 'tax_id', 'tax_number');
  expect(invoice(de, bare, '5000.00', vat19, {}, 'quote')).toEqual([]);
  expect(invoice(de, bare, '5000.00', vat19, {}, 'delivery_note')).toEqual([]);
  // The same invoice does get them.
  expect(invoice(de, bare, '5000.00', vat19)).toHaveLength(2);
});
