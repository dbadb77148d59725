// The console's "Abschläge abziehen": which of the customer's invoices it offers, and how the ticked ones
// become the request (deducted_invoices in place of a typed prepaid amount) and the live totals (their sum).
import { describe, expect, test } from 'bun:test';
import { deductibleOf } from '../../src/console/pages/documents/deductible';
import { draftOf, emptyDraft } from '../../src/console/pages/documents/draft-form';
import { contentOf, sumOfAmounts, withDeducted } from '../../src/console/pages/documents/form-content';
import type { StoredDocument } from '../../src/console/pages/documents/model';

const invoice = (
  id: string,
  over: Partial<StoredDocument> & { type_code?: string; deducts?: string[] } = {},
) =>
  ({
    id,
    number: id.replace('doc_', 'AR-'),
    document_type: 'invoice',
    status: 'finalized',
    issue_date: '2026-03-15',
    currency: 'EUR',
    customer_id: 'cus_1',
    totals: { total: { amount: '1190.04', currency: 'EUR' } },
    ...over,
    data: {
      type_code: over.type_code ?? '875',
      ...(over.deducts ? { deductions: over.deducts.map((d) => ({ document_id: d })) } : {}),
    },
  }) as unknown as StoredDocument;

describe('the progress invoices offered', () => {
  test('issued 875s in the currency that no other live invoice deducts, oldest first', () => {
    const offered = deductibleOf(
      [
        invoice('doc_3', { issue_date: '2026-05-15' }),
        invoice('doc_1'),
        invoice('doc_draft', { status: 'draft' }),
        invoice('doc_void', { status: 'void' }),
        invoice('doc_usd', { currency: 'USD' }),
        invoice('doc_380', { type_code: '380' }),
        invoice('doc_taken'),
        invoice('doc_freed'),
        invoice('doc_other_final', { type_code: '877', status: 'draft', deducts: ['doc_taken'] }),
        invoice('doc_voided_final', { type_code: '877', status: 'void', deducts: ['doc_freed'] }),
        invoice('doc_self', { type_code: '877', status: 'draft', deducts: ['doc_mine'] }),
        invoice('doc_mine'),
      ],
      { currency: 'eur' },
      'doc_self',
    );
    // doc_freed: its final invoice is void; doc_mine: deducted by the draft edited itself.
    expect(offered.map((d) => d.id)).toEqual(['doc_1', 'doc_freed', 'doc_mine', 'doc_3']);
  });
});

describe('the ticked ones in the request', () => {
  const chosen = [
    { id: 'doc_1', number: 'AR-1', total: '1190.04' },
    { id: 'doc_2', number: 'AR-2', total: '1190.04' },
    { id: 'doc_3', number: 'AR-3', total: '1190.04' },
  ];

  test('sent as deducted_invoices, never with a prepaid amount; the live totals take their exact sum', () => {
    const form = {
      ...emptyDraft('invoice'),
      type_code: '877',
      prepaid_amount: '100',
      deducted_invoices: chosen,
    };
    const body = withDeducted(contentOf(form), form);
    expect(body.deducted_invoices).toEqual(['doc_1', 'doc_2', 'doc_3']);
    expect(body.prepaid_amount).toBeUndefined();
    expect(contentOf(form).prepaid_amount).toBe('3570.12');
  });

  test('exact sums of decimal strings', () => {
    expect(sumOfAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumOfAmounts(['1190.04', '-1190.05'])).toBe('-0.01');
    expect(sumOfAmounts(['5', '0.50'])).toBe('5.50');
  });

  test('a stored final invoice opens with its deductions ticked and no typed prepaid amount', () => {
    const stored = {
      ...invoice('doc_final', { type_code: '877', status: 'draft' }),
      data: {
        type_code: '877',
        prepaid_amount: '2380.08',
        deductions: chosen.slice(0, 2).map((c) => ({ document_id: c.id, number: c.number, total: c.total })),
        line_items: [],
      },
    } as unknown as StoredDocument;
    const form = draftOf(stored);
    expect(form.deducted_invoices).toEqual(chosen.slice(0, 2));
    expect(form.prepaid_amount).toBe('');
  });
});
