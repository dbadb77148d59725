// The VAT in what was paid in advance (BT-113), which a final invoice deducts with it (§ 14 Abs. 5 UStG):
// it follows from the gross prepaid amount only where the document has one VAT rate.
import { describe, expect, test } from 'bun:test';
import { computeTotals, prepaidTaxOf, type TotalsResult } from '../../src/domain/money';

const S = (rate: string) => [{ name: 'VAT', rate, category: 'S' }];

function totals(
  lines: { price: string; rate: string; inclusive?: boolean }[],
  prepaid: string,
): TotalsResult {
  const outcome = computeTotals({
    minorUnits: 2,
    lines: lines.map((l) => ({
      quantity: '1',
      unit_price: l.price,
      taxes: [{ ...(S(l.rate)[0] as { rate: string }), inclusive: l.inclusive }],
    })),
    prepaid,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.totals;
}

describe('prepaidTaxOf', () => {
  test('one rate: the VAT in the prepaid gross, to the cent, and the VAT left in the amount due', () => {
    // 3,000.00 net at 19 %: 570.00 VAT; 1,190.00 paid holds 190.00 of it.
    expect(prepaidTaxOf(totals([{ price: '3000.00', rate: '19' }], '1190.00'), 2)).toEqual({
      category: 'S',
      rate: '19',
      prepaid: '1190.00',
      prepaid_tax: '190.00',
      remaining_tax: '380.00',
    });
    // 1,000.00 x 19 / 119 = 159.663... -> 159.66; at 7 %: 65.420... -> 65.42.
    expect(prepaidTaxOf(totals([{ price: '3000.00', rate: '19' }], '1000.00'), 2)?.prepaid_tax).toBe(
      '159.66',
    );
    expect(prepaidTaxOf(totals([{ price: '3000.00', rate: '7' }], '1000.00'), 2)).toMatchObject({
      prepaid_tax: '65.42',
      remaining_tax: '144.58',
    });
  });

  test("paid in full (at the checkout): the VAT in it is the document's, never a cent off", () => {
    // A received file's VAT per group as stated (BT-117, rounded per line: a cent above the computed
    // 190.00 on 1,000.00 at 19 %): the gross taken back to its VAT would give 190.00, a cent short.
    const outcome = computeTotals({
      minorUnits: 2,
      lines: [{ quantity: '1', unit_price: '1000.00', taxes: S('19') }],
      taxAmounts: [{ category: 'S', rate: '19', amount: '190.01' }],
      prepaid: '1190.01',
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    expect(outcome.totals.total).toBe('1190.01');
    expect(prepaidTaxOf(outcome.totals, 2)).toMatchObject({ prepaid_tax: '190.01', remaining_tax: '0.00' });
  });

  test('none where it does not follow: two rates, no VAT, VAT in the prices, nothing paid, a stated VAT total, an untaxed line', () => {
    const cases: [string, TotalsResult][] = [
      [
        'two rates',
        totals(
          [
            { price: '100.00', rate: '19' },
            { price: '100.00', rate: '7' },
          ],
          '50.00',
        ),
      ],
      ['0 %', totals([{ price: '100.00', rate: '0' }], '50.00')],
      ['inclusive', totals([{ price: '119.00', rate: '19', inclusive: true }], '50.00')],
      ['nothing paid', totals([{ price: '100.00', rate: '19' }], '0')],
      ['stated VAT total', { ...totals([{ price: '100.00', rate: '19' }], '50.00'), stated: ['tax_total'] }],
    ];
    const untaxed = computeTotals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '100.00', taxes: S('19') },
        { quantity: '1', unit_price: '50.00' },
      ],
      prepaid: '50.00',
    });
    if (!untaxed.ok) throw new Error('fixture');
    // A line without VAT forms no group: the prepaid amount cannot be said to be 19 % gross.
    cases.push(['an untaxed line beside the group', untaxed.totals]);
    for (const [name, t] of cases) expect(prepaidTaxOf(t, 2), name).toBeNull();
  });
});
