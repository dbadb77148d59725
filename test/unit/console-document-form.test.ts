// The console's document form as it becomes the API's document data.
import { describe, expect, test } from 'bun:test';
import { readDecimal } from '../../src/console/numbers';
import { lineOfProduct } from '../../src/console/pages/documents/catalogue-line';
import {
  correctedOf,
  draftOf,
  emptyDraft,
  lineAfter,
  proposedNumber,
  withDefaultTax,
  withIssueDate,
} from '../../src/console/pages/documents/draft-form';
import { contentOf, numberProblems } from '../../src/console/pages/documents/form-content';
import type { LineForm } from '../../src/console/pages/documents/model';

describe('date of supply and service period (issue 36)', () => {
  test('a new invoice states its issue date as the date of supply', () => {
    const form = emptyDraft('invoice');
    expect(contentOf(form).delivery_date).toBe(form.issue_date);
  });

  test('with a service period the prefilled date is not sent: the period states the supply', () => {
    const form = { ...emptyDraft('invoice'), period_start: '2026-11-01', period_end: '2026-11-30' };
    const content = contentOf(form);
    expect(content.delivery_date).toBeUndefined();
    expect(content.invoice_period).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
  });

  test('a date of supply the user chose is kept beside a period', () => {
    const form = {
      ...emptyDraft('invoice'),
      delivery_date: '2026-11-15',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
    };
    expect(contentOf(form).delivery_date).toBe('2026-11-15');
  });
});

describe('a line from the article catalogue (issue 36)', () => {
  test("shows the article's unit at once and sends it", () => {
    const line = lineOfProduct({
      name: 'Beratung',
      description: 'vor Ort',
      unit_code: 'HUR',
      unit_price: '95.00',
      tax_rate: '19',
      tax_category: 'S',
    });
    expect(line.unit_code).toBe('HUR');
    const form = { ...emptyDraft('invoice'), lines: [{ ...line, quantity: '12.5' }] };
    expect(contentOf(form).line_items?.[0]).toMatchObject({
      name: 'Beratung',
      description: 'vor Ort',
      unit_code: 'HUR',
      quantity: '12.5',
    });
  });

  test('an article priced per 100 gives its line that base (BT-149)', () => {
    const line = lineOfProduct({
      name: 'Schrauben M6',
      description: null,
      unit_code: 'H87',
      unit_price: '4.90',
      price_base_quantity: '100',
      tax_rate: '19',
      tax_category: 'S',
    });
    const form = { ...emptyDraft('invoice'), lines: [{ ...line, quantity: '2500' }] };
    expect(contentOf(form).line_items?.[0]).toMatchObject({
      unit_price: '4.90',
      price_base_quantity: '100',
      quantity: '2500',
    });
  });
});

describe('Add line', () => {
  test("takes the last line's VAT rate and category: a Kleinunternehmer's 0 % stays 0 %, a first line 19 %", () => {
    const first = { ...emptyDraft('invoice').lines[0], tax_rate: '0', tax_category: 'E' } as LineForm;
    const next = lineAfter([first]);
    expect([next.tax_rate, next.tax_category, next.name, next.unit_price]).toEqual(['0', 'E', '', '']);
    expect(next.key).not.toBe(first.key);
    expect(lineAfter([]).tax_rate).toBe('19');
    const form = { ...emptyDraft('invoice'), lines: [first, { ...next, name: 'Zweite', unit_price: '5' }] };
    form.zero_category = 'E';
    form.zero_reason = 'Kleinunternehmer gemäß § 19 UStG';
    expect(contentOf(form).line_items?.[1]?.taxes).toEqual([
      { name: 'VAT', rate: '0', category: 'E', exemption_reason: 'Kleinunternehmer gemäß § 19 UStG' },
    ]);
  });
});

