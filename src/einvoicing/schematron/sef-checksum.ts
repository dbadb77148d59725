import type { SefNode } from './saxon';

/**
 * The integrity checksum (`Σ`) that saxon-js 2.7 verifies before it runs any SEF ("No checksum found in
 * SEF" otherwise). Its compiler returns a SEF tree without one, so a stylesheet compiled here gets it added
 * before it is cached. This mirrors saxon-js's own check bit for bit (32-bit shifts and XORs over node
 * kinds, attribute names and values, in key order); the tests recompute the `Σ` of the pack's SEF files.
 */
const EXPORT_NS = 'http://ns.saxonica.com/xslt/export';
const CHECKSUM_KEY = 'Σ';
const SKIPPED = new Set(['N', 'C', 'ELAB', 'PUSH', 'parentNode', CHECKSUM_KEY, 'PRIMED']);

function hash(text: string, seed: number): number {
  let h = seed << 8;
  for (let i = 0; i < text.length; i++) h = (h << 1) + text.charCodeAt(i);
  return h;
}

function pair(a: string, b: string, seed: number): number {
  return hash(a, seed) ^ hash(b, seed);
}

export function sefChecksum(root: SefNode): string {
  let h = 0;
  let position = 0;
  const visit = (node: SefNode): void => {
    h ^= pair(node.N, EXPORT_NS, position++);
    for (const key of Object.keys(node)) {
      if (SKIPPED.has(key) || (node.N === 'catch' && key === 'test')) continue;
      h ^= pair(key, '', position);
      h ^= hash(String(node[key]), position);
    }
    for (const child of node.C ?? []) visit(child);
    h ^= 1;
  };
  visit(root);
  return (h < 0 ? 4294967295 + h + 1 : h).toString(16);
}
