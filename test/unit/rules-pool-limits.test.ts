import { describe, expect, test } from 'bun:test';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
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
});
