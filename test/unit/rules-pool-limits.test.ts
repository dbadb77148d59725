import { describe, expect, test } from 'bun:test';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import type { ProfileResult } from '../../src/einvoicing/schematron';
import { RulesPool } from '../../src/workers/rules-pool';

const ENTRY = new URL('../workers/misbehaving-rules-worker.ts', import.meta.url).href;
const pack = loadRulePack(null);

describe('rules pool limits', () => {
  test('a check past its time limit is cut short (never a pass), its worker replaced, the next one runs', async () => {
    const pool = new RulesPool(1, 400, Number.POSITIVE_INFINITY, ENTRY);
    try {
      const result = await pool.run(pack, 'hang', '<x/>');
      expect(result.violations).toEqual([
        expect.objectContaining({ rule: 'CHECK-TIME-LIMIT', severity: 'fatal' }),
      ]);
      expect(result.rulesets.every((r) => !r.ran && r.reason?.includes('0.4 s'))).toBe(true);
      expect(await pool.run(pack, 'fine', '<x/>')).toEqual({ rulesets: [], violations: [] });
    } finally {
      pool.close();
    }
  });

  test("loading the rules is not the check's time: a slow load then a quick check passes; a load that never ends is cut short at the load limit", async () => {
    const pool = new RulesPool(1, 400, Number.POSITIVE_INFINITY, ENTRY, undefined, 3_000);
    try {
      // 700 ms loading, longer than the 400 ms a check may take: the check itself is quick, so it passes.
      expect(await pool.run(pack, 'slow-loading', '<x/>')).toEqual({ rulesets: [], violations: [] });
      const hung = await pool.run(pack, 'hang-loading', '<x/>');
      expect(hung.violations).toEqual([
        expect.objectContaining({ rule: 'CHECK-TIME-LIMIT', severity: 'fatal' }),
      ]);
      expect(await pool.run(pack, 'fine', '<x/>')).toEqual({ rulesets: [], violations: [] });
    } finally {
      pool.close();
    }
  });

  test('a check that grows the process past the memory ceiling is cut short and its worker replaced', async () => {
    const ceiling = process.memoryUsage.rss() + 400 * 1024 * 1024;
    const pool = new RulesPool(1, 60_000, ceiling, ENTRY);
    try {
      const result = await pool.run(pack, 'grow', '<x/>');
      expect(result.violations[0]?.message).toContain('memory limit');
      expect(process.memoryUsage.rss()).toBeLessThan(ceiling + 600 * 1024 * 1024);
      expect(await pool.run(pack, 'fine', '<x/>')).toEqual({ rulesets: [], violations: [] });
    } finally {
      pool.close();
    }
  });

  test('workers start when checks need them: none with the pool, one for one check, two for two at once', async () => {
    // A second worker loading saxon-js beside the first check would take CPU from it on a 2-core machine.
    const pool = new RulesPool(2, 60_000, Number.POSITIVE_INFINITY, ENTRY);
    try {
      expect(pool.workers).toBe(0);
      await pool.run(pack, 'fine', '<x/>');
      await pool.run(pack, 'fine', '<x/>');
      expect(pool.workers).toBe(1);
      const both = await Promise.all([
        pool.run(pack, 'any', '<record/>'),
        pool.run(pack, 'any', '<record/>'),
      ]);
      expect(pool.workers).toBe(2);
      const [x, y] = both.map(recordOf) as [Record, Record];
      expect(x.thread).not.toBe(y.thread);
      await Promise.all([1, 2, 3].map(() => pool.run(pack, 'fine', '<x/>')));
      expect(pool.workers).toBe(2);
    } finally {
      pool.close();
    }
  });

  interface Record {
    thread: number;
    start: number;
    end: number;
  }
  const recordOf = (result: ProfileResult): Record =>
    JSON.parse(result.violations[0]?.message ?? '') as Record;

  test('large documents run one at a time, each in a worker replaced afterwards; small ones two at once', async () => {
    // Every document of 10 characters or more is large here; the stand-in worker records when it ran what.
    const pool = new RulesPool(2, 60_000, Number.POSITIVE_INFINITY, ENTRY, 10);
    try {
      const runs = (
        await Promise.all([pool.run(pack, 'any', '<record-a/>'), pool.run(pack, 'any', '<record-b/>')])
      )
        .map(recordOf)
        .sort((x, y) => x.start - y.start);
      const [first, second] = runs as [Record, Record];
      expect(second.start).toBeGreaterThanOrEqual(first.end);
      // The worker that ran the first one is gone: the second ran in another, and a third in yet another.
      const third = recordOf(await pool.run(pack, 'any', '<record-c/>'));
      expect(new Set([first.thread, second.thread, third.thread]).size).toBe(3);
      // Small documents run at once, in the two workers.
      const [x, y] = (
        await Promise.all([pool.run(pack, 'any', '<record/>'), pool.run(pack, 'any', '<record/>')])
      ).map(recordOf) as [Record, Record];
      expect(x.thread).not.toBe(y.thread);
      expect(Math.max(x.start, y.start)).toBeLessThan(Math.min(x.end, y.end));
    } finally {
      pool.close();
    }
  });
});
