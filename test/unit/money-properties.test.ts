// Properties of the money rules (docs/calculation.md) over random documents; the worked cases are in
// money.test.ts. The checks recompute in plain bigint, independently of big.js.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  computeTotals,
  type MinorUnits,
  normalizeRate,
  type TaxInput,
  type TotalsInput,
  type TotalsResult,
} from '../../src/domain/money';

const S19: TaxInput = { rate: '19', category: 'S', name: 'VAT' };
const S7: TaxInput = { rate: '7', category: 'S', name: 'VAT' };
const S19_INCL: TaxInput = { ...S19, inclusive: true };

function scaled(s: string): { n: bigint; scale: number } {
  const [int = '', frac = ''] = s.replace('-', '').split('.');
  const n = BigInt(int + frac);
  return { n: s.startsWith('-') ? -n : n, scale: frac.length };
}

/** num / den rounded half away from zero (den > 0). */
function roundDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r = num % den;
  if (2n * (r < 0n ? -r : r) < den) return q;
  return num < 0n ? q - 1n : q + 1n;
}

const AMOUNT = (mu: MinorUnits) =>
  mu === 0 ? /^-?(0|[1-9]\d*)$/ : new RegExp(`^-?(0|[1-9]\\d*)\\.\\d{${mu}}$`);

/** An output amount in minor units; asserts the format on the way (exactly mu decimals, never "-0"). */
function units(s: string, mu: MinorUnits): bigint {
  expect(s).toMatch(AMOUNT(mu));
  expect(s).not.toMatch(/^-0(\.0+)?$/);
  return scaled(s).n;
}

const total = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

const EXCLUSIVE: TaxInput[] = [
  S19,
  S7,
  { rate: '0', category: 'Z' },
  { rate: '0', category: 'AE' },
  { rate: '5.5' },
];
const INCLUSIVE: TaxInput[] = [S19_INCL, { ...S7, inclusive: true }, { rate: '10', inclusive: true }];
const QUANTITIES = ['1', '2', '3', '10', '100', '0.5', '1.25', '0.333'];
const PRICES = ['0.01', '0.05', '0.99', '9.99', '19.99', '100', '1234.56', '0.333', '33.335', '2.345'];

const anyTaxes = fc
  .tuple(
    fc.option(fc.constantFrom(...INCLUSIVE), { nil: undefined }),
    fc.subarray(EXCLUSIVE, { maxLength: 2 }),
  )
  .map(([inclusive, exclusive]) => (inclusive ? [inclusive, ...exclusive] : exclusive));
const oneTaxAtMost: fc.Arbitrary<TaxInput[]> = fc.oneof(
  fc.constant<TaxInput[]>([]),
  fc.constantFrom(...EXCLUSIVE, ...INCLUSIVE).map((t) => [t]),
);

function documents(taxes: fc.Arbitrary<TaxInput[]>): fc.Arbitrary<TotalsInput> {
  const line = fc.record({
    quantity: fc.constantFrom(...QUANTITIES),
    price: fc.option(fc.constantFrom(...PRICES), { nil: undefined }),
    taxes,
    discount: fc.constantFrom('none', 'none', 'percentage', 'fixed'),
    percent: fc.constantFrom('0', '5', '12.5', '100'),
    returned: fc.nat(9).map((n) => n === 0),
  });
  const discount = fc.oneof(
    fc.record({
      type: fc.constant('percentage' as const),
      value: fc.constantFrom('0', '3', '10', '33.33', '50'),
    }),
    fc.record({ type: fc.constant('fixed' as const), value: fc.constantFrom('0', '0.01', '1', '5.555') }),
  );
  const shipping = fc.record({
    amount: fc.constantFrom('0', '4.95', '10', '0.005'),
    taxes: fc.option(oneTaxAtMost, { nil: undefined }),
  });
  return fc
    .record({
      minorUnits: fc.constantFrom<MinorUnits>(0, 2, 3),
      lines: fc.array(line, { minLength: 1, maxLength: 30 }),
      discounts: fc.array(discount, { maxLength: 2 }),
      shipping: fc.option(shipping, { nil: undefined }),
    })
    .map(({ minorUnits, lines, discounts, shipping }) => {
      const returned = lines.some((l) => l.returned);
      return {
        minorUnits,
        lines: lines.map((l) => {
          const quantity = l.returned ? `-${l.quantity}` : l.quantity;
          const base = { quantity, unit_price: l.price, taxes: l.taxes };
          // A fixed discount of one unit price never exceeds quantity (>= 1) x price.
          if (l.returned || l.discount === 'none') return base;
          if (l.discount === 'fixed' && l.price !== undefined && !l.quantity.startsWith('0.')) {
            return { ...base, discount: { type: 'fixed' as const, value: l.price } };
          }
          return { ...base, discount: { type: 'percentage' as const, value: l.percent } };
        }),
        // Rule 5 refuses discounts next to negative lines; those documents test everything else.
        discounts: returned ? [] : discounts,
        shipping,
      };
    });
}

/** The outcome, skipping the rare document whose discounts exceed its (tiny) subtotal. */
function computed(doc: TotalsInput): TotalsResult {
  const outcome = computeTotals(doc);
  if (!outcome.ok) {
    expect(doc.discounts?.length).toBeGreaterThan(0);
    expect(outcome.problems).toEqual([
      { loc: 'discounts', msg: 'discounts exceed the subtotal', type: 'invalid' },
    ]);
  }
  fc.pre(outcome.ok);
  return (outcome as { totals: TotalsResult }).totals;
}

