// The PDF's deduction rows of a Schlussrechnung (rendering/view/figures.ts): each Abschlag's VAT is named as
// the document's own tax rows name it, with several rates too ("darin USt 19 % auf netto …" beside "USt 19 %",
// not the label's "USt." beside the user's "USt").
import { expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { computeTotals } from '../../src/domain/money';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { german } from '../rendering-fixtures';

const V19 = [{ name: 'USt', rate: '19', category: 'S' }];
const V7 = [{ name: 'USt', rate: '7', category: 'S' }];

test('two VAT rates: the deducted VAT is named as the tax rows name it', () => {
  const lines = [
    { name: 'Rohbau', quantity: '1', unit_price: '5000.00', taxes: V19 },
    { name: 'Pflanzen', quantity: '1', unit_price: '1000.00', taxes: V7 },
  ];
  const deductions = [
    {
      number: 'AR-1',
      issue_date: '2026-03-15',
      net_amount: '1000.00',
      tax_amount: '190.00',
      total: '1190.00',
      tax_rate: '19',
    },
  ];
  const base = german();
  const data = { ...base.data, type_code: '877', line_items: lines, prepaid_amount: '1190.00', deductions };
  const outcome = computeTotals({ minorUnits: 2, lines, prepaid: '1190.00' });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const view = buildInvoiceView({ ...base, data: data as DocumentData, totals: outcome.totals });
  const labels = view.totals.map((row) => row.label.replace(/\s/g, ' '));
  expect(labels.some((label) => label.startsWith('USt 19 %'))).toBe(true);
  const deducted = labels.find((label) => label.includes('auf netto'));
  expect(deducted).toStartWith('darin USt 19 %');
});
