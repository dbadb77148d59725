/**
 * XPath's regular expressions in saxon-js. saxon-js translates an XPath regex into a JavaScript RegExp
 * (`Regex.prepareRegex`, used by matches(), replace(), tokenize() and xsl:analyze-string) and spells out
 * `\d`, `\w`, `\i`, `\c` and `\p{..}` as explicit ranges, but passes `\s`, `\S` and `.` through as they are,
 * and with them JavaScript's meaning:
 * - `\s` also matches U+00A0, U+1680, U+2000-200A, U+2028/9, U+202F, U+205F, U+3000 and U+FEFF, where
 *   XPath's `\s` is `[#x20#x9#xD#xA]` only (a CII date `20260302&#xA0;` passed CII-DT-097; the IBAN, e-mail
 *   and telephone checks BR-DE-19/20/27/28 and DE-R-019 differed the same way);
 * - `.` does not match U+2028 and U+2029, where XPath's `.` is every character but `\n` and `\r`;
 * - with the `m` flag `^` and `$` also stop at `\r`, U+2028 and U+2029, where XPath's lines end at `\n`.
 * The translation is corrected on its output: the RegExp source saxon-js produced is rewritten so these
 * three mean what they mean in XPath (and in Java Saxon, the official validators' processor).
 */

/** Java Saxon's and XPath's whitespace, as the members of a character class. */
const XML_SPACE = '\\t\\n\\r ';
/** Everything but XPath's whitespace, as the members of a character class (`\S` inside `[...]`). */
const notXmlSpace = (unicode: boolean) =>
  `\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u0021-${unicode ? '\\u{10FFFF}' : '\\uFFFF'}`;

/**
 * The JavaScript regex source `source` (as saxon-js translated it from XPath) with XPath's `\s`, `\S`, `.`
 * and, in multi-line mode, `^` and `$`. Escapes are copied pair by pair, so `\\s` (a backslash, then s)
 * stays what it is; inside a character class `.`, `^` and `$` are literal and stay.
 */
export function xpathRegexSource(source: string, unicode: boolean, multiline: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? XML_SPACE : `[${XML_SPACE}]`;
      else if (next === 'S') out += inClass ? notXmlSpace(unicode) : `[^${XML_SPACE}]`;
      else out += ch + next;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
    } else if (ch === '.') out += '[^\\n\\r]';
    else if (multiline && ch === '^') out += '(?<![^\\n])';
    else if (multiline && ch === '$') out += '(?![^\\n])';
    else out += ch;
  }
  return out;
}

interface SaxonRegex {
  prepareRegex?: (pattern: unknown, flags: unknown, ...rest: unknown[]) => unknown;
}

const KEPT = 2_000;

/**
 * Makes saxon-js's `prepareRegex` answer XPath's regular expressions. Flags `j` (a JavaScript regex,
 * saxon-js's own extension) and `q` (no metacharacters) are left alone. The functions compile their regex
 * again on every call, so the corrected ones are kept (a bounded map): the RegExp itself when it has no
 * state between uses (no `g` or `y` flag: matches() and format-number only search and test with it), else
 * its source, since replace(), tokenize() and xsl:analyze-string walk a global one through `lastIndex`.
 * Returns false when this saxon-js has no `prepareRegex` to correct.
 */
export function installXPathRegex(regex: SaxonRegex | undefined): boolean {
  const prepare = regex?.prepareRegex;
  if (regex === undefined || typeof prepare !== 'function') return false;
  const corrected = new Map<string, RegExp | string>();
  regex.prepareRegex = function (this: unknown, pattern: unknown, flags: unknown, ...rest: unknown[]) {
    const prepared = prepare.call(this, pattern, flags, ...rest);
    if (!(prepared instanceof RegExp) || /[jq]/.test(String(flags ?? ''))) return prepared;
    const key = `${prepared.flags}/${prepared.source}`;
    const kept = corrected.get(key);
    if (kept instanceof RegExp) return kept;
    const source = kept ?? xpathRegexSource(prepared.source, prepared.unicode, prepared.multiline);
    const result = new RegExp(source, prepared.flags.replace('m', ''));
    if (kept === undefined && corrected.size < KEPT) {
      corrected.set(key, result.global || result.sticky ? source : result);
    }
    return result;
  };
  return true;
}
