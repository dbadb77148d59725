// What the console makes of a received document's kind and amounts (src/console/pages/received-kind.ts): a
// credit note or a negative invoice is a credit (nothing to pay, its amount negative in the lists), every
// other invoice is due as the API says.
import { describe, expect, test } from 'bun:test';
import {
  creditOf,
  differingFiles,
  howItDiffers,
  isCredit,
  kindOf,
  negated,
  sameAmount,
  signedDue,
  signedTotal,
  statedDue,
} from '../../src/console/pages/received-kind';

const doc = (document_type: 'invoice' | 'credit_note', amount_due: string, amount_paid = '0.00') => ({
  document_type,
  type_code: document_type === 'credit_note' ? '381' : '380',
  total: amount_due,
  amount_due,
  amount_paid,
});

describe('a received document in the console', () => {
  test('its kind: a credit note, an invoice kind by BT-3, else an invoice', () => {
    expect(kindOf({ document_type: 'credit_note', type_code: '381' })).toBe('Credit note');
    expect(kindOf({ document_type: 'invoice', type_code: '389' })).toBe('Self-billed invoice');
    expect(kindOf({ document_type: 'invoice', type_code: '380' })).toBe('Invoice');
  });

  test('a credit note is a credit: the seller owes its amount, the lists show it negative', () => {
    const credit = doc('credit_note', '1656.25');
    expect(isCredit(credit)).toBe(true);
    expect(creditOf(credit)).toBe('1656.25');
    expect(signedDue(credit)).toBe('-1656.25');
    expect(signedTotal(credit)).toBe('-1656.25');
  });

  test('an invoice stating a negative amount due is a credit; an overpaid one is not', () => {
    const negative = doc('invoice', '-10000.00');
    expect(isCredit(negative)).toBe(true);
    expect(creditOf(negative)).toBe('10000.00');
    expect(signedDue(negative)).toBe('-10000.00');
    expect(isCredit(doc('invoice', '-5.00', '534.87'))).toBe(false);
    expect(isCredit(doc('invoice', '0.00'))).toBe(false);
    expect(signedDue(doc('invoice', '529.87'))).toBe('529.87');
    expect([negated('0.00'), negated('-0.00'), negated('12.5')]).toEqual(['0.00', '-0.00', '-12.5']);
  });

  test('the inbox warnings of another total name the other files; the file’s own notes do not', () => {
    const other = { id: 'rcv_2', total: '1656.25', amount_due: '1656.25', currency: 'EUR' };
    const warnings = [
      { term: 'BT-125', path: 'supporting_documents', message: 'an attachment' },
      { term: 'BT-112', path: 'total', message: '…', code: 'differing_total' as const, other_file: other },
    ];
    expect(differingFiles({ warnings })).toEqual([other]);
  });

  test('what another file of its number states otherwise, against this file’s own figures', () => {
    // Allowance-example (7125.00, 6125.00 due after 1000.00 prepaid) and base-example (1656.25, all due).
    const allowance = { total: '7125.00', amount_due: '6125.00', amount_paid: '0.00', currency: 'EUR' };
    const base = { id: 'rcv_1', total: '1656.25', amount_due: '1656.25', currency: 'EUR' };
    // Its other file's total equals its amount due, but both differ from this file's: both differ.
    expect(howItDiffers(allowance, base)).toBe('both');
    expect(howItDiffers(allowance, { ...base, total: '7125.0', amount_due: '7125.00' })).toBe('amount_due');
    expect(howItDiffers(allowance, { ...base, total: '8000.00', amount_due: '6125.00' })).toBe('total');
    // Paid in part, the amount due the file states is what is due plus what was paid.
    const paid = { ...allowance, amount_due: '125.00', amount_paid: '6000.00' };
    expect(howItDiffers(paid, { ...base, total: '8000.00', amount_due: '6125.00' })).toBe('total');
    // Another currency is another total.
    expect(
      howItDiffers(allowance, { ...base, total: '7125.00', amount_due: '6125.00', currency: 'CHF' }),
    ).toBe('both');
  });

  test('amounts compared and added exactly, as written', () => {
    expect([sameAmount('10.5', '10.50'), sameAmount('-0.00', '0'), sameAmount('1.01', '1.1')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(statedDue({ amount_due: '125.00', amount_paid: '6000.00' })).toBe('6125.00');
    expect(statedDue({ amount_due: '-5.00', amount_paid: '534.87' })).toBe('529.87');
    expect(statedDue({ amount_due: '-10000.00', amount_paid: '0.00' })).toBe('-10000.00');
    expect(statedDue({ amount_due: '0.05', amount_paid: '-0.10' })).toBe('-0.05');
  });
});
