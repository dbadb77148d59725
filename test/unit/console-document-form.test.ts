// The console's document form as it becomes the API's document data.
import { describe, expect, test } from 'bun:test';
import { contentOf, emptyDraft } from '../../src/console/pages/documents/model';

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
