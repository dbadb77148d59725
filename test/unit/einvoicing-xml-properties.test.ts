// Random documents through the semantic model: whatever the mix of inclusive and exclusive VAT, discounts,
// shipping and currency decimals, the EN 16931 sums hold exactly and the totals are the stored ones.
import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { toSemantic } from '../../src/einvoicing/semantic/index';
import { serialize } from '../../src/einvoicing/semantic/serialize';
import type { DocumentData } from '../../src/modules/documents/model';
import { arithmeticProblems, BUYER_DE, einvoiceCase, SELLER_DE } from '../einvoicing-fixtures';

type Line = DocumentData['line_items'][number];
type Tax = NonNullable<Line['taxes']>[number];

const TAXES: Tax[] = [
  { name: 'VAT', rate: '19', category: 'S' },
  { name: 'VAT', rate: '19', category: 'S', inclusive: true },
  { name: 'VAT', rate: '7', category: 'S' },
  { name: 'VAT', rate: '7', category: 'S', inclusive: true },
  { name: 'VAT', rate: '0', category: 'Z' },
  { name: 'VAT', rate: '5.5', category: 'S', inclusive: true },
];
const CURRENCIES = [
  { code: 'EUR', places: 2 },
  { code: 'JPY', places: 0 },
  { code: 'BHD', places: 3 },
];

const price = (units: number, places: number) =>
  places === 0
    ? String(units)
    : `${Math.floor(units / 10 ** places)}.${String(units % 10 ** places).padStart(places, '0')}`;

const lineArb = fc.record({
  quantity: fc.constantFrom('1', '2', '3', '0.5', '0.333', '12', '1000', '7.25'),
  units: fc.integer({ min: 1, max: 250_000 }),
  tax: fc.constantFrom(...TAXES),
  discount: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
});

const docArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  discounts: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 2 }),
  shipping: fc.option(
    fc.record({ units: fc.integer({ min: 1, max: 5_000 }), tax: fc.constantFrom(...TAXES) }),
    {
      nil: undefined,
    },
  ),
  credit: fc.boolean(),
});

test('500 random documents: exact BR-CO sums, the stored totals, well-formed in every syntax', () => {
  fc.assert(
    fc.property(docArb, (doc) => {
      const places = doc.currency.places;
      const data: DocumentData = {
        invoice_number: 'P-1',
        issue_date: '2026-11-02',
        currency: doc.currency.code,
        tax_scheme: 'VAT',
        seller: SELLER_DE,
        buyer: BUYER_DE,
        line_items: doc.lines.map((l) => ({
          name: 'Item',
          // A credit note entered with negative quantities (no discounts allowed on those).
          quantity: doc.credit ? `-${l.quantity}` : l.quantity,
          unit_price: price(l.units, places),
          taxes: [l.tax],
          ...(l.discount !== undefined && !doc.credit
            ? { discount: { type: 'percentage' as const, value: String(l.discount) } }
            : {}),
        })),
        discounts: doc.credit
          ? []
          : doc.discounts.map((d) => ({ type: 'percentage' as const, value: String(d) })),
        ...(doc.shipping
          ? { shipping: { amount: price(doc.shipping.units, places), taxes: [doc.shipping.tax] } }
          : {}),
      };
      const { input } = einvoiceCase('random', doc.credit ? 'credit_note' : 'invoice', data);
      const invoice = toSemantic(input);
      expect(arithmeticProblems(invoice)).toEqual([]);
      const total = input.totals.total;
      expect(invoice.totals.payable).toBe(doc.credit && total.startsWith('-') ? total.slice(1) : total);
      expect(serialize(invoice, 'peppol_bis_billing_3')).toContain('<cbc:PayableAmount');
      expect(serialize(invoice, 'xrechnung_cii')).toContain('<ram:DuePayableAmount>');
    }),
    { numRuns: 500, seed: 20261121 },
  );
});
