// The DATEV pieces that need no server: tax cases, bookings per case, Belegfeld 1, text fields, cp1252.
import { describe, expect, test } from 'bun:test';
import {
  DEFAULT_EXPENSE_ACCOUNTS,
  DEFAULT_REVENUE_ACCOUNTS,
  taxCaseOf,
  withCurrentCases,
} from '../../src/modules/exports/accounts';
import {
  belegfeld,
  bookingLine,
  encodeCp1252,
  headerLine,
  text,
} from '../../src/modules/exports/datev/format';
import { bookingsOf } from '../../src/modules/exports/use-cases/datev-bookings';
import { fiscalYearOf } from '../../src/modules/exports/use-cases/datev-export';
import { counterpartyOf, countryOf, smallBusinessOf } from '../../src/modules/exports/use-cases/datev-lines';

const group = (category: string | null, rate: string, taxable: string, tax: string) => ({
  category,
  rate,
  taxable_amount: taxable,
  tax_amount: tax,
});
const doc = (total: string, taxGroups: ReturnType<typeof group>[], side: 'S' | 'H' = 'S') => ({
  total,
  taxGroups,
  side,
  currency: 'EUR',
  account: 10000,
  date: '2026-03-05',
  reference: 'RE 2026/001',
  text: 'Kunde',
});

describe('tax cases', () => {
  test.each([
    ['S', '19', 'standard_19'],
    ['S', '19.00', 'standard_19'],
    [null, '19', 'standard_19'],
    ['S', '7', 'reduced_7'],
    ['S', '16', 'other'],
    ['K', '0', 'intra_eu'],
    ['G', '0', 'third_country'],
    ['AE', '0', 'reverse_charge'],
    ['E', '0', 'exempt'],
    // Germany's 0 % (§ 12 Abs. 3 UStG, photovoltaics) has its own account: Erlöse 0 % USt.
    ['Z', '0', 'zero_rated'],
    [null, '0', 'exempt'],
    ['O', '0', 'other'],
  ] as const)('%s at %s %% is %s', (category, rate, expected) => {
    expect(taxCaseOf(category, rate)).toBe(expected);
  });

  test('a reverse charge between parties of one country is § 13b UStG at home; O abroad is taxable there', () => {
    expect(taxCaseOf('AE', '0', 'domestic')).toBe('reverse_charge_domestic');
    expect(taxCaseOf('AE', '0', 'eu')).toBe('reverse_charge');
    expect(taxCaseOf('AE', '0', null)).toBe('reverse_charge');
    expect(taxCaseOf('AE', '0', 'third_country')).toBe('reverse_charge_third_country');
    expect(taxCaseOf('E', '0', 'domestic', true)).toBe('small_business');
    expect(taxCaseOf('Z', '0', 'domestic', true)).toBe('zero_rated');
    expect(taxCaseOf('O', '0', 'eu')).toBe('outside_scope_eu');
    expect(taxCaseOf('O', '0', 'third_country')).toBe('outside_scope_third_country');
    expect(taxCaseOf('O', '0', 'domestic')).toBe('other');
    expect(taxCaseOf('K', '0', 'domestic')).toBe('intra_eu');
    expect(taxCaseOf('S', '19', 'third_country')).toBe('standard_19');
  });

  test("a party's country: its address's, else its VAT id's prefix; unknown is not the same country", () => {
    expect(countryOf({ address: { country: 'de' } })).toBe('DE');
    expect(countryOf({ tax_id: 'EL123456789' })).toBe('GR');
    expect(countryOf({ tax_id: '37/123/45678' })).toBeNull();
    const germany = { address: { country: 'DE' } };
    expect(counterpartyOf(germany, { tax_id: 'DE 811 907 980' })).toBe('domestic');
    expect(counterpartyOf(germany, { address: { country: 'FR' } })).toBe('eu');
    expect(counterpartyOf(germany, { tax_id: 'EL123456789' })).toBe('eu');
    expect(counterpartyOf(germany, { address: { country: 'CH' } })).toBe('third_country');
    expect(counterpartyOf(germany, { tax_id: 'CHE-123.456.789 MWST' })).toBe('third_country');
    // Northern Ireland is in the EU's VAT area for goods only; these cases are services'.
    expect(counterpartyOf(germany, { tax_id: 'XI123456789' })).toBe('third_country');
    expect(counterpartyOf(germany, { name: 'unknown' } as never)).toBeNull();
    expect(counterpartyOf(undefined, undefined)).toBeNull();
  });
});

