// The console names a line's unit beside its quantity as the PDF prints it ("2 Std.", not "2 Stunde"): the
// names come from the renderer's one table (src/rendering/labels/units.ts), generated into
// src/console/unit-names.ts since the console imports nothing outside itself. This test fails when the file
// is stale; `UPDATE_UNIT_NAMES=1 bun test test/unit/console-unit-names.test.ts` (or `npm run generate`)
// writes it anew.
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { UNIT_NAMES } from '../../src/rendering/labels/units';
import { expectGenerated } from '../generated';

const FILE = join(import.meta.dir, '..', '..', 'src', 'console', 'unit-names.ts');

/** As the formatter writes it: single quotes, a key quoted only when it must be. */
const key = (code: string) => (/^[A-Z][A-Z0-9]*$/.test(code) ? code : `'${code}'`);

function generated(): string {
  const languages = ['en', 'de'] as const;
  return [
    '// Generated from src/rendering/labels/units.ts by test/unit/console-unit-names.test.ts; run it with',
    '// UPDATE_UNIT_NAMES=1 (or `npm run generate`) to write it anew. Do not edit.',
    '',
    "/** A unit's short name beside a quantity, as the PDF prints it, per console language. */",
    'export const UNIT_NAMES: Record<string, Record<string, string>> = {',
    ...languages.flatMap((language) => [
      `  ${language}: {`,
      ...Object.entries(UNIT_NAMES[language]).map(([code, name]) => `    ${key(code)}: '${name}',`),
      '  },',
    ]),
    '};',
    '',
  ].join('\n');
}

test("src/console/unit-names.ts is the renderer's table of unit names today", () => {
  const expected = generated();
  expect(expected).toContain("    HUR: 'Std.',");
  expect(expected).toContain("    HUR: 'h',");
  expectGenerated(FILE, expected, 'UPDATE_UNIT_NAMES');
});
