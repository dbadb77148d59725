// The money rules (docs/calculation.md): a table of worked cases with exact strings, then properties over
// random documents. The property checks recompute in plain bigint, independently of big.js.
import { describe, expect, test } from 'bun:test';
import {
  computeTotals,
  dec,
  isDecimalString,
  normalizeRate,
  round,
  type TaxInput,
  type TotalsInput,
  type TotalsResult,
  toFixedString,
} from '../../src/domain/money';

const S19: TaxInput = { rate: '19', category: 'S', name: 'VAT' };
const S7: TaxInput = { rate: '7', category: 'S', name: 'VAT' };
const S19_INCL: TaxInput = { ...S19, inclusive: true };

function totals(input: TotalsInput): TotalsResult {
  const outcome = computeTotals(input);
  if (!outcome.ok) throw new Error(`unexpected problems: ${JSON.stringify(outcome.problems)}`);
  return outcome.totals;
}

function problems(input: TotalsInput) {
  const outcome = computeTotals(input);
  if (outcome.ok) throw new Error('expected problems');
  return outcome.problems.map(({ loc, type }) => ({ loc, type }));
}

const group = (
  category: string | null,
  rate: string,
  inclusive: boolean,
  name: string,
  t: string,
  x: string,
) => ({
  category,
  rate,
  inclusive,
  name,
  taxable_amount: t,
  tax_amount: x,
});

describe('decimal helpers', () => {
  test.each([
    ['2.345', 2, '2.35'],
    ['-2.345', 2, '-2.35'],
    ['2.3449999999', 2, '2.34'],
    ['0.5', 0, '1'],
    ['-0.5', 0, '-1'],
    ['1.2345', 3, '1.235'],
    ['-0.001', 2, '0.00'],
    ['-0.0049', 2, '0.00'],
    ['-0', 3, '0.000'],
    ['999999999999999.9999999999', 2, '1000000000000000.00'],
  ] as const)('round(%p, %p) half away from zero, printed %p', (value, mu, expected) => {
    expect(toFixedString(round(dec(value), mu), mu)).toBe(expected);
    expect(toFixedString(dec(value), mu)).toBe(expected);
  });

  test.each([
    ['19.00', '19'],
    ['7.50', '7.5'],
    ['0.0', '0'],
    ['-0', '0'],
    ['007', '7'],
  ])('normalizeRate(%p) = %p', (rate, expected) => expect(normalizeRate(rate)).toBe(expected));

  test.each(['0', '-1', '1.5', '123456789012345', '1.1234567890', '-0.0000000001'])('accepts %p', (s) =>
    expect(isDecimalString(s)).toBe(true),
  );
  test.each([
    '',
    '+1',
    '1e3',
    ' 1',
    '1 ',
    '1.',
    '.5',
    '1,5',
    '--1',
    '1234567890123456',
    '1.12345678901',
    'NaN',
    'Infinity',
  ])('rejects %p', (s) => expect(isDecimalString(s)).toBe(false));
});

