// A final invoice deducting its Abschläge by reference: the VAT it deducts is the sum of the VAT each
// Abschlag stated (§ 14 Abs. 5 Satz 2 UStG), not the VAT worked out from their gross sum. Three Abschläge of
// 1,000.03 net at 19 % stated 3 x 190.01 = 570.03; 3,570.12 x 19 / 119 gives 570.02.
import { describe, expect, test } from 'bun:test';
import type { Deduction } from '../../src/domain/document-content';
import { computeTotals, prepaidTaxOf, type TotalsResult } from '../../src/domain/money';

function totals(net: string, prepaid: string): TotalsResult {
  const outcome = computeTotals({
    minorUnits: 2,
    lines: [{ quantity: '1', unit_price: net, taxes: [{ name: 'USt', rate: '19', category: 'S' }] }],
    prepaid,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.totals;
}

const abschlag = (n: number, rate = '19'): Deduction => ({
  document_id: `doc_${n}`,
  number: `AR-2026-00${n}`,
  issue_date: '2026-03-15',
  net_amount: '1000.03',
  tax_amount: '190.01',
  total: '1190.04',
  tax_rate: rate,
});

describe('prepaidTaxOf with the deducted invoices', () => {
  test('the VAT deducted is what the Abschläge stated: 570.03, not 570.02', () => {
    const schluss = totals('5000.00', '3570.12');
    expect(prepaidTaxOf(schluss, 2)?.prepaid_tax).toBe('570.02');
    expect(prepaidTaxOf(schluss, 2, [abschlag(1), abschlag(2), abschlag(3)])).toEqual({
      category: 'S',
      rate: '19',
      prepaid: '3570.12',
      prepaid_tax: '570.03',
      remaining_tax: '379.97',
    });
  });

  test('an Abschlag at another rate (or several): the VAT is not one rate’s, none is worked out', () => {
    const schluss = totals('5000.00', '3570.12');
    expect(prepaidTaxOf(schluss, 2, [abschlag(1), abschlag(2), abschlag(3, '16')])).toBeNull();
    const { tax_rate: _rate, ...mixed } = abschlag(3);
    expect(prepaidTaxOf(schluss, 2, [abschlag(1), abschlag(2), mixed])).toBeNull();
  });
});
