// The console's "Abschläge abziehen": which of the customer's invoices it offers, and how the ticked ones
// become the request (deducted_invoices in place of a typed prepaid amount) and the live totals (their sum).
import { describe, expect, test } from 'bun:test';
import { allPages, deductibleOf, deductionProblemText } from '../../src/console/pages/documents/deductible';
import { draftOf, emptyDraft } from '../../src/console/pages/documents/draft-form';
import { contentOf, sumOfAmounts, withDeducted } from '../../src/console/pages/documents/form-content';
import type { StoredDocument } from '../../src/console/pages/documents/model';
import { consoleMessage } from '../../src/console/ui/messages';
import { inGerman } from './console-kit';

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
        invoice('doc_877', { type_code: '877' }),
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

describe('Teilrechnungen, and the customer’s invoices page by page', () => {
  test('an issued Teilrechnung (326) is offered beside the Abschläge; a plain 380 is not', () => {
    const offered = deductibleOf(
      [
        invoice('doc_2', { issue_date: '2026-04-15' }),
        invoice('doc_326', { type_code: '326', issue_date: '2026-02-01' }),
        invoice('doc_380', { type_code: '380' }),
      ],
      { currency: 'EUR' },
      null,
    );
    expect(offered.map((d) => d.id)).toEqual(['doc_326', 'doc_2']);
  });

  test('every page is read, not only the newest 100', async () => {
    const pages: Record<string, { data: string[]; next: string | null }> = {
      first: { data: ['a', 'b'], next: 'p2' },
      p2: { data: ['c'], next: 'p3' },
      p3: { data: ['d'], next: null },
    };
    const asked: (string | undefined)[] = [];
    const all = await allPages(async (cursor) => {
      asked.push(cursor);
      const page = pages[cursor ?? 'first'] as { data: string[]; next: string | null };
      return { data: page.data, pagination: { has_more: page.next !== null, next_cursor: page.next } };
    });
    expect(all).toEqual(['a', 'b', 'c', 'd']);
    expect(asked).toEqual([undefined, 'p2', 'p3']);
  });
});

describe('the service’s refusals in German', () => {
  const chosen = [
    { id: 'doc_1', number: 'AR-1', total: '1190.04' },
    { id: 'doc_void', number: 'AR-9', total: '1190.04' },
  ];
  const invoices = [
    invoice('doc_1'),
    invoice('doc_void', { status: 'void' }),
    invoice('doc_other', { number: 'SR-7', type_code: '877', status: 'draft', deducts: ['doc_1'] }),
  ];
  inGerman();
  const said = (problem: { loc: string; msg: string; type?: string }) =>
    deductionProblemText(problem, chosen, invoices, { currency: 'EUR' }, 'doc_self');

  test('deducted elsewhere: names that invoice and its state, by the problem’s type', () => {
    const text = said({
      loc: 'body.deducted_invoices.0',
      msg: 'the invoice AR-1 is already deducted by SR-7 (draft)',
      type: 'conflict',
    });
    expect(text).toBe(
      'AR-1 wird bereits in SR-7 (Entwurf) abgezogen: Entfernen Sie den Haken hier oder dort.',
    );
  });

  test('voided meanwhile, not found: German, never the API’s English', () => {
    expect(
      said({ loc: 'body.deducted_invoices.1', msg: 'the invoice AR-9 is void', type: 'invalid_value' }),
    ).toBe('AR-9 wurde storniert: Bitte entfernen Sie den Haken.');
    expect(said({ loc: 'body.deducted_invoices.1', msg: 'no invoice doc_void', type: 'not_found' })).toBe(
      'AR-9 gibt es nicht mehr: Bitte entfernen Sie den Haken.',
    );
  });

  test('a void refused while a final invoice deducts the invoice: German, with a link to it', () => {
    {
      const message = consoleMessage({
        status: 409,
        code: 'conflict',
        message:
          'This invoice cannot be cancelled while the invoice SR-7 deducts it: correct or cancel SR-7 first',
        fields: [],
        details: { action: 'void', status: 'finalized', deducted_by: 'doc_other' },
      });
      expect(message?.text).toBe(
        'Diese Rechnung kann nicht storniert werden, solange eine Schlussrechnung sie abzieht: Stornieren oder korrigieren Sie zuerst die Schlussrechnung.',
      );
      expect(message?.link?.href).toBe('#/documents/doc_other');
    }
  });
});