describe('worked cases', () => {
  test('3 x 0.333 is 0.999, rounded once to 1.00', () => {
    const t = totals({ minorUnits: 2, lines: [{ quantity: '3', unit_price: '0.333' }] });
    expect(t.lines[0]).toEqual({
      gross_amount: '1.00',
      discount_amount: '0.00',
      amount: '1.00',
      allocated_discount: '0.00',
    });
    expect([t.subtotal, t.tax_total, t.total]).toEqual(['1.00', '0.00', '1.00']);
    expect(t.tax_groups).toEqual([]);
  });

  test('19% exclusive VAT on 10 x 9.99 and 1 x 100', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '10', unit_price: '9.99', taxes: [S19] },
        { quantity: '1', unit_price: '100', taxes: [S19] },
      ],
    });
    expect(t.lines.map((l) => l.amount)).toEqual(['99.90', '100.00']);
    expect(t.tax_groups).toEqual([group('S', '19', false, 'VAT', '199.90', '37.98')]);
    expect(t).toMatchObject({
      subtotal: '199.90',
      tax_total: '37.98',
      exclusive_tax_total: '37.98',
      total: '237.88',
    });
  });

  test('19% inclusive: 119.00 holds 100.00 + 19.00 and the total stays 119.00', () => {
    const t = totals({ minorUnits: 2, lines: [{ quantity: '1', unit_price: '119.00', taxes: [S19_INCL] }] });
    expect(t.tax_groups).toEqual([group('S', '19', true, 'VAT', '100.00', '19.00')]);
    expect(t).toMatchObject({
      subtotal: '119.00',
      tax_total: '19.00',
      exclusive_tax_total: '0.00',
      inclusive_tax_total: '19.00',
      total: '119.00',
    });
  });

  test('JPY, no decimals: 3 x 333 at 10%', () => {
    const t = totals({
      minorUnits: 0,
      lines: [{ quantity: '3', unit_price: '333', taxes: [{ rate: '10' }] }],
    });
    expect(t.tax_groups).toEqual([group(null, '10', false, 'Tax', '999', '100')]);
    expect(t).toMatchObject({ subtotal: '999', discount_total: '0', tax_total: '100', total: '1099' });
  });

  test('BHD, three decimals: 1.2345 rounds half up to 1.235, 10% tax 0.1235 to 0.124', () => {
    const t = totals({
      minorUnits: 3,
      lines: [{ quantity: '1', unit_price: '1.2345', taxes: [{ rate: '10' }] }],
    });
    expect(t.tax_groups).toEqual([group(null, '10', false, 'Tax', '1.235', '0.124')]);
    expect(t).toMatchObject({ subtotal: '1.235', tax_total: '0.124', total: '1.359' });
  });

  test('100% document discount: everything is zero and nothing prints as -0', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '2', unit_price: '50.00', taxes: [S19] },
        { quantity: '1', unit_price: '19.99', taxes: [{ ...S7, inclusive: true }] },
        { quantity: '-0.001', unit_price: '1' },
      ],
      discounts: [{ type: 'percentage', value: '100', reason: 'goodwill' }],
    });
    expect(t.lines.map((l) => l.allocated_discount)).toEqual(['100.00', '19.99', '0.00']);
    expect(t.lines[2]?.gross_amount).toBe('0.00');
    expect(t.discounts).toEqual([
      {
        amount: '119.99',
        reason: 'goodwill',
        allocations: [
          { category: 'S', rate: '19', inclusive: false, amount: '100.00' },
          { category: 'S', rate: '7', inclusive: true, amount: '19.99' },
        ],
      },
    ]);
    expect(t.tax_groups).toEqual([
      group('S', '19', false, 'VAT', '0.00', '0.00'),
      group('S', '7', true, 'VAT', '0.00', '0.00'),
    ]);
    expect(t).toMatchObject({
      subtotal: '119.99',
      discount_total: '119.99',
      tax_total: '0.00',
      total: '0.00',
    });
    expect(JSON.stringify(t)).not.toContain('"-');
  });

  test('zero-rated and reverse-charge lines next to 19%, 7% document discount split exactly', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: [S19] },
        { quantity: '1', unit_price: '33.33', taxes: [{ rate: '0', category: 'Z' }] },
        { quantity: '1', unit_price: '66.67', taxes: [{ rate: '0.00', category: 'AE' }] },
      ],
      discounts: [{ type: 'percentage', value: '7' }],
    });
    // Exact shares 7.00, 2.3331, 4.6669: floors 7.00, 2.33, 4.66, the left-over cent to the largest remainder.
    expect(t.lines.map((l) => l.allocated_discount)).toEqual(['7.00', '2.33', '4.67']);
    expect(t.discounts[0]?.allocations).toEqual([
      { category: 'S', rate: '19', inclusive: false, amount: '7.00' },
      { category: 'Z', rate: '0', inclusive: false, amount: '2.33' },
      { category: 'AE', rate: '0', inclusive: false, amount: '4.67' },
    ]);
    expect(t.tax_groups).toEqual([
      group('S', '19', false, 'VAT', '93.00', '17.67'),
      group('Z', '0', false, 'Tax', '31.00', '0.00'),
      group('AE', '0', false, 'Tax', '62.00', '0.00'),
    ]);
    expect(t).toMatchObject({
      subtotal: '200.00',
      discount_total: '14.00',
      tax_total: '17.67',
      total: '203.67',
    });
  });

  test.each([
    // Per line, 0.03 x 19% = 0.0057 would round to 0.01 three times (0.03); per group it is 0.0171 -> 0.02.
    ['0.03', '0.09', '0.02'],
    ['0.05', '0.15', '0.03'],
  ])('tax is rounded once per group: three lines of %p at 19%', (price, taxable, tax) => {
    const line = { quantity: '1', unit_price: price, taxes: [S19] };
    const t = totals({ minorUnits: 2, lines: [line, line, line] });
    expect(t.tax_groups).toEqual([group('S', '19', false, 'VAT', taxable, tax)]);
  });

  test('shipping takes the tax set every priced line shares; a zero line does not break the tie', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: [S19] },
        { quantity: '2', unit_price: '25.00', taxes: [{ ...S19, rate: '19.00' }] },
        { quantity: '1' },
      ],
      shipping: { amount: '4.95' },
    });
    expect(t.tax_groups).toEqual([group('S', '19', false, 'VAT', '154.95', '29.44')]);
    expect(t).toMatchObject({
      subtotal: '150.00',
      shipping_total: '4.95',
      tax_total: '29.44',
      total: '184.39',
    });
  });

  test('mixed tax sets: shipping stays untaxed unless it names its taxes', () => {
    const lines = [
      { quantity: '1', unit_price: '100.00', taxes: [S19] },
      { quantity: '1', unit_price: '50.00', taxes: [S7] },
    ];
    const untaxed = totals({ minorUnits: 2, lines, shipping: { amount: '5.00' } });
    expect(untaxed.tax_groups).toEqual([
      group('S', '19', false, 'VAT', '100.00', '19.00'),
      group('S', '7', false, 'VAT', '50.00', '3.50'),
    ]);
    expect(untaxed).toMatchObject({ shipping_total: '5.00', tax_total: '22.50', total: '177.50' });
    const taxed = totals({ minorUnits: 2, lines, shipping: { amount: '10', taxes: [S7] } });
    expect(taxed.tax_groups[1]).toEqual(group('S', '7', false, 'VAT', '60.00', '4.20'));
    expect(taxed.total).toBe('183.20');
  });

  test('shipping inherits an inclusive set and is priced tax-inclusive', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '119.00', taxes: [S19_INCL] }],
      shipping: { amount: '11.90' },
    });
    expect(t.tax_groups).toEqual([group('S', '19', true, 'VAT', '110.00', '20.90')]);
    expect(t.total).toBe('130.90');
  });

  test('free shipping with its own taxes adds no tax group', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '10' }],
      shipping: { amount: '0', taxes: [S7] },
    });
    expect(t.tax_groups).toEqual([]);
  });

  test('an exclusive tax on an inclusive line is computed on the exact net', () => {
    const levy: TaxInput = { rate: '2.5', category: 'X' };
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '100.00', taxes: [S19_INCL, levy] }],
    });
    // Net 100 / 1.19 = 84.0336...: taxable 84.03 for both; the levy is 2.5% of 84.03 = 2.10075 -> 2.10.
    expect(t.tax_groups).toEqual([
      group('S', '19', true, 'VAT', '84.03', '15.97'),
      group('X', '2.5', false, 'Tax', '84.03', '2.10'),
    ]);
    expect(t).toMatchObject({
      exclusive_tax_total: '2.10',
      inclusive_tax_total: '15.97',
      tax_total: '18.07',
      total: '102.10',
    });
  });

  test('a document discount on an inclusive line reduces the gross the tax is taken from', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '119.00', taxes: [S19_INCL] }],
      discounts: [{ type: 'percentage', value: '10' }],
    });
    expect(t.tax_groups).toEqual([group('S', '19', true, 'VAT', '90.00', '17.10')]);
    expect(t).toMatchObject({ discount_total: '11.90', total: '107.10' });
  });

  test('line discounts: 15% of 59.97 = 8.9955 -> 9.00; fixed 2.505 -> 2.51', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '3', unit_price: '19.99', discount: { type: 'percentage', value: '15' } },
        { quantity: '1', unit_price: '10.00', discount: { type: 'fixed', value: '2.505' } },
      ],
    });
    expect(t.lines.map((l) => [l.gross_amount, l.discount_amount, l.amount])).toEqual([
      ['59.97', '9.00', '50.97'],
      ['10.00', '2.51', '7.49'],
    ]);
    expect(t.subtotal).toBe('58.46');
  });

  test('a price per base quantity (BT-149): 250 x 12.37 / 100 = 30.925 -> 30.93, one rounding', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '250', unit_price: '12.37', price_base_quantity: '100', taxes: [S19] },
        {
          quantity: '90',
          unit_price: '1585',
          price_base_quantity: '365',
          discount: { type: 'percentage', value: '10' },
        },
        { quantity: '-200', unit_price: '4.90', price_base_quantity: '1000' },
        { quantity: '3', unit_price: '2.00', price_base_quantity: '1' },
      ],
    });
    // 90 x 1585 / 365 = 390.8219... -> 390.82, less 10 % (39.082 -> 39.08); -200 x 4.90 / 1000 = -0.98.
    expect(t.lines.map((l) => [l.gross_amount, l.amount])).toEqual([
      ['30.93', '30.93'],
      ['390.82', '351.74'],
      ['-0.98', '-0.98'],
      ['6.00', '6.00'],
    ]);
    expect(
      problems({ minorUnits: 2, lines: [{ quantity: '1', unit_price: '1', price_base_quantity: '0' }] }),
    ).toEqual([{ loc: 'line_items.0.price_base_quantity', type: 'invalid' }]);
    expect(
      problems({ minorUnits: 2, lines: [{ quantity: '1', unit_price: '1', price_base_quantity: '1e2' }] }),
    ).toEqual([{ loc: 'line_items.0.price_base_quantity', type: 'decimal_format' }]);
  });

  test('a returned item is a negative line; its tax nets within the group', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: [S19] },
        { quantity: '-1', unit_price: '2.345', taxes: [S19] },
      ],
    });
    expect(t.lines[1]?.amount).toBe('-2.35');
    expect(t.tax_groups).toEqual([group('S', '19', false, 'VAT', '97.65', '18.55')]);
    expect(t.total).toBe('116.20');
  });

  test('a credit note: only returned items, a negative subtotal and no discount problem', () => {
    const t = totals({ minorUnits: 2, lines: [{ quantity: '-2', unit_price: '10.00', taxes: [S19] }] });
    expect(t.tax_groups).toEqual([group('S', '19', false, 'VAT', '-20.00', '-3.80')]);
    expect(t).toMatchObject({ subtotal: '-20.00', discount_total: '0.00', total: '-23.80' });
  });

  test('largest remainder ties go to the lower line index', () => {
    const line = { quantity: '1', unit_price: '1.00' };
    const t = totals({
      minorUnits: 2,
      lines: [line, line, line],
      discounts: [{ type: 'fixed', value: '0.02' }],
    });
    expect(t.lines.map((l) => l.allocated_discount)).toEqual(['0.01', '0.01', '0.00']);
    expect(t.discounts[0]?.allocations).toEqual([
      { category: null, rate: '0', inclusive: false, amount: '0.02' },
    ]);
  });

  test('a line with two taxes credits its discount share to both groups', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100', taxes: [S19, { rate: '2.5', category: 'X', name: 'Levy' }] },
        { quantity: '1', unit_price: '100' },
      ],
      discounts: [{ type: 'fixed', value: '10' }],
    });
    expect(t.discounts[0]?.allocations.map((a) => [a.category, a.amount])).toEqual([
      ['S', '5.00'],
      ['X', '5.00'],
      [null, '5.00'],
    ]);
    expect(t.tax_groups).toEqual([
      group('S', '19', false, 'VAT', '95.00', '18.05'),
      group('X', '2.5', false, 'Levy', '95.00', '2.38'),
    ]);
    expect(t.total).toBe('210.43');
  });

  test('the group name is the first name seen, else "Tax"', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '1', taxes: [{ rate: '7.50', category: 'S' }] },
        { quantity: '1', unit_price: '1', taxes: [{ rate: '7.5', category: 'S', name: 'MwSt' }] },
        { quantity: '1', unit_price: '1', taxes: [{ rate: '5' }] },
      ],
    });
    expect(t.tax_groups.map((g) => [g.rate, g.name])).toEqual([
      ['7.5', 'MwSt'],
      ['5', 'Tax'],
    ]);
  });
});

