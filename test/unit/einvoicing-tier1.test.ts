import { describe, expect, test } from 'bun:test';
import { mandatoryFieldViolations } from '../../src/einvoicing/rules/mandatory';
import { inScope } from '../../src/einvoicing/rules/scope';
import type { DocumentData } from '../../src/modules/documents/model';

const complete: DocumentData = {
  invoice_number: 'T1-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  buyer_reference: '04011000-12345-03',
  seller: {
    name: 'Müller GmbH',
    tax_id: 'DE123456789',
    email: 'billing@mueller.example',
    phone: '+49 30 123',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    electronic_address: { scheme: 'EM', value: 'billing@mueller.example' },
  },
  buyer: {
    name: 'Acme BV',
    address: { line1: 'Keizersgracht 1', city: 'Amsterdam', postal_code: '1015', country: 'NL' },
    electronic_address: { scheme: '0106', value: '12345678' },
  },
  payment: { instructions: 'SEPA transfer' },
  line_items: [{ name: 'Work', quantity: '1', unit_price: '100', taxes: [{ rate: '19', category: 'S' }] }],
};

const rules = (
  data: DocumentData,
  profile: Parameters<typeof mandatoryFieldViolations>[1] = 'factur_x_en16931',
) => mandatoryFieldViolations(data, profile).map((v) => `${v.rule}@${v.path}`);

describe('tier 1: mandatory fields', () => {
  test('a complete document has no finding in any profile', () => {
    for (const profile of [
      'factur_x_en16931',
      'peppol_bis_billing_3',
      'xrechnung_ubl',
      'xrechnung_cii',
    ] as const) {
      expect(rules(complete, profile)).toEqual([]);
    }
  });

  test('each missing term is named by its rule and its request field', () => {
    const { invoice_number: _n, tax_scheme: _t, ...rest } = complete;
    expect(
      rules({
        ...rest,
        seller: { ...complete.seller, name: '', address: undefined } as DocumentData['seller'],
      }),
    ).toEqual([
      'BR-02@data.invoice_number',
      'BR-06@data.seller.name',
      'BR-08@data.seller.address',
      'BT-118@data.tax_scheme',
    ]);
  });

  test('a tax scheme other than VAT cannot be carried (the service does not relabel it)', () => {
    expect(rules({ ...complete, tax_scheme: 'GST' })).toEqual(['BT-118@data.tax_scheme']);
  });

  test('lines need a name, a price and exactly one VAT category', () => {
    const data = {
      ...complete,
      line_items: [
        { name: 'No category', quantity: '1', unit_price: '1', taxes: [{ rate: '19' }] },
        {
          name: 'Two',
          quantity: '1',
          unit_price: '1',
          taxes: [
            { rate: '19', category: 'S' },
            { rate: '7', category: 'S' },
          ],
        },
        { name: 'No price', quantity: '1', taxes: [{ rate: '19', category: 'S' }] },
      ],
    };
    expect(rules(data)).toEqual([
      'BR-CO-04@data.line_items.0.taxes',
      'BR-CO-04@data.line_items.1.taxes',
      'BR-26@data.line_items.2.unit_price',
    ]);
  });

  test('categories that need the seller VAT id say so', () => {
    const data = { ...complete, seller: { ...complete.seller, tax_id: undefined } as DocumentData['seller'] };
    expect(rules(data)).toEqual(['BR-S-02@data.seller.tax_id']);
    const ic = {
      ...data,
      line_items: [{ name: 'Goods', quantity: '1', unit_price: '1', taxes: [{ rate: '0', category: 'K' }] }],
    };
    expect(rules(ic)).toEqual(['BR-IC-02@data.seller.tax_id']);
  });

  test('profile rules: Peppol wants references and electronic addresses, XRechnung a Leitweg-ID and contact', () => {
    const bare = {
      ...complete,
      buyer_reference: undefined,
      payment: undefined,
      buyer: { ...complete.buyer, electronic_address: undefined },
    } as DocumentData;
    expect(rules(bare, 'peppol_bis_billing_3')).toEqual([
      'PEPPOL-EN16931-R003@data.buyer_reference',
      'PEPPOL-EN16931-R010@data.buyer.electronic_address',
    ]);
    // XRechnung requires the electronic addresses too (its Schematron carries R010/R020), and takes a
    // party's e-mail as one (scheme EM); without either it is missing. BG-16 is always written.
    expect(rules(bare, 'xrechnung_ubl')).toEqual([
      'PEPPOL-EN16931-R010@data.buyer.electronic_address',
      'BR-DE-15@data.buyer_reference',
    ]);
    const withEmail = { ...bare, buyer: { ...bare.buyer, email: 'ap@buyer.example' } } as DocumentData;
    expect(rules(withEmail, 'xrechnung_ubl')).toEqual(['BR-DE-15@data.buyer_reference']);
    expect(rules(withEmail, 'peppol_bis_billing_3')).toContain(
      'PEPPOL-EN16931-R010@data.buyer.electronic_address',
    );
    expect(rules(bare, 'factur_x_en16931')).toEqual([]);
  });
});

describe('scope', () => {
  test('in scope when any party is in an EN 16931 country', () => {
    expect(inScope(['US', 'DE'])).toBe(true);
    expect(inScope(['US', 'CA'])).toBe(false);
    expect(inScope([undefined, null])).toBe(false);
    expect(inScope(['no'])).toBe(true);
  });
});
