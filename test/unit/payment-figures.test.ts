// The payment figures and the payment-driven transitions (docs/payments.md), as tables of worked cases.
import { describe, expect, test } from 'bun:test';
import { statusAfterPayments } from '../../src/modules/documents/lifecycle';
import { daysOverdue, paymentFigures } from '../../src/modules/documents/payment-figures';
import type { DocumentRow } from '../../src/modules/documents/schema';

const totals = (total: string, amountDue?: string) =>
  ({ total, ...(amountDue ? { amount_due: amountDue } : {}) }) as unknown as DocumentRow['totals'];

describe('paymentFigures', () => {
  test.each([
    // total, amount_due of the totals, currency, paid -> amount_paid, amount_due, payment_status, settled
    ['237.88', undefined, 'EUR', '0', '0.00', '237.88', 'unpaid', false],
    ['237.88', undefined, 'EUR', '100.00', '100.00', '137.88', 'partially_paid', false],
    ['237.88', undefined, 'EUR', '237.88', '237.88', '0.00', 'paid', true],
    ['237.88', undefined, 'EUR', '250.00', '250.00', '-12.12', 'overpaid', true],
    ['119.00', '19.00', 'EUR', '19.00', '19.00', '0.00', 'paid', true],
    ['119.00', '19.00', 'EUR', '18.99', '18.99', '0.01', 'partially_paid', false],
    ['1000', undefined, 'JPY', '999', '999', '1', 'partially_paid', false],
    ['10.500', undefined, 'KWD', '10.5', '10.500', '0.000', 'paid', true],
    ['0.00', undefined, 'EUR', '0', '0.00', '0.00', 'unpaid', false],
  ] as const)(
    '%s (due %s) %s, paid %s',
    (total, due, currency, paid, amountPaid, amountDue, status, settled) => {
      expect(paymentFigures({ totals: totals(total, due), currency, amountPaid: paid })).toMatchObject({
        amount_paid: amountPaid,
        amount_due: amountDue,
        payment_status: status,
        settled,
      });
    },
  );

  test.each([
    // total, credited, paid -> amount_credited, amount_due, payment_status, settled (issue 36)
    ['119.00', '119.00', '0', '119.00', '0.00', 'paid', true],
    ['119.00', '19.00', '0', '19.00', '100.00', 'partially_paid', false],
    ['119.00', '19.00', '100.00', '19.00', '0.00', 'paid', true],
    ['119.00', '19.00', '119.00', '19.00', '-19.00', 'overpaid', true],
    ['119.00', '0', '0', '0.00', '119.00', 'unpaid', false],
  ] as const)(
    '%s credited %s, paid %s',
    (total, credited, paid, amountCredited, amountDue, status, settled) => {
      const figures = paymentFigures({
        totals: totals(total),
        currency: 'EUR',
        amountPaid: paid,
        amountCredited: credited,
      });
      expect(figures).toEqual({
        amount_paid: toFixed2(paid),
        amount_credited: amountCredited,
        amount_due: amountDue,
        payment_status: status,
        settled,
      });
    },
  );
});

const toFixed2 = (value: string) => (value.includes('.') ? value : `${value}.00`);

describe('statusAfterPayments: every status x settled or not', () => {
  const cases: [string, string | null, boolean, string][] = [
    ['draft', null, true, 'draft'],
    ['finalized', null, true, 'paid'],
    ['sent', 'x', true, 'paid'],
    ['paid', 'x', true, 'paid'],
    ['void', null, true, 'void'],
    ['archived', null, true, 'archived'],
    ['draft', null, false, 'draft'],
    ['finalized', null, false, 'finalized'],
    ['sent', 'x', false, 'sent'],
    ['paid', 'x', false, 'sent'],
    ['paid', null, false, 'finalized'],
    ['void', null, false, 'void'],
    ['archived', null, false, 'archived'],
  ];
  test.each(cases)('%s (sent_at %p), settled %p -> %s', (status, sentAt, settled, next) => {
    expect(statusAfterPayments({ status: status as DocumentRow['status'], sentAt }, settled)).toBe(
      next as DocumentRow['status'],
    );
  });
});

describe('daysOverdue', () => {
  const row = (overrides: Partial<DocumentRow> = {}) =>
    ({
      documentType: 'invoice',
      status: 'sent',
      dueDate: '2026-11-01',
      totals: totals('100.00'),
      currency: 'EUR',
      amountPaid: '0',
      ...overrides,
    }) as DocumentRow;
  test.each([
    ['past due, sent', row(), 19],
    ['past due, partly paid', row({ amountPaid: '50.00' }), 19],
    ['due today', row({ dueDate: '2026-11-20' }), 0],
    ['no due date', row({ dueDate: null }), 0],
    ['paid', row({ status: 'paid', amountPaid: '100.00' }), 0],
    ['draft', row({ status: 'draft' }), 0],
    ['a quote', row({ documentType: 'quote' }), 0],
    ['nothing due', row({ totals: totals('100.00', '0.00') }), 0],
    ['across a month', row({ dueDate: '2026-10-20' }), 31],
  ])('%s', (_name, document, days) => {
    expect(daysOverdue(document, '2026-11-20')).toBe(days);
  });
});