describe('problems', () => {
  test('two inclusive taxes on one line', () => {
    const taxes = [S19_INCL, { ...S7, inclusive: true }];
    expect(problems({ minorUnits: 2, lines: [{ quantity: '1', unit_price: '1', taxes }] })).toEqual([
      { loc: 'line_items.0.taxes', type: 'invalid' },
    ]);
  });

  test('discounts exceeding the subtotal', () => {
    const input: TotalsInput = {
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '10.00' }],
      discounts: [
        { type: 'percentage', value: '50' },
        { type: 'fixed', value: '5.01' },
      ],
    };
    expect(problems(input)).toEqual([{ loc: 'discounts', type: 'invalid' }]);
  });

  test('a rate of 150', () => {
    const taxes = [{ rate: '150' }];
    expect(problems({ minorUnits: 2, lines: [{ quantity: '1', unit_price: '1', taxes }] })).toEqual([
      { loc: 'line_items.0.taxes.0.rate', type: 'invalid' },
    ]);
  });

  test('every problem is reported, not just the first', () => {
    const input = {
      minorUnits: 2,
      lines: [
        { quantity: '1e3', unit_price: '1' },
        { quantity: '1', unit_price: '5.00', discount: { type: 'fixed', value: '6' } },
        { quantity: '1', unit_price: '5.00', discount: { type: 'percentage', value: '101' } },
        { quantity: '-1', unit_price: '5.00', discount: { type: 'percentage', value: '10' } },
        { quantity: '1', unit_price: '1', taxes: [S19, { ...S19, rate: '19.0', name: 'other' }] },
        { quantity: '1', unit_price: '1', taxes: [{ rate: '-1' }, { rate: '7,5' }] },
      ],
      discounts: [
        { type: 'percentage', value: '150' },
        { type: 'fixed', value: '-1' },
        { type: 'bogus', value: '1' },
      ],
      shipping: { amount: '-4.95', taxes: [S19_INCL, { ...S7, inclusive: true }] },
    } as unknown as TotalsInput;
    expect(problems(input)).toEqual([
      { loc: 'line_items.0.quantity', type: 'decimal_format' },
      { loc: 'line_items.1.discount.value', type: 'invalid' },
      { loc: 'line_items.2.discount.value', type: 'invalid' },
      { loc: 'line_items.3.discount.value', type: 'invalid' },
      { loc: 'line_items.4.taxes.1', type: 'invalid' },
      { loc: 'line_items.5.taxes.0.rate', type: 'invalid' },
      { loc: 'line_items.5.taxes.1.rate', type: 'decimal_format' },
      { loc: 'discounts.0.value', type: 'invalid' },
      { loc: 'discounts.1.value', type: 'invalid' },
      { loc: 'discounts.2.type', type: 'invalid' },
      { loc: 'shipping.amount', type: 'invalid' },
      { loc: 'shipping.taxes', type: 'invalid' },
    ]);
  });

  test('document discounts need non-negative lines', () => {
    const input: TotalsInput = {
      minorUnits: 2,
      lines: [
        { quantity: '2', unit_price: '10' },
        { quantity: '-1', unit_price: '10' },
      ],
      discounts: [{ type: 'fixed', value: '1' }],
    };
    expect(problems(input)).toEqual([{ loc: 'discounts', type: 'invalid' }]);
  });
});

