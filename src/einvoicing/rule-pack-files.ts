import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, posix, sep } from 'node:path';
import { parseManifest } from './rule-pack-manifest';

/**
 * The files of a rule pack the service needs, as paths relative to the pack (`/` separated, sorted): the
 * manifest, every artefact it names (SEF, XSLT, Schematron, XSD), every file those pull in through
 * xs:include/import/redefine, xsl:include/import and Schematron include/extends (the UBL and CII schemas are
 * dozens of files), and the licence, notice, readme and changelog files anywhere but under `examples/`.
 * What is left out (the example invoices, UBL's other 60-odd document schemas, preprocessed Schematron
 * copies) is not read at run time. Used by `scripts/vendor-rules.ts` (the embedded pack) and `rules install`,
 * so both keep the same layout: a new pack of the same shape needs no code change.
 */
export function packFiles(dir: string): string[] {
  const manifest = parseManifest(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
  const roots = [
    ...manifest.rulesets.flatMap((r) => [r.sef, r.xslt, r.schematron]),
    ...Object.values(manifest.xsd),
  ].filter((p): p is string => p !== undefined);
  const found = new Set<string>(['manifest.json']);
  const queue = roots.map(toPosix);
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (found.has(path) || !isFile(join(dir, path))) continue;
    found.add(path);
    if (/\.(xsd|xsl|xslt|sch)$/i.test(path)) queue.push(...references(dir, path));
  }
  for (const path of notices(dir, '')) found.add(path);
  return [...found].sort();
}

const REFERENCE =
  /<(?:[\w-]+:)?(?:include|import|redefine|extends)\b[^>]*?\b(?:schemaLocation|href)\s*=\s*["']([^"'#]+)["']/g;

/** Pack-relative paths a schema or stylesheet pulls in; URLs and paths leaving the pack are not followed. */
function references(dir: string, path: string): string[] {
  const text = readFileSync(join(dir, path), 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const target = match[1] ?? '';
    if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/')) continue;
    const resolved = posix.normalize(posix.join(posix.dirname(path), target));
    if (!resolved.startsWith('../')) out.push(resolved);
  }
  return out;
}

const NOTICE = /^(licen[cs]e|notice|copying|readme|changelog)/i;

function notices(dir: string, under: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== 'examples' && !entry.name.startsWith('.')) {
      out.push(...notices(dir, path));
    } else if (entry.isFile() && NOTICE.test(entry.name)) out.push(path);
  }
  return out;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function toPosix(path: string): string {
  return normalize(path).split(sep).join('/');
}

/** Copies `files` (pack-relative) from one pack directory into another, creating folders as needed. */
export function copyPackFiles(from: string, to: string, files: readonly string[]): number {
  let bytes = 0;
  for (const file of files) {
    const target = join(to, ...file.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, ...file.split('/')), target);
    bytes += statSync(target).size;
  }
  return bytes;
}
