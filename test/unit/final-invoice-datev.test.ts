// DATEV books a final invoice's deductions back ("Anzahlungen …") on the revenue account whose automatic
// VAT DATEV works out from each booked gross. Booked as one sum, three Abschläge of 1,190.04 (190.01 VAT
// each, 570.03 as they were booked) come back as 3,570.12, whose VAT DATEV makes 570.02: a cent of VAT
// booked twice. Deducted by reference (data.deductions), each is booked back as its own gross.
import { describe, expect, test } from 'bun:test';
import { DEFAULT_REVENUE_ACCOUNTS } from '../../src/modules/exports/accounts';
import { type BookedDocument, bookingsOf } from '../../src/modules/exports/use-cases/datev-bookings';

const schluss = (over: Partial<BookedDocument> = {}): BookedDocument => ({
  total: '5950.00',
  prepaid: '3570.12',
  taxGroups: [{ category: 'S', rate: '19', taxable_amount: '5000.00', tax_amount: '950.00' }],
  side: 'S',
  currency: 'EUR',
  account: 10000,
  date: '2026-06-30',
  reference: 'SR-2026-001',
  text: 'Familie Schmitz',
  ...over,
});

const rows = (doc: BookedDocument) =>
  bookingsOf(doc, DEFAULT_REVENUE_ACCOUNTS.SKR03).map((b) => [b.amount, b.side, b.counterAccount]);

describe('a final invoice deducting Abschläge by reference, in DATEV', () => {
  test('each deducted invoice is booked back as the gross it stated', () => {
    expect(rows(schluss({ prepaidParts: ['1190.04', '1190.04', '1190.04'] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['1190.04', 'H', '8400'],
      ['1190.04', 'H', '8400'],
      ['1190.04', 'H', '8400'],
    ]);
  });

  test('without them (a prepaid amount typed), one sum as before', () => {
    expect(rows(schluss())).toEqual([
      ['5950.00', 'S', '8400'],
      ['3570.12', 'H', '8400'],
    ]);
  });

  test('parts that are not the prepaid amount, or several tax cases: one sum split as before', () => {
    expect(rows(schluss({ prepaidParts: ['1190.04', '1190.04'] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['3570.12', 'H', '8400'],
    ]);
  });
});