// ---- Properties -------------------------------------------------------------------------------------------

/** "-12.345" -> -12345n at scale 3, parsed without big.js. */

describe('charges (docs/calculation.md rules 2 and 6a) and the amount due (8a)', () => {
  test('a line charge is inside the line amount and its tax; gross_amount stays quantity x price', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        {
          quantity: '2',
          unit_price: '10.00',
          discount: { type: 'fixed', value: '1.00' },
          charges: [{ amount: '2.504' }, { amount: '0.50' }],
          taxes: [S19],
        },
      ],
    });
    expect(t.lines[0]).toEqual({
      gross_amount: '20.00',
      discount_amount: '1.00',
      amount: '22.00',
      allocated_discount: '0.00',
      charge_amount: '3.00',
    });
    expect(t.tax_total).toBe('4.18');
    expect(t.total).toBe('26.18');
    expect(t.charge_total).toBeUndefined();
  });

  test('document charges are taxed like shipping and added to the total', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '100.00', taxes: [S19] }],
      shipping: { amount: '5.00' },
      charges: [
        { amount: '10.00', reason: 'Insurance' },
        { amount: '1.00', reason: 'Untaxed fee', taxes: [] },
      ],
    });
    expect(t.charge_total).toBe('11.00');
    expect(t.charges).toEqual([
      { amount: '10.00', reason: 'Insurance' },
      { amount: '1.00', reason: 'Untaxed fee' },
    ]);
    // (100 + 5 + 10) x 19 % = 21.85; the untaxed fee adds no tax.
    expect(t.tax_total).toBe('21.85');
    expect(t.total).toBe('137.85');
  });

  test('negative charges, and prepaid with too many decimals, are problems at their locs', () => {
    const found = problems({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '1', charges: [{ amount: '-1' }] }],
      charges: [{ amount: '-2', reason: 'x' }],
      prepaid: '1.001',
    });
    expect(found.map((p) => p.loc).sort()).toEqual([
      'charges.0.amount',
      'line_items.0.charges.0.amount',
      'prepaid_amount',
    ]);
  });

  test('amount_due = total - prepaid + rounding, exactly', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '99.99', taxes: [S19] }],
      prepaid: '50.00',
      rounding: '-0.04',
    });
    expect(t.total).toBe('118.99');
    expect(t.amount_due).toBe('68.95');
  });
});

