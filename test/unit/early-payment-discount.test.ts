// Skonto as XRechnung writes it into BT-20, read back from payment terms, and printed in words.
import { describe, expect, test } from 'bun:test';
import { discountProblems, skontoLine, splitPaymentTerms } from '../../src/domain/early-payment-discount';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { german } from '../rendering-fixtures';

describe('BT-20 lines', () => {
  test.each([
    [{ days: 14, percent: '2' }, '#SKONTO#TAGE=14#PROZENT=2.00#'],
    [{ days: 7, percent: '2.5' }, '#SKONTO#TAGE=7#PROZENT=2.50#'],
    [{ days: 10, percent: '3.00', base_amount: '1000' }, '#SKONTO#TAGE=10#PROZENT=3.00#BASISBETRAG=1000.00#'],
  ])('%o is %s', (term, line) => {
    expect(skontoLine(term)).toBe(line);
  });

  test('read back: the terms, the text left as written, malformed lines kept as text', () => {
    expect(
      splitPaymentTerms(
        'Zahlbar innerhalb 30 Tagen.\n#SKONTO#TAGE=14#PROZENT=2.00#\n#SKONTO#TAGE=7#PROZENT=3.00#BASISBETRAG=500.00#\n',
      ),
    ).toEqual({
      text: 'Zahlbar innerhalb 30 Tagen.',
      discounts: [
        { days: 14, percent: '2.00' },
        { days: 7, percent: '3.00', base_amount: '500.00' },
      ],
    });
    expect(splitPaymentTerms('#SKONTO#TAGE=x#PROZENT=2#')).toEqual({
      text: '#SKONTO#TAGE=x#PROZENT=2#',
      discounts: [],
    });
    expect(splitPaymentTerms(null)).toEqual({ text: null, discounts: [] });
  });

  test('percent above 0 and below 100 with 2 decimals; a base amount positive', () => {
    const at = 'body.data.payment.early_payment_discounts';
    expect(discountProblems([{ days: 14, percent: '2.5' }], at)).toEqual([]);
    expect(discountProblems([{ days: 14, percent: '0' }], at).map((p) => p.loc)).toEqual([`${at}.0.percent`]);
    expect(discountProblems([{ days: 14, percent: '100' }], at).map((p) => p.loc)).toEqual([
      `${at}.0.percent`,
    ]);
    expect(discountProblems([{ days: 14, percent: '2.125' }], at).map((p) => p.loc)).toEqual([
      `${at}.0.percent`,
    ]);
    expect(discountProblems([{ days: 14, percent: '2', base_amount: '-5' }], at).map((p) => p.loc)).toEqual([
      `${at}.0.base_amount`,
    ]);
  });
});

describe('on the PDF', () => {
  test('in words, with the date and the amount then to be paid, computed exactly (issue 36)', () => {
    const base = german();
    const due = base.totals.amount_due ?? base.totals.total;
    const view = buildInvoiceView({
      ...base,
      data: {
        ...base.data,
        payment: {
          instructions: 'Zahlbar innerhalb von 14 Tagen.\n#SKONTO#TAGE=7#PROZENT=3.00#',
          early_payment_discounts: [{ days: 10, percent: '2' }],
        },
      },
    });
    const lines = (view.payment?.instructions ?? '').replace(/\u00a0/g, ' ').split('\n');
    expect(lines[0]).toBe('Zahlbar innerhalb von 14 Tagen.');
    // Issued on 2026-12-01: 10 days is the 11th, 7 days the 8th; never the raw #SKONTO# line.
    expect(lines[1]).toMatch(/^Bei Zahlung bis 11\.12\.2026 2 % Skonto: [\d.]+,\d\d €$/);
    expect(lines[2]).toMatch(/^Bei Zahlung bis 08\.12\.2026 3 % Skonto: [\d.]+,\d\d €$/);
    expect(view.payment?.instructions).not.toContain('#SKONTO#');
    // 2 % of the amount due, rounded to cents, off the amount due.
    const cents = BigInt(due.replace('.', ''));
    const pay = cents - (cents * 2n + 50n) / 100n;
    const expected = `${pay / 100n},${String(pay % 100n).padStart(2, '0')}`.replace(
      /\B(?=(\d{3})+(?!\d))/,
      '.',
    );
    expect(lines[1]).toEndWith(`${expected} €`);
  });
});
