// A file the repository generates from its own source (scripts/generate.ts): the test that knows how to
// make it writes it anew when its variable is 1, and otherwise fails while the file is stale.
import { expect } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';

export function expectGenerated(file: string, expected: string, updateVariable: string): void {
  if (process.env[updateVariable] === '1') writeFileSync(file, expected);
  expect(readFileSync(file, 'utf8')).toBe(expected);
}