describe("the business profile's VAT for new lines", () => {
  const smallBusiness = {
    rate: '0',
    category: 'E',
    exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  };

  test('a new document of a Kleinunternehmer starts at 0 % exempt with its legal basis, sent as such', () => {
    const form = withDefaultTax(emptyDraft('invoice'), smallBusiness);
    expect([form.lines[0]?.tax_rate, form.zero_category, form.zero_reason]).toEqual([
      '0',
      'E',
      smallBusiness.exemption_reason,
    ]);
    const typed = {
      ...form,
      lines: form.lines.map((line) => ({ ...line, name: 'Beratung', unit_price: '80' })),
    };
    expect(contentOf(typed).line_items?.[0]?.taxes).toEqual([{ name: 'VAT', ...smallBusiness }]);
    expect(lineAfter(typed.lines).tax_rate).toBe('0');
  });

  test('only lines not filled in take it; a category or reason the document states is kept', () => {
    const filled = { ...emptyDraft('invoice').lines[0], name: 'Schon da', unit_price: '5' } as LineForm;
    const blank = lineAfter([filled]);
    const form = { ...emptyDraft('invoice'), lines: [filled, blank], zero_reason: 'eigener Text' };
    const after = withDefaultTax(form, { rate: '7', category: 'S' });
    expect(after.lines.map((line) => line.tax_rate)).toEqual(['19', '7']);
    expect([after.zero_category, after.zero_reason]).toEqual(['', 'eigener Text']);
    expect(withDefaultTax(form, smallBusiness).zero_reason).toBe('eigener Text');
  });

  test('a profile without one gives 19 %, as before (another profile chosen first is undone)', () => {
    const other = withDefaultTax(emptyDraft('invoice'), smallBusiness);
    const plain = withDefaultTax(other, undefined);
    expect([plain.lines[0]?.tax_rate, plain.zero_category, plain.zero_reason]).toEqual(['19', '', '']);
    // From a Kleinunternehmer's profile to a reverse-charging one: its category and basis, not § 19's.
    const reverse = withDefaultTax(other, { rate: '0', category: 'AE', exemption_reason: 'Reverse Charge' });
    expect([reverse.lines[0]?.tax_rate, reverse.zero_category, reverse.zero_reason]).toEqual([
      '0',
      'AE',
      'Reverse Charge',
    ]);
  });

  test('what the person typed is kept when a profile is chosen again: a rate on an empty line, a basis', () => {
    const chosen = withDefaultTax(emptyDraft('invoice'), smallBusiness);
    const typed = {
      ...chosen,
      lines: chosen.lines.map((line) => ({ ...line, tax_rate: '7' })),
      zero_reason: 'Steuerfrei nach § 4 Nr. 14 UStG',
    };
    const again = withDefaultTax(typed, { rate: '19', category: 'S' });
    expect([again.lines[0]?.tax_rate, again.zero_category, again.zero_reason]).toEqual([
      '7',
      '',
      'Steuerfrei nach § 4 Nr. 14 UStG',
    ]);
  });
});

describe('a catalogue price in a German form', () => {
  test('is written as German reads it back: 12.500 (twelve and a half) stays 12.5, not 12,500', () => {
    const article = {
      name: 'Folie',
      description: null,
      unit_code: 'MTR',
      unit_price: '12.500',
      tax_rate: '19.00',
      tax_category: 'S',
    };
    const line = lineOfProduct(article, 'de');
    expect([line.unit_price, line.tax_rate]).toEqual(['12,500', '19,00']);
    expect(readDecimal(line.unit_price, 'de')).toBe('12.500');
    expect(readDecimal(line.tax_rate, 'de')).toBe('19.00');
    expect(lineOfProduct(article, 'en').unit_price).toBe('12.500');
  });
});

describe('Skonto in the editor (issue 36)', () => {
  test('days and percent become the first early-payment discount; more stored ones are kept', () => {
    const form = { ...emptyDraft('invoice'), skonto_days: '14', skonto_percent: '2.5' };
    expect(contentOf(form).payment?.early_payment_discounts).toEqual([{ days: 14, percent: '2.5' }]);
    const kept = { ...form, skonto_more: [{ days: 30, percent: '1' }] };
    expect(contentOf(kept).payment?.early_payment_discounts).toEqual([
      { days: 14, percent: '2.5' },
      { days: 30, percent: '1' },
    ]);
    expect(contentOf(emptyDraft('invoice')).payment?.early_payment_discounts).toBeUndefined();
    expect(numberProblems({ ...form, skonto_days: 'zwei' }).map((p) => p.loc)).toEqual([
      'body.payment.early_payment_discounts.0.days',
    ]);
  });
});

describe('the payment reference in the editor', () => {
  test('sent trimmed as payment.reference when typed, left out when empty; a stored one is shown again', () => {
    const form = { ...emptyDraft('invoice'), payment_reference: ' RF18 5390 0754 7034 ' };
    expect(contentOf(form).payment?.reference).toBe('RF18 5390 0754 7034');
    expect(contentOf(emptyDraft('invoice')).payment?.reference).toBeUndefined();
    const stored = {
      ...emptyDraft('invoice'),
      data: { payment: { reference: 'Kunde 4711' }, line_items: [] },
    };
    expect(draftOf(stored as unknown as Parameters<typeof draftOf>[0]).payment_reference).toBe('Kunde 4711');
  });
});

