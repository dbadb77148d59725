// Every text the console shows through t('...') has a German entry (a missing one would show English).
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GERMAN } from '../../src/console/i18n-de';

const CONSOLE = join(import.meta.dir, '..', '..', 'src', 'console');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal texts given to t(), and the labels of the screens' tables (passed to t() by name). */
function texts(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(CONSOLE)) {
    if (file.endsWith('i18n-de.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) found.add(match[1] ?? '');
    for (const match of text.matchAll(/\b(?:label|title|newLabel|hint): '([^']+)'/g))
      found.add(match[1] ?? '');
  }
  return found;
}

describe('console texts', () => {
  test('every English text has a German translation', () => {
    const all = texts();
    expect(all.size).toBeGreaterThan(200);
    const missing = [...all].filter((text) => GERMAN[text] === undefined).sort();
    expect(missing).toEqual([]);
  });

  test('placeholders survive translation', () => {
    for (const [english, german] of Object.entries(GERMAN)) {
      const names = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect({ english, names: names(german) }).toEqual({ english, names: names(english) });
    }
  });
});

describe('the last day of a period', () => {
  test('a period ending at midnight ends on the day before; any other instant on its own day', async () => {
    const { lastDayOf } = await import('../../src/console/i18n');
    expect(lastDayOf('2027-01-01T00:00:00.000Z')).toBe('2026-12-31');
    expect(lastDayOf('2026-03-01T00:00:00Z')).toBe('2026-02-28');
    expect(lastDayOf('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
    expect(lastDayOf('not a date')).toBe('not a date');
  });
});

describe("a form's default date", () => {
  test("is the browser's own day: 00:30 in Berlin is already the new day there, not UTC's yesterday", async () => {
    const { localToday } = await import('../../src/console/i18n');
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(localToday(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
      expect(localToday(new Date('2026-07-15T10:00:00Z'))).toBe('2026-07-15');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});
