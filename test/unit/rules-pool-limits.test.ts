import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

  const RULESETS = resolve(import.meta.dir, '../../../shared/rulesets');
  const present = existsSync(join(RULESETS, 'manifest.json'));

  interface Record {
    thread: number;
    start: number;
    end: number;
    part: { xsd: boolean; rulesets: string[] };
  }
  const records = (result: ProfileResult): Record[] =>
    result.violations.map((v) => JSON.parse(v.message) as Record);

  test.skipIf(!present)(
    'a large document runs its parts one after the other, one large document at a time, each in a worker replaced afterwards',
    async () => {
      // Every document of 10 characters or more is large here; the stand-in worker records when it ran what.
      const pool = new RulesPool(2, 60_000, Number.POSITIVE_INFINITY, ENTRY, 10);
      const twoParts = loadRulePack(RULESETS);
      try {
        const [a, b] = await Promise.all([
          pool.run(twoParts, 'peppol_bis_billing_3', '<record-a/>'),
          pool.run(twoParts, 'peppol_bis_billing_3', '<record-b/>'),
        ]);
        const runs = [...records(a as ProfileResult), ...records(b as ProfileResult)].sort(
          (x, y) => x.start - y.start,
        );
        expect(runs).toHaveLength(4);
        // Each document's two parts, EN 16931 first, then the XSD with Peppol.
        for (const result of [a, b] as ProfileResult[]) {
          expect(records(result).map((r) => r.part.rulesets)).toEqual([
            ['en16931-ubl'],
            ['peppol-bis-billing-3'],
          ]);
        }
        for (let i = 1; i < runs.length; i++) {
          const [before, after] = [runs[i - 1] as Record, runs[i] as Record];
          expect(after.start).toBeGreaterThanOrEqual(before.end);
          expect(after.thread).not.toBe(before.thread);
        }
        // A small document still runs its parts at once, in two workers.
        const small = new RulesPool(2, 60_000, Number.POSITIVE_INFINITY, ENTRY, 1_000);
        try {
          const [en, rest] = records(await small.run(twoParts, 'peppol_bis_billing_3', '<record/>'));
          expect(en?.thread).not.toBe(rest?.thread);
          expect((rest as Record).start).toBeLessThan((en as Record).end);
        } finally {
          small.close();
        }
      } finally {
        pool.close();
      }
    },
    30_000,
  );
});