describe('the invoice a document corrects (BG-3)', () => {
  test("a credit note's and a corrected invoice's (384) are sent; any other kind's choice is not", () => {
    const chosen = (document_type: string, type_code: string) =>
      correctedOf({ ...emptyDraft(document_type), type_code, source_document_id: 'doc_1' });
    expect(chosen('credit_note', '')).toBe('doc_1');
    expect(chosen('invoice', '384')).toBe('doc_1');
    // 384 chosen, an invoice picked, then the kind changed back: no reference is left behind.
    expect(chosen('invoice', '')).toBe('');
    expect(chosen('invoice', '877')).toBe('');
    expect(chosen('quote', '384')).toBe('');
  });

  test('a stored document in the form: only the reference the form offers (an invoice keeps its quote unseen)', () => {
    const stored = (document_type: string, type_code?: string) =>
      draftOf({
        id: 'doc_2',
        document_type,
        number: 'X-1',
        issue_date: '2026-11-02',
        due_date: null,
        currency: 'EUR',
        business_profile_id: 'bp_1',
        customer_id: 'cus_1',
        source_document_id: 'doc_1',
        reason: null,
        status: 'draft',
        data: { line_items: [], ...(type_code ? { type_code } : {}) },
      } as never).source_document_id;
    expect(stored('credit_note')).toBe('doc_1');
    expect(stored('invoice', '384')).toBe('doc_1');
    expect(stored('invoice')).toBe('');
  });
});

describe('proposedNumber: a new document of a firm in an account of several', () => {
  const prefix = 'RE-';
  test('a firm with a series of its own continues it; one on the shared prefix gets the account’s next', () => {
    const newest = [
      { number: 'AT-2026-007', business_profile_id: 'biz_at' },
      { number: 'RE-2026-0001', business_profile_id: 'biz_de' },
    ];
    expect(proposedNumber(newest, 'biz_de', prefix)).toBe('RE-2026-0002');
    expect(proposedNumber(newest, 'biz_at', prefix)).toBe('AT-2026-008');
    // A firm with no document yet, or none chosen: the account's next.
    expect(proposedNumber(newest, 'biz_new', prefix)).toBe('AT-2026-008');
    expect(proposedNumber(newest, '', prefix)).toBe('AT-2026-008');
  });

  test('two firms on one prefix never get the same number (numbers are unique in the account)', () => {
    const newest = [
      { number: 'RE-2026-0002', business_profile_id: 'biz_b' },
      { number: 'RE-2026-0001', business_profile_id: 'biz_a' },
    ];
    expect(proposedNumber(newest, 'biz_a', prefix)).toBe('RE-2026-0003');
    expect(proposedNumber(newest, 'biz_b', prefix)).toBe('RE-2026-0003');
    // Never another firm's series: the next after the highest of the firm's own series.
    const three = [
      { number: 'AT-2026-007', business_profile_id: 'biz_at' },
      { number: 'RE-2026-0002', business_profile_id: 'biz_c' },
      { number: 'RE-2026-0001', business_profile_id: 'biz_b' },
    ];
    expect(proposedNumber(three, 'biz_b', prefix)).toBe('RE-2026-0003');
    expect(proposedNumber(three, 'biz_at', prefix)).toBe('AT-2026-008');
  });
});

describe('withIssueDate: the dates that follow the issue date', () => {
  const form = {
    ...emptyDraft('invoice'),
    issue_date: '2026-12-07',
    delivery_date: '2026-12-07',
    due_date: '2026-12-21',
  };
  test('a new issue date moves the supply date that was it and the due date 14 days after it', () => {
    expect(withIssueDate(form, '2026-10-15')).toMatchObject({
      issue_date: '2026-10-15',
      delivery_date: '2026-10-15',
      due_date: '2026-10-29',
    });
    // Dates the user chose stay.
    const chosen = { ...form, delivery_date: '2026-11-30', due_date: '2027-01-31' };
    expect(withIssueDate(chosen, '2026-10-15')).toMatchObject({
      delivery_date: '2026-11-30',
      due_date: '2027-01-31',
    });
  });

  test('a field cleared on the way: nothing follows the empty value, and the next whole date is followed from the last', () => {
    const cleared = withIssueDate(form, '');
    expect(cleared).toMatchObject({ issue_date: '', delivery_date: '2026-12-07', due_date: '2026-12-21' });
    expect(withIssueDate(cleared, '2026-10-15', '2026-12-07')).toMatchObject({
      delivery_date: '2026-10-15',
      due_date: '2026-10-29',
    });
  });
});
