// Every reading note the readers of received e-invoices make (src/einvoicing/receive) has a code of the
// catalogue (warning-codes.ts), and the console words each code from its params in English and German
// (src/console/pages/received-notes.ts), falling back to the service's message only for a code it does not
// know; docs/receiving.md lists each code with its params.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseLanguage } from '../../src/console/i18n';
import { readingNoteText, WORDED_CODES } from '../../src/console/pages/received-notes';
import { RECEIVE_WARNING_CODES, RECEIVE_WARNING_PARAMS } from '../../src/einvoicing/receive/warning-codes';

const ROOT = join(import.meta.dir, '..', '..');
const RECEIVE = join(ROOT, 'src', 'einvoicing', 'receive');
const sources = readdirSync(RECEIVE)
  .filter((name) => name.endsWith('.ts') && name !== 'warning-codes.ts')
  .map((name) => [name, readFileSync(join(RECEIVE, name), 'utf8')] as const);

/** Each param of a code, with whether the note may leave it out. */
const paramsOf = (code: string) =>
  (RECEIVE_WARNING_PARAMS[code as keyof typeof RECEIVE_WARNING_PARAMS] as readonly string[]).map((name) => ({
    name: name.replace(/\?$/, ''),
    optional: name.endsWith('?'),
  }));

const FALLBACK = 'the service says this in English';

describe('the codes of reading notes', () => {
  test('every code the readers write is in the catalogue, and every catalogue code is written somewhere', () => {
    const written = new Set<string>();
    for (const [, text] of sources) {
      for (const match of text.matchAll(/\bcode: '([a-z0-9_]+)'/g)) written.add(match[1] as string);
      // fit-data.ts: a value's shape error and its code, `[ValueErrorType.StringMaxLength, … ['value_too_long', …]]`
      for (const match of text.matchAll(/\['(value_[a-z0-9_]+)', \{/g)) written.add(match[1] as string);
      // `format_${format}` of the formats a reader names (ubl-formats.ts, stated.ts)
      if (text.includes('`format_${')) {
        for (const match of text.matchAll(/format: '([a-z0-9_]+)',\s+test:|format !== '([a-z0-9_]+)'/g))
          written.add(`format_${match[1] ?? match[2]}`);
      }
    }
    const unknown = [...written].filter((code) => !(code in RECEIVE_WARNING_PARAMS));
    expect(unknown).toEqual([]);
    const unused = RECEIVE_WARNING_CODES.filter((code) => !written.has(code));
    expect(unused).toEqual([]);
  });

  // The type is the guard that holds (types.ts: a ReceiveWarning without its code and params does not
  // compile); this scan is a second look at the sources that does not lean on how a note is added
  // (`warnings.push({…})`, a ternary of two notes, `said.push` then a spread, `unshift`, a note returned).
  test('every warning object literal in src/einvoicing/receive (term, path and message) names a code', () => {
    let found = 0;
    for (const [name, text] of sources) {
      for (const literal of objectLiterals(text)) {
        const keys = topLevelKeys(literal);
        if (!(keys.has('term') && keys.has('path') && keys.has('message'))) continue;
        found++;
        expect({ name, literal, code: keys.has('code') }).toEqual({ name, literal, code: true });
      }
    }
    // As many notes as the readers write, not a scan that found nothing to check.
    expect(found).toBeGreaterThanOrEqual(30);
  });

  test('codes are snake_case and stable names, params too', () => {
    for (const code of RECEIVE_WARNING_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      for (const { name } of paramsOf(code)) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });

  test('docs/receiving.md lists every code with its params', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'receiving.md'), 'utf8');
    for (const code of RECEIVE_WARNING_CODES) {
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect({ code, listed: row !== undefined }).toEqual({ code, listed: true });
      for (const { name } of paramsOf(code))
        expect({ code, name, row: row?.includes(`\`${name}\``) }).toEqual({ code, name, row: true });
    }
  });
});