describe('a document discount limited to one tax (EN 16931 BT-95/96)', () => {
  test('it is spread over that tax group only, and a percentage is of its lines', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: [S19] },
        { quantity: '1', unit_price: '50.00', taxes: [S7] },
      ],
      discounts: [
        { type: 'fixed', value: '10.00', taxes: [S7] },
        { type: 'percentage', value: '10', taxes: [S19] },
      ],
    });
    expect(t.discounts.map((d) => d.allocations)).toEqual([
      [{ category: 'S', rate: '7', inclusive: false, amount: '10.00' }],
      [{ category: 'S', rate: '19', inclusive: false, amount: '10.00' }],
    ]);
    // 19 % of 90 = 17.10, 7 % of 40 = 2.80.
    expect(t.tax_total).toBe('19.90');
    expect(t.total).toBe('149.90');
  });

  test('a percentage of a tax no line carries is a problem at the discount; a negative line outside it is fine', () => {
    expect(
      problems({
        minorUnits: 2,
        lines: [{ quantity: '1', unit_price: '100.00', taxes: [S19] }],
        discounts: [{ type: 'percentage', value: '1', taxes: [S7] }],
      }),
    ).toEqual([{ loc: 'discounts.0.taxes', type: 'invalid' }]);
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: [S19] },
        { quantity: '-1', unit_price: '20.00', taxes: [S7] },
      ],
      discounts: [{ type: 'fixed', value: '5.00', taxes: [S19] }],
    });
    expect(t.total).toBe('91.65');
  });
});

