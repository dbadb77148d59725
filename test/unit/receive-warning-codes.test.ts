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

  test('every warning pushed in src/einvoicing/receive names a code', () => {
    for (const [name, text] of sources) {
      const pushes = [...text.matchAll(/warnings\.push\(\s*\{([\s\S]*?)\n\s*\}\s*\)/g)];
      for (const push of pushes)
        expect({ name, push: push[1]?.includes('code:') }).toEqual({ name, push: true });
    }
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
