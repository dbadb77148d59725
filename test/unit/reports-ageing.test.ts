// The ageing of open items (src/modules/reports/ageing.ts): bucket edges, credits, payments by date.
import { describe, expect, test } from 'bun:test';
import { ageingOf, bucketOf, type Claim, openPosition } from '../../src/modules/reports/ageing';

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

describe('ageing', () => {
  test.each([
    [1, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [400, '90+'],
  ])('%i days past due is in %s', (days, bucket) => {
    expect(bucketOf(days)).toBe(bucket as ReturnType<typeof bucketOf>);
  });

  test('due today is current, a day later overdue; no due date is never overdue', async () => {
    const claims = [
      claim('a', '2026-03-01', '10.00'),
      claim('b', '2026-02-28', '20.00'),
      claim('c', null, '5.00'),
    ];
    const { totals } = await ageingOf(await openPosition(claims, [], '2026-03-01'));
    expect(totals).toEqual([
      {
        currency: 'EUR',
        open: '35.00',
        current: '15.00',
        overdue: '20.00',
        credits: '0.00',
        ageing: { '0-30': '20.00', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' },
        open_items: 3,
      },
    ]);
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
    expect((await ageingOf(position)).totals[0]).toMatchObject({
      open: '-40.00',
      credits: '40.00',
      open_items: 0,
    });
  });
});