describe("a Kleinunternehmer's exemption", () => {
  test('told by its reason or code naming § 19 UStG or the word, on a line, the shipping or a charge', () => {
    const taxed = (tax: Record<string, string>) => ({ line_items: [{ taxes: [{ category: 'E', ...tax }] }] });
    expect(
      smallBusinessOf(taxed({ exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.' })),
    ).toBe(true);
    expect(smallBusinessOf(taxed({ exemption_reason: 'Kleinunternehmerregelung' }))).toBe(true);
    expect(smallBusinessOf(taxed({ exemption_reason: 'Steuerfrei nach § 4 Nr. 14 UStG' }))).toBe(false);
    expect(smallBusinessOf(taxed({ exemption_reason: 'nach § 19b' }))).toBe(false);
    expect(smallBusinessOf({ shipping: { taxes: [{ category: 'E', exemption_reason: '§19 UStG' }] } })).toBe(
      true,
    );
    expect(smallBusinessOf({ line_items: [{ taxes: [{ category: 'S', exemption_reason: '§ 19' }] }] })).toBe(
      false,
    );
    expect(smallBusinessOf({})).toBe(false);
  });
});

describe('the reverse charge accounts (SKR03 8336 EU, 8337 § 13b at home; SKR04 4336, 4337)', () => {
  test('the defaults: the EU reverse charge is not booked as a third-country service (8338 / 4338)', () => {
    expect(DEFAULT_REVENUE_ACCOUNTS.SKR03.reverse_charge.account).toBe('8336');
    expect(DEFAULT_REVENUE_ACCOUNTS.SKR03.reverse_charge_domestic.account).toBe('8337');
    expect(DEFAULT_REVENUE_ACCOUNTS.SKR04.reverse_charge.account).toBe('4336');
    expect(DEFAULT_REVENUE_ACCOUNTS.SKR04.reverse_charge_domestic.account).toBe('4337');
    expect(DEFAULT_EXPENSE_ACCOUNTS.SKR03.reverse_charge_domestic.account).toBe('3120');
    expect(DEFAULT_EXPENSE_ACCOUNTS.SKR04.reverse_charge_domestic.account).toBe('5920');
    expect(DEFAULT_REVENUE_ACCOUNTS.SKR03.reverse_charge_third_country.account).toBe('8338');
    expect(DEFAULT_EXPENSE_ACCOUNTS.SKR03.reverse_charge_third_country.account).toBe('3125');
    expect(DEFAULT_EXPENSE_ACCOUNTS.SKR04.reverse_charge_third_country.account).toBe('5925');
  });

  test('settings saved before: the former default mended, the new case added, a chosen account kept', () => {
    const saved = (chart: 'SKR03' | 'SKR04', reverse: string, taxKey: string | null = null) => {
      const { reverse_charge_domestic: _r, ...revenue } = structuredClone(DEFAULT_REVENUE_ACCOUNTS[chart]);
      const { reverse_charge_domestic: _e, ...expense } = structuredClone(DEFAULT_EXPENSE_ACCOUNTS[chart]);
      revenue.reverse_charge = { account: reverse, tax_key: taxKey };
      return withCurrentCases(chart, revenue as never, expense as never);
    };
    const former = saved('SKR03', '8338');
    expect(former.revenue.reverse_charge).toEqual({ account: '8336', tax_key: null });
    expect(former.revenue.reverse_charge_domestic).toEqual({ account: '8337', tax_key: null });
    expect(former.expense.reverse_charge_domestic).toEqual({ account: '3120', tax_key: null });
    expect(saved('SKR04', '4338').revenue.reverse_charge.account).toBe('4336');
    // Chosen by the adviser: kept (another account, or 8338 with its own tax key).
    expect(saved('SKR03', '8339').revenue.reverse_charge.account).toBe('8339');
    expect(saved('SKR03', '8338', '46').revenue.reverse_charge).toEqual({ account: '8338', tax_key: '46' });
    // An adviser who had set `exempt` to the small-business account keeps it for the new case.
    const { small_business: _s, ...before } = structuredClone(DEFAULT_REVENUE_ACCOUNTS.SKR03);
    before.exempt = { account: '8195', tax_key: null };
    const carried = withCurrentCases('SKR03', before as never, DEFAULT_EXPENSE_ACCOUNTS.SKR03);
    expect(carried.revenue.small_business).toEqual({ account: '8195', tax_key: null });
    const { small_business: _x, ...expenseBefore } = structuredClone(DEFAULT_EXPENSE_ACCOUNTS.SKR03);
    expenseBefore.exempt = { account: '4980', tax_key: null };
    const both = withCurrentCases('SKR03', before as never, expenseBefore as never);
    expect(both.expense.small_business).toEqual({ account: '4980', tax_key: null });
    expect(former.revenue.small_business).toEqual({ account: '8192', tax_key: null });
    // Saved since, with the new case present: 8338 is what the user chose.
    const current = structuredClone(DEFAULT_REVENUE_ACCOUNTS.SKR03);
    current.reverse_charge = { account: '8338', tax_key: null };
    const kept = withCurrentCases('SKR03', current, DEFAULT_EXPENSE_ACCOUNTS.SKR03);
    expect(kept.revenue.reverse_charge.account).toBe('8338');
    // Saved before Germany's 0 % had its own case: its defaults, a customized `exempt` not carried to it.
    const { zero_rated: _z, ...noZero } = structuredClone(DEFAULT_REVENUE_ACCOUNTS.SKR04);
    noZero.exempt = { account: '4185', tax_key: null };
    const { zero_rated: _y, ...noZeroExpense } = structuredClone(DEFAULT_EXPENSE_ACCOUNTS.SKR04);
    const filled = withCurrentCases('SKR04', noZero as never, noZeroExpense as never);
    expect(filled.revenue.zero_rated).toEqual({ account: '4290', tax_key: null });
    expect(filled.expense.zero_rated).toEqual({ account: '5200', tax_key: null });
    expect(filled.revenue.exempt.account).toBe('4185');
  });
});

describe('bookings', () => {
  const skr03 = DEFAULT_REVENUE_ACCOUNTS.SKR03;

  test('one per tax case, gross amounts, groups of one case added up', () => {
    const bookings = bookingsOf(
      doc('268.50', [
        group('S', '19', '100.00', '19.00'),
        group('S', '7', '50.00', '3.50'),
        group('E', '0', '90', '0'),
        group('Z', '0', '6.00', '0'),
      ]),
      skr03,
    );
    expect(bookings.map((b) => [b.amount, b.side, b.counterAccount, b.taxKey])).toEqual([
      ['119.00', 'S', '8400', null],
      ['53.50', 'S', '8300', null],
      ['6.00', 'S', '8290', null],
      ['90.00', 'S', '8100', null],
    ]);
  });

  test('what the groups leave of the total is booked as other; a negative case books the other way', () => {
    const bookings = bookingsOf(doc('100.00', [group('S', '19', '-50.00', '-9.50')], 'H'), skr03);
    expect(bookings.map((b) => [b.amount, b.side, b.counterAccount])).toEqual([
      ['59.50', 'S', '8400'],
      ['159.50', 'H', '8200'],
    ]);
  });

  test('a chosen account that is no automatic one carries its tax key into the line', () => {
    const accounts = { ...skr03, standard_19: { account: '8000', tax_key: '3' } };
    const [booking] = bookingsOf(doc('119.00', [group('S', '19', '100.00', '19.00')]), accounts);
    const fields = bookingLine(booking as NonNullable<typeof booking>)
      .trimEnd()
      .split(';');
    expect(fields).toHaveLength(125);
    expect(fields.slice(0, 14)).toEqual([
      '119,00',
      '"S"',
      '"EUR"',
      '',
      '',
      '',
      '10000',
      '8000',
      '"3"',
      '0503',
      '"RE-2026/001"',
      '""',
      '',
      '"Kunde"',
    ]);
  });
});

describe('fields', () => {
  test('Belegfeld 1 keeps DATEV characters, at most 36', () => {
    expect(belegfeld('INV-2026/001')).toBe('INV-2026/001');
    // Issue 39: `.` and `_` are no DATEV characters (they become `-`); a letter loses its accent.
    expect(belegfeld('Rechnung Nr. 7_ä')).toBe('Rechnung-Nr--7-a');
    expect(belegfeld('x'.repeat(40))).toHaveLength(36);
  });

  test('text fields: quotes doubled, line breaks as spaces, cut to the limit', () => {
    expect(text('Müller "Bau"\r\nGmbH')).toBe('"Müller ""Bau"" GmbH"');
    expect(text('a'.repeat(70), 60)).toBe(`"${'a'.repeat(60)}"`);
  });

  test('no formula and no character Windows-1252 lacks reaches the file (issue 37)', () => {
    expect(text('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(text('@SUM(1+1)')).toBe('"\'@SUM(1+1)"');
    expect(text("+1+cmd|' /C calc'!A0")).toBe("\"'+1+cmd|' /C calc'!A0\"");
    expect(text('ACME GmbH - Bau')).toBe('"ACME GmbH - Bau"');
    // C1 controls are no characters in Windows-1252; line and paragraph separators break lines.
    expect(text('A\u0081B\u008dC\u008fD\u0090E\u009dF\u2028G\u2029H\u0085I')).toBe('"A B C D E F G H I"');
    expect(belegfeld('=1+3')).toBe('$1+3');
    expect(belegfeld('-5')).toBe('$5');
  });

  test('Windows-1252: Latin-1 letters, the euro sign and typographic quotes; others transliterated or ?', () => {
    expect([...encodeCp1252('äß€„“…')]).toEqual([0xe4, 0xdf, 0x80, 0x84, 0x93, 0x85]);
    // Issue 39: Ł is transliterated (L); what has no letter to fall back on still becomes ?.
    expect([...encodeCp1252('Ł😀')]).toEqual([0x4c, 0x3f]);
    expect(new TextDecoder('windows-1252').decode(encodeCp1252('Straße €5'))).toBe('Straße €5');
  });

  test('the header has 31 fields in DATEV order', () => {
    const fields = headerLine({
      createdAt: new Date('2026-03-31T12:34:56.789Z'),
      consultantNumber: 1001,
      clientNumber: 1,
      fiscalYearStart: '2025-07-01',
      accountLength: 4,
      from: '2026-03-01',
      to: '2026-03-31',
      description: 'x'.repeat(40),
      chart: 'SKR04',
    })
      .trimEnd()
      .split(';');
    expect(fields).toHaveLength(31);
    expect(fields[5]).toBe('20260331123456789');
    expect(fields.slice(10, 16)).toEqual(['1001', '1', '20250701', '4', '20260301', '20260331']);
    expect(fields[16]).toBe(`"${'x'.repeat(30)}"`);
    expect(fields[26]).toBe('"04"');
  });

  test('the fiscal year a date falls in', () => {
    expect(fiscalYearOf('2026-03-31', '01-01')).toBe('2026-01-01');
    expect(fiscalYearOf('2026-03-31', '07-01')).toBe('2025-07-01');
    expect(fiscalYearOf('2026-07-01', '07-01')).toBe('2026-07-01');
  });
});
