// The ageing of open items (src/modules/reports/ageing.ts, exact.ts): the statement's open position from
// rows, the reports' sums per party gathered into figures, the buckets' first due dates, and money printed
// from the database's exact sums.
import { describe, expect, test } from 'bun:test';
import { ageingOf, type Claim, dueFromOf, openPosition, PartyLedger } from '../../src/modules/reports/ageing';
import { money, sumValue } from '../../src/modules/reports/exact';

const claim = (id: string, due: string | null, amount: string, extra: Partial<Claim> = {}): Claim => ({
  id,
  number: id,
  partyId: 'cus_a',
  currency: 'EUR',
  issueDate: '2026-01-01',
  dueDate: due,
  amount,
  kind: 'claim',
  appliesTo: null,
  ...extra,
});
/** Ten-billionths of a decimal text (as the database's sums come). */
const units = (text: string) => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 10_000_000_000n + BigInt(fraction.padEnd(10, '0'));
  return text.startsWith('-') ? -value : value;
};

describe('the statement: open items from rows', () => {
  test('due today is current, a day later overdue; no due date is never overdue', async () => {
    const claims = [
      claim('a', '2026-03-01', '10.00'),
      claim('b', '2026-02-28', '20.00'),
      claim('c', null, '5.00'),
    ];
    const { items, credits } = await openPosition(claims, [], '2026-03-01');
    expect(items.map((i) => [i.claim.id, i.daysOverdue])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
    expect(credits.size).toBe(0);
  });

  test('a credit settles its invoice first; the rest and overpayments are credits; later payments wait', async () => {
    const claims = [
      claim('a', '2026-02-01', '100.00'),
      claim('b', '2026-02-01', '50.00'),
      claim('cn', null, '130.00', { kind: 'credit', appliesTo: 'a' }),
    ];
    const settlements = [
      { claimId: 'b', date: '2026-02-10', amount: '60.00' },
      { claimId: 'b', date: '2026-04-01', amount: '1.00' },
    ];
    const position = await openPosition(claims, settlements, '2026-03-01');
    expect(position.items).toEqual([]);
    expect([...position.credits.keys()]).toEqual(['cus_a|EUR']);
  });
});

describe('the reports: sums per party gathered into figures', () => {
  test('the buckets begin 30, 60 and 90 days before the day (31 days past due is 31-60)', () => {
    expect(dueFromOf('2026-03-01')).toEqual(['2026-01-30', '2025-12-31', '2025-12-01']);
    expect(dueFromOf('2024-03-31')).toEqual(['2024-03-01', '2024-01-31', '2024-01-01']);
  });

  test('classes add up per party and per currency; negative open amounts and credit notes are credits', () => {
    const ledger = new PartyLedger();
    ledger.addOpen('cus_b', 'EUR', 'current', 2, units('15.00'));
    ledger.addOpen('cus_b', 'EUR', '0-30', 1, units('20.005'));
    ledger.addOpen('cus_b', 'EUR', '90+', 1, units('0.0000000001'));
    ledger.addOpen('cus_b', 'EUR', 'settled', 7, 0n);
    ledger.addOpen('cus_a', 'EUR', 'credit', 1, units('-40.00'));
    ledger.addCredit('cus_a', 'JPY', units('300'));
    // Credits that sum to nothing make no party.
    ledger.addOpen('cus_z', 'EUR', 'credit', 1, units('-5.00'));
    ledger.addCredit('cus_z', 'EUR', units('-5.00'));
    const { totals, parties } = ageingOf(ledger);
    expect(totals).toEqual([
      {
        currency: 'EUR',
        open: '-4.99',
        current: '15.00',
        overdue: '20.01',
        credits: '40.00',
        ageing: { '0-30': '20.01', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' },
        open_items: 4,
      },
      {
        currency: 'JPY',
        open: '-300',
        current: '0',
        overdue: '0',
        credits: '300',
        ageing: { '0-30': '0', '31-60': '0', '61-90': '0', '90+': '0' },
        open_items: 0,
      },
    ]);
    expect(parties.map((p) => [p.partyId, p.figures.currency, p.figures.open])).toEqual([
      ['cus_a', 'EUR', '-40.00'],
      ['cus_a', 'JPY', '-300'],
      ['cus_b', 'EUR', '35.01'],
    ]);
  });
});

describe('money from exact sums', () => {
  test.each([
    ['0', '0', 'EUR', '0.00'],
    ['12', '3456789012', 'EUR', '12.35'],
    ['12', '3450000000', 'EUR', '12.35'],
    ['12', '3449999999', 'EUR', '12.34'],
    ['-12', '-3450000000', 'EUR', '-12.35'],
    ['0', '-49999999', 'EUR', '0.00'],
    ['0', '-50000000', 'EUR', '-0.01'],
    ['1234', '5000000000', 'JPY', '1235'],
    ['-1234', '-4999999999', 'JPY', '-1234'],
    ['7', '1235000000', 'KWD', '7.124'],
    ['5', '-12000000000', 'EUR', '3.80'],
    ['92233720368547758', '0', 'EUR', '92233720368547758.00'],
  ])('%s units and %s ten-billionths in %s: %s', (whole, parts, currency, text) => {
    expect(money(sumValue({ units: whole, parts }), currency)).toBe(text);
  });
});