describe('the console words every code', () => {
  beforeAll(() => {
    const store: Record<string, string> = {};
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store[k] ?? null,
        setItem: (k: string, v: string) => (store[k] = v),
      },
      document: { documentElement: {} },
    });
  });
  afterAll(() => {
    chooseLanguage('en');
    Object.assign(globalThis, { localStorage: undefined, document: undefined });
  });

  test('in English and in German, from its params, every placeholder filled, optional params or not', () => {
    expect([...WORDED_CODES].sort()).toEqual([...RECEIVE_WARNING_CODES].sort());
    for (const code of RECEIVE_WARNING_CODES) {
      const all = Object.fromEntries(paramsOf(code).map(({ name }) => [name, `${name}-value`]));
      const required = Object.fromEntries(
        paramsOf(code)
          .filter((p) => !p.optional)
          .map(({ name }) => [name, `${name}-value`]),
      );
      for (const params of [all, required]) {
        const note = { term: 'BT-1', path: 'x', message: FALLBACK, code, params };
        chooseLanguage('en');
        const english = readingNoteText(note);
        chooseLanguage('de');
        const german = readingNoteText(note);
        for (const text of [english, german]) {
          expect({ code, text }).not.toEqual({ code, text: FALLBACK });
          expect({ code, unfilled: /\{[a-z_]+\}/.test(text) }).toEqual({ code, unfilled: false });
          for (const [name, value] of Object.entries(params)) {
            // Every value shows, except a list of stated totals (shown by term) and a unit (in words).
            if (!/^(subtotal|net_total|tax_total|total|amount_due)$/.test(name))
              expect({ code, name, shown: text.includes(value) }).toEqual({ code, name, shown: true });
          }
        }
        expect({ code, german: german !== english }).toEqual({ code, german: true });
      }
    }
  });

  test('a code this console does not know (a newer service) and a note without a code show the message', () => {
    chooseLanguage('de');
    const newer = { term: 'BT-1', path: 'x', message: FALLBACK, code: 'a_newer_code', params: { x: '1' } };
    expect(readingNoteText(newer)).toBe(FALLBACK);
    expect(readingNoteText({ term: 'BT-1', path: 'x', message: FALLBACK })).toBe(FALLBACK);
  });

  test('stated totals and decimals in the German way, digits as stated', () => {
    chooseLanguage('de');
    const note = {
      term: 'BT-110/BT-112',
      path: 'stated_totals',
      message: FALLBACK,
      code: 'stated_totals',
      params: { tax_total: '1234.50', total: '10000.00' },
    };
    expect(readingNoteText(note)).toBe(
      'Die Positionen ergeben nicht die angegebenen Summen: BT-110 1.234,50; BT-112 10.000,00 wie angegeben übernommen, nicht berechnet',
    );
  });
});

/** Every `{ … }` of a source, nested ones too, with strings and comments skipped when matching braces. */
function objectLiterals(text: string): string[] {
  const found: string[] = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(text, i, c);
    } else if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i) + 1;
    } else if (c === '{') {
      open.push(i);
    } else if (c === '}') {
      const start = open.pop();
      if (start !== undefined) found.push(text.slice(start, i + 1));
    }
  }
  return found;
}

/** The index of the quote that closes the string or template literal opened at `from`. */
function skipString(text: string, from: number, quote: string): number {
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') i = skipExpression(text, i + 2);
  }
  return text.length;
}

/** The index of the `}` that closes a template literal's `${` expression starting at `from`. */
function skipExpression(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(text, i, c);
    else if (c === '{') depth++;
    else if (c === '}' && depth-- === 0) return i;
  }
  return text.length;
}

/** The keys of an object literal's own level (`key:` or a shorthand `key,`), nested objects left out. */
function topLevelKeys(literal: string): Set<string> {
  const keys = new Set<string>();
  let depth = 0;
  let start = 1;
  const inner = literal.slice(0, -1);
  const entries: string[] = [];
  for (let i = 1; i < inner.length; i++) {
    const c = inner[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(inner, i, c);
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      entries.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  entries.push(inner.slice(start));
  for (const entry of entries) {
    const key = /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(entry.replace(/\/\/.*$/gm, ''));
    if (key?.[1]) keys.add(key[1]);
  }
  return keys;
}