describe('received invoices: allowances in a category of their own, negative charges, stated tax', () => {
  const E: TaxInput = { rate: '0', category: 'E', name: 'VAT' };

  test('a fixed discount of a tax no line carries stands in that group by itself (rule 5a)', () => {
    const t = totals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '100.00', taxes: [S19] }],
      charges: [{ amount: '10.00', reason: 'Handling', taxes: [E] }],
      discounts: [
        { type: 'fixed', value: '10.00', taxes: [E] },
        { type: 'fixed', value: '1.00', taxes: [S7] },
      ],
    });
    expect(t.lines[0]?.allocated_discount).toBe('0.00');
    expect(t.discounts.map((d) => d.allocations)).toEqual([
      [{ category: 'E', rate: '0', inclusive: false, amount: '10.00' }],
      [{ category: 'S', rate: '7', inclusive: false, amount: '1.00' }],
    ]);
    expect(t.tax_groups.map((g) => [g.category, g.rate, g.taxable_amount, g.tax_amount])).toEqual([
      ['S', '19', '100.00', '19.00'],
      ['E', '0', '0.00', '0.00'],
      ['S', '7', '-1.00', '-0.07'],
    ]);
    // 100 + 10 - 11 + 19 - 0.07
    expect(t.total).toBe('117.93');
  });

  test('a negative charge belongs to a negative document only (rule 6a)', () => {
    const negative = totals({
      minorUnits: 2,
      lines: [{ quantity: '-7', unit_price: '400', taxes: [S19] }],
      charges: [{ amount: '-25', reason: 'Insurance', taxes: [S19] }],
    });
    expect(negative.charge_total).toBe('-25.00');
    expect(negative.tax_groups[0]?.taxable_amount).toBe('-2825.00');
    expect(negative.total).toBe('-3361.75');
    expect(
      problems({
        minorUnits: 2,
        lines: [{ quantity: '7', unit_price: '400', taxes: [S19] }],
        charges: [{ amount: '-25', reason: 'Insurance', taxes: [S19] }],
      }),
    ).toEqual([{ loc: 'charges.0.amount', type: 'invalid' }]);
  });

  test('a negative document discount belongs to a negative document, spread over its lines negated (rule 5b)', () => {
    const negative = totals({
      minorUnits: 2,
      lines: [
        { quantity: '-1', unit_price: '30', taxes: [S19] },
        { quantity: '-1', unit_price: '10', taxes: [S19] },
      ],
      discounts: [{ type: 'fixed', value: '-4.01' }],
    });
    expect(negative.discount_total).toBe('-4.01');
    expect(negative.lines.map((l) => l.allocated_discount)).toEqual(['-3.01', '-1.00']);
    expect(negative.tax_groups[0]?.taxable_amount).toBe('-35.99');
    expect(negative.total).toBe('-42.83');
    const positiveLines = [{ quantity: '1', unit_price: '30', taxes: [S19] }];
    expect(
      problems({ minorUnits: 2, lines: positiveLines, discounts: [{ type: 'fixed', value: '-4' }] }),
    ).toEqual([{ loc: 'discounts.0.value', type: 'invalid' }]);
    expect(
      problems({
        minorUnits: 2,
        lines: [{ quantity: '-1', unit_price: '30', taxes: [S19] }],
        discounts: [{ type: 'fixed', value: '4' }],
      }),
    ).toEqual([{ loc: 'discounts.0.value', type: 'invalid' }]);
    expect(
      problems({
        minorUnits: 2,
        lines: [{ quantity: '-1', unit_price: '3', taxes: [S19] }],
        discounts: [{ type: 'fixed', value: '-4' }],
      }),
    ).toEqual([{ loc: 'discounts', type: 'invalid' }]);
  });

  test('a negative line may carry its allowance and charges negated with it (rule 2a)', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        {
          quantity: '-2',
          unit_price: '50',
          discount: { type: 'fixed', value: '-10' },
          charges: [{ amount: '-5' }],
          taxes: [S19],
        },
      ],
    });
    expect([t.lines[0]?.discount_amount, t.lines[0]?.amount, t.total]).toEqual([
      '-10.00',
      '-95.00',
      '-113.05',
    ]);
    const positive = [{ quantity: '2', unit_price: '50', charges: [{ amount: '-5' }] }];
    expect(problems({ minorUnits: 2, lines: positive })).toEqual([
      { loc: 'line_items.0.charges.0.amount', type: 'invalid' },
    ]);
    const tooMuch = [{ quantity: '-1', unit_price: '5', discount: { type: 'fixed' as const, value: '-6' } }];
    expect(problems({ minorUnits: 2, lines: tooMuch })).toEqual([
      { loc: 'line_items.0.discount.value', type: 'invalid' },
    ]);
  });

  test('a fixed discount of one tax that cannot be spread over its lines stands in its group (rule 5c)', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100', taxes: [S19] },
        { quantity: '-1', unit_price: '20', taxes: [S19] },
      ],
      discounts: [{ type: 'fixed', value: '10', taxes: [S19] }],
    });
    expect(t.lines.map((l) => l.allocated_discount)).toEqual(['0.00', '0.00']);
    expect(t.tax_groups[0]?.taxable_amount).toBe('70.00');
    expect(t.total).toBe('83.30');
    // Not limited to one tax: no group to stand in, and no spreading over a negative line.
    expect(
      problems({
        minorUnits: 2,
        lines: [
          { quantity: '1', unit_price: '100', taxes: [S19] },
          { quantity: '-1', unit_price: '20', taxes: [S19] },
        ],
        discounts: [{ type: 'fixed', value: '10' }],
      }),
    ).toEqual([{ loc: 'discounts', type: 'invalid' }]);
  });

  test('stated totals stand in for what the lines do not give (rule 8b)', () => {
    const t = totals({
      minorUnits: 2,
      lines: [],
      stated: { net_total: '530.75', tax_total: '0.00', total: '530.75', amount_due: '383.75' },
    });
    expect([t.subtotal, t.tax_total, t.total, t.amount_due]).toEqual(['530.75', '0.00', '530.75', '383.75']);
    expect(t.stated).toEqual(['net_total', 'tax_total', 'total', 'amount_due']);
    const lines = [{ quantity: '2', unit_price: '10', taxes: [S19] }];
    const computedTotal = totals({ minorUnits: 2, lines, stated: { subtotal: '20.5' } });
    expect([computedTotal.subtotal, computedTotal.total, computedTotal.amount_due]).toEqual([
      '20.50',
      '24.30',
      '24.30',
    ]);
    expect(totals({ minorUnits: 2, lines }).stated).toBeUndefined();
    expect(problems({ minorUnits: 2, lines, stated: { total: '1e3' } })).toEqual([
      { loc: 'stated_totals.total', type: 'decimal_format' },
    ]);
  });

  test('a stated tax amount within one unit replaces the computed one (rule 7a); beyond it, a problem', () => {
    const lines = [{ quantity: '1', unit_price: '3986.34', taxes: [S19] }];
    const t = totals({
      minorUnits: 2,
      lines,
      taxAmounts: [{ category: 'S', rate: '19.00', amount: '757.41' }],
    });
    expect(t.tax_groups[0]?.tax_amount).toBe('757.41');
    expect(t.tax_total).toBe('757.41');
    expect(t.total).toBe('4743.75');
    expect(
      problems({
        minorUnits: 2,
        lines,
        taxAmounts: [
          { category: 'S', rate: '19', amount: '758.40' },
          { category: 'S', rate: '7', amount: '1.00' },
        ],
      }),
    ).toEqual([
      { loc: 'tax_amounts.0.amount', type: 'invalid' },
      { loc: 'tax_amounts.1', type: 'invalid' },
    ]);
  });
});
