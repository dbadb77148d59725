// Which files of a rule pack the service carries (the embedded pack, an installed one): what the manifest
// names, what those schemas and stylesheets pull in, the licences; never the example invoices.
import { expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packFiles } from '../../src/einvoicing/rule-pack-files';
import { ROOT, RULESETS_DIR } from '../harness';

const files = packFiles(RULESETS_DIR);
const manifest = JSON.parse(readFileSync(join(RULESETS_DIR, 'manifest.json'), 'utf8')) as {
  rulesets: { sef?: string; xslt?: string; schematron?: string }[];
  xsd: Record<string, string>;
};

test('every file the manifest names, and the manifest itself', () => {
  const named = [
    'manifest.json',
    ...manifest.rulesets.flatMap((r) => [r.sef, r.xslt, r.schematron]),
    ...Object.values(manifest.xsd),
  ].filter((p): p is string => p !== undefined);
  for (const path of named) expect(files).toContain(path);
});

test('what the schemas import and include, so libxml2 compiles them from the copy alone', () => {
  const invoice = Object.values(manifest.xsd).find((p) => p.endsWith('UBL-Invoice-2.1.xsd')) ?? '';
  const imports = [
    ...readFileSync(join(RULESETS_DIR, invoice), 'utf8').matchAll(/schemaLocation="([^"]+)"/g),
  ];
  expect(imports.length).toBeGreaterThan(0);
  for (const [, location] of imports) {
    expect(files).toContain(join(invoice, '..', location ?? '').replace(/^\.\//, ''));
  }
});

test('the licence files, and no example invoice', () => {
  expect(files.filter((f) => /licen[cs]e/i.test(f)).length).toBeGreaterThanOrEqual(2);
  expect(files.filter((f) => f.startsWith('examples/'))).toEqual([]);
  expect(files.every((f) => existsSync(join(RULESETS_DIR, f)))).toBe(true);
});

test('the embedded pack in assets/rulesets is such a selection, as VENDORED.json records it', () => {
  const embedded = join(ROOT, 'assets', 'rulesets');
  const vendored = JSON.parse(readFileSync(join(embedded, 'VENDORED.json'), 'utf8'));
  // Re-selecting from the copy finds every file again and nothing more: the copy is complete and lean.
  expect(packFiles(embedded).length).toBe(vendored.files);
  expect(existsSync(join(embedded, 'examples'))).toBe(false);
});
