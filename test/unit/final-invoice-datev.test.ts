// DATEV books a final invoice's deductions back ("Anzahlungen …") on the revenue account whose automatic
// VAT DATEV works out from each booked gross. Booked as one sum, three Abschläge of 1,190.04 (190.01 VAT
// each, 570.03 as they were booked) come back as 3,570.12, whose VAT DATEV makes 570.02: a cent of VAT
// booked twice. Deducted by reference (data.deductions), each is booked back as its own gross, under the
// tax case(s) of ITS OWN groups (the deducted invoice's stored tax groups): an Abschlag at 19 % comes back on
// 8400 whatever else the final invoice holds, one at 16 % on the account of 16 %, not the final invoice's.
import { describe, expect, test } from 'bun:test';
import { add, dec, div, mul, neg, round, sum, toFixedString } from '../../src/domain/money';
import { DEFAULT_REVENUE_ACCOUNTS } from '../../src/modules/exports/accounts';
import {
  type BookedDocument,
  bookingsOf,
  type TaxGroupFigures,
} from '../../src/modules/exports/use-cases/datev-bookings';

const S19 = (net: string, tax: string): TaxGroupFigures => ({
  category: 'S',
  rate: '19',
  taxable_amount: net,
  tax_amount: tax,
});
const S7 = (net: string, tax: string): TaxGroupFigures => ({ ...S19(net, tax), rate: '7' });

const schluss = (over: Partial<BookedDocument> = {}): BookedDocument => ({
  total: '5950.00',
  prepaid: '3570.12',
  taxGroups: [S19('5000.00', '950.00')],
  side: 'S',
  currency: 'EUR',
  account: 10000,
  date: '2026-06-30',
  reference: 'SR-2026-001',
  text: 'Familie Schmitz',
  ...over,
});

/** The final invoice of 5,000 at 19 % and 1,000 at 7 %. */
const twoRates = (prepaid: string, deducted?: BookedDocument['deducted']) =>
  schluss({
    total: '7020.00',
    prepaid,
    taxGroups: [S19('5000.00', '950.00'), S7('1000.00', '70.00')],
    deducted,
  });

/** An Abschlag of 1,000.03 at 19 %: 190.01 VAT, 1,190.04. */
const abschlag = { total: '1190.04', taxGroups: [S19('1000.03', '190.01')] };

const rows = (doc: BookedDocument) =>
  bookingsOf(doc, DEFAULT_REVENUE_ACCOUNTS.SKR03).map((b) => [b.amount, b.side, b.counterAccount]);

/** The VAT DATEV's automatic account takes out of the bookings on `account`: per booking, gross × r / (100 + r). */
const vatOn = (doc: BookedDocument, account: string, rate: string) =>
  toFixedString(
    sum(
      bookingsOf(doc, DEFAULT_REVENUE_ACCOUNTS.SKR03)
        .filter((b) => b.counterAccount === account)
        .map((b) => {
          const vat = round(mul(dec(b.amount), div(dec(rate), add(dec('100'), dec(rate)))), 2);
          return b.side === 'S' ? vat : neg(vat);
        }),
    ),
    2,
  );

describe('a final invoice deducting Abschläge by reference, in DATEV', () => {
  test('each deducted invoice is booked back as the gross it stated', () => {
    const part = abschlag;
    expect(rows(schluss({ deducted: [part, part, part] }))).toEqual([
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

  test('parts that are not the prepaid amount: one sum as before', () => {
    const part = abschlag;
    expect(rows(schluss({ deducted: [part, part] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['3570.12', 'H', '8400'],
    ]);
  });

  test('a typed prepaid amount on a final invoice of two rates: split by its gross as before', () => {
    expect(rows(twoRates('1190.00'))).toEqual([
      ['5950.00', 'S', '8400'],
      ['1070.00', 'S', '8300'],
      ['1008.62', 'H', '8400'],
      ['181.38', 'H', '8300'],
    ]);
  });

  test('an Abschlag all at 19 % on a final invoice of 19 % and 7 %: all of it back on 8400', () => {
    const doc = twoRates('1190.00', [{ total: '1190.00', taxGroups: [S19('1000.00', '190.00')] }]);
    expect(rows(doc)).toEqual([
      ['5950.00', 'S', '8400'],
      ['1070.00', 'S', '8300'],
      ['1190.00', 'H', '8400'],
    ]);
    // The VAT DATEV declares: the final invoice's less what the Abschlag stated, per rate, to the cent.
    expect(vatOn(doc, '8400', '19')).toBe('760.00');
    expect(vatOn(doc, '8300', '7')).toBe('70.00');
  });

  test('an Abschlag of two rates: each of its groups back under its own rate, at its own gross', () => {
    const part = { total: '1725.00', taxGroups: [S19('1000.00', '190.00'), S7('500.00', '35.00')] };
    const doc = twoRates('1725.00', [part]);
    expect(rows(doc)).toEqual([
      ['5950.00', 'S', '8400'],
      ['1070.00', 'S', '8300'],
      ['1190.00', 'H', '8400'],
      ['535.00', 'H', '8300'],
    ]);
    expect(vatOn(doc, '8400', '19')).toBe('760.00');
    expect(vatOn(doc, '8300', '7')).toBe('35.00');
  });

  test('an Abschlag at 16 % on a final invoice at 19 %: back on the account of 16 % (other), not 8400', () => {
    const part = { total: '1160.00', taxGroups: [{ ...S19('1000.00', '160.00'), rate: '16' }] };
    expect(rows(schluss({ prepaid: '1160.00', deducted: [part] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['1160.00', 'H', '8200'],
    ]);
  });

  test('an Abschlag at a rate the final invoice does not have, beside one it has', () => {
    const at7 = { total: '535.00', taxGroups: [S7('500.00', '35.00')] };
    const at19 = { total: '1190.00', taxGroups: [S19('1000.00', '190.00')] };
    expect(rows(schluss({ prepaid: '1725.00', deducted: [at19, at7] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['1190.00', 'H', '8400'],
      ['535.00', 'H', '8300'],
    ]);
  });

  test('more deducted than the final invoice: each still back as stated (the debtor owes back)', () => {
    const part = { total: '7140.00', taxGroups: [S19('6000.00', '1140.00')] };
    expect(rows(schluss({ prepaid: '7140.00', deducted: [part] }))).toEqual([
      ['5950.00', 'S', '8400'],
      ['7140.00', 'H', '8400'],
    ]);
  });

  test('in another currency each comes back at its gross, its euro amount at the rate', () => {
    const part = abschlag;
    const booked = bookingsOf(
      schluss({ currency: 'USD', euroRate: '0.857', deducted: [part, part, part] }),
      DEFAULT_REVENUE_ACCOUNTS.SKR03,
    ).map((b) => [b.amount, b.side, b.foreign?.baseAmount]);
    expect(booked).toEqual([
      ['5950.00', 'S', '5099.15'],
      ['1190.04', 'H', '1019.86'],
      ['1190.04', 'H', '1019.86'],
      ['1190.04', 'H', '1019.86'],
    ]);
  });
});
