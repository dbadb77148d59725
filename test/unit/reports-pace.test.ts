// The slicing the reports use so tens of thousands of documents never hold the event loop
// (src/modules/reports/pace.ts, issue 37): the answers are those of the plain calls.
import { describe, expect, test } from 'bun:test';
import { collect, pacedJson, pacer, REPORT_PAGE_SIZE, sortPaced } from '../../src/modules/reports/pace';
import type { PageRequest } from '../../src/shared/pagination';

/** A pace that yields on every call, counting them. */
function everyTime() {
  let calls = 0;
  const inner = pacer(0);
  return {
    pace: () => {
      calls += 1;
      return inner();
    },
    calls: () => calls,
  };
}

describe('report pacing', () => {
  test('a due pace lets a waiting macrotask run; an early one returns at once', async () => {
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    await pacer(0)();
    expect(ran).toBe(true);
    expect(pacer(60_000)()).toBeUndefined();
  });

  test.each([0, 1, 2047, 2048, 2049, 9_000])(
    'sortPaced of %i items is Array#sort, ties kept in order',
    async (n) => {
      const items = Array.from({ length: n }, (_, i) => ({ key: (i * 7919) % 97, at: i }));
      const cmp = (a: { key: number }, b: { key: number }) => a.key - b.key;
      expect(await sortPaced(items, cmp, pacer(0))).toEqual([...items].sort(cmp));
    },
  );

  test('pacedJson writes what JSON.stringify writes', async () => {
    const value = {
      data: {
        customer: { id: 'cus_1', name: 'Ä "quoted" \n name' },
        empty: [],
        skipped: undefined,
        currencies: [
          {
            currency: 'EUR',
            entries: Array.from({ length: 500 }, (_, i) => ({
              n: i,
              due: i % 2 ? null : '2026-01-01',
              x: undefined,
            })),
            overdue: { amount: '1.00', documents: [{ number: 'A' }], nested: [[1, 2], [], [undefined]] },
          },
        ],
      },
    };
    const { pace, calls } = everyTime();
    expect(await pacedJson(value, pace)).toBe(JSON.stringify(value));
    expect(calls()).toBeGreaterThan(500);
  });

  test('collect reads page after page, keeps what pick keeps, and paces between pages', async () => {
    const rows = Array.from({ length: REPORT_PAGE_SIZE * 3 + 7 }, (_, i) => ({
      id: `doc_${String(100_000 - i)}`,
      n: i,
    }));
    const asked: PageRequest[] = [];
    const list = async (_db: unknown, page: PageRequest) => {
      asked.push(page);
      const from = page.after === null ? 0 : rows.findIndex((r) => r.id === page.after) + 1;
      return rows.slice(from, from + page.limit + 1);
    };
    const { pace, calls } = everyTime();
    const kept = await collect({} as never, list, (r) => (r.n % 2 === 0 ? r.n : undefined), pace);
    expect(kept).toEqual(rows.filter((r) => r.n % 2 === 0).map((r) => r.n));
    expect(asked.map((p) => p.limit)).toEqual([
      REPORT_PAGE_SIZE,
      REPORT_PAGE_SIZE,
      REPORT_PAGE_SIZE,
      REPORT_PAGE_SIZE,
    ]);
    expect(calls()).toBe(3);
  });
});