const RUNS = { numRuns: 500 };

describe('properties', () => {
  test('every amount has exactly minorUnits decimals and is never -0', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const mu = doc.minorUnits;
        const { lines, tax_groups, discounts, ...top } = t;
        const all = [
          ...Object.values(top),
          ...lines.flatMap((l) => Object.values(l)),
          ...tax_groups.flatMap((g) => [g.taxable_amount, g.tax_amount]),
          ...discounts.flatMap((d) => [d.amount, ...d.allocations.map((a) => a.amount)]),
        ];
        expect(all.length).toBe(
          10 +
            4 * lines.length +
            2 * tax_groups.length +
            discounts.length +
            discounts.reduce((n, d) => n + d.allocations.length, 0),
        );
        for (const s of all) units(s, mu);
      }),
      RUNS,
    );
  });

  test('total = subtotal - discount_total + shipping_total + exclusive_tax_total, exactly', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const u = (s: string) => units(s, doc.minorUnits);
        expect(u(t.total)).toBe(
          u(t.subtotal) - u(t.discount_total) + u(t.shipping_total) + u(t.exclusive_tax_total),
        );
        expect(u(t.subtotal)).toBe(total(t.lines.map((l) => u(l.amount))));
        for (const l of t.lines) expect(u(l.amount)).toBe(u(l.gross_amount) - u(l.discount_amount));
      }),
      RUNS,
    );
  });

  test('tax totals are the sums of the groups', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const u = (s: string) => units(s, doc.minorUnits);
        const of = (inclusive: boolean) =>
          t.tax_groups.filter((g) => g.inclusive === inclusive).map((g) => u(g.tax_amount));
        expect(u(t.tax_total)).toBe(total(t.tax_groups.map((g) => u(g.tax_amount))));
        expect(u(t.exclusive_tax_total)).toBe(total(of(false)));
        expect(u(t.inclusive_tax_total)).toBe(total(of(true)));
      }),
      RUNS,
    );
  });

  test('each group is taxed once, half-up: exclusive round(taxable x r/100), inclusive taxable = round(gross x 100/(100+r))', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const mu = doc.minorUnits;
        for (const g of t.tax_groups) {
          const taxable = units(g.taxable_amount, mu);
          const tax = units(g.tax_amount, mu);
          const r = scaled(g.rate);
          const hundred = 100n * 10n ** BigInt(r.scale);
          if (g.inclusive) expect(taxable).toBe(roundDiv((taxable + tax) * hundred, hundred + r.n));
          else expect(tax).toBe(roundDiv(taxable * r.n, hundred));
        }
      }),
      RUNS,
    );
  });

  test('line amounts: gross = round(quantity x price), percentage discount = round(gross x value / 100)', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const mu = doc.minorUnits;
        doc.lines.forEach((line, i) => {
          const q = scaled(line.quantity);
          const p = scaled(line.unit_price ?? '0');
          const gross = roundDiv(q.n * p.n * 10n ** BigInt(mu), 10n ** BigInt(q.scale + p.scale));
          const result = t.lines[i];
          expect(units(result?.gross_amount ?? '', mu)).toBe(gross);
          if (line.discount?.type === 'percentage') {
            const v = scaled(line.discount.value);
            expect(units(result?.discount_amount ?? '', mu)).toBe(
              roundDiv(gross * v.n, 100n * 10n ** BigInt(v.scale)),
            );
          }
        });
      }),
      RUNS,
    );
  });

  test('allocated discounts sum to the discount total, and per group to the shares of its lines', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const t = computed(doc);
        const u = (s: string) => units(s, doc.minorUnits);
        const discountTotal = u(t.discount_total);
        expect(total(t.lines.map((l) => u(l.allocated_discount)))).toBe(discountTotal);
        expect(total(t.discounts.map((d) => u(d.amount)))).toBe(discountTotal);
        const key = (c: string | null, r: string, i: boolean) => `${c}|${r}|${i}`;
        const byGroup = new Map<string, bigint>();
        doc.lines.forEach((line, i) => {
          const share = u(t.lines[i]?.allocated_discount ?? '');
          const keys = line.taxes?.length
            ? line.taxes.map((x) => key(x.category ?? null, normalizeRate(x.rate), x.inclusive === true))
            : [key(null, '0', false)];
          for (const k of keys) byGroup.set(k, (byGroup.get(k) ?? 0n) + share);
        });
        const allocated = new Map<string, bigint>();
        for (const a of t.discounts.flatMap((d) => d.allocations)) {
          const k = key(a.category, a.rate, a.inclusive);
          allocated.set(k, (allocated.get(k) ?? 0n) + u(a.amount));
        }
        for (const [k, sum] of byGroup) expect(allocated.get(k) ?? 0n).toBe(sum);
      }),
      RUNS,
    );
  });

  test('with at most one tax per line, each discount allocates exactly its amount', () => {
    fc.assert(
      fc.property(documents(oneTaxAtMost), (doc) => {
        const t = computed(doc);
        const u = (s: string) => units(s, doc.minorUnits);
        for (const d of t.discounts) expect(total(d.allocations.map((a) => u(a.amount)))).toBe(u(d.amount));
      }),
      RUNS,
    );
  });

  test('deterministic, and the input is left untouched', () => {
    fc.assert(
      fc.property(documents(anyTaxes), (doc) => {
        const before = JSON.stringify(doc);
        const first = computeTotals(doc);
        expect(computeTotals(structuredClone(doc))).toEqual(first);
        expect(JSON.stringify(doc)).toBe(before);
      }),
      RUNS,
    );
  });
});
