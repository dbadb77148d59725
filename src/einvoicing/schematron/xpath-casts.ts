/**
 * Casting a string to a number, date, time, duration, boolean or binary type accepts whitespace around the
 * lexical form, and in XPath (and Java Saxon) that is XML whitespace: space, tab, CR, LF. saxon-js reads
 * several of these forms with JavaScript's `\s` (`/^\s*[-+]?[0-9]+\s*$/` for xs:integer, likewise the
 * dates, times and durations), which also takes U+00A0, U+2000-200A, U+2028/9, U+3000, U+FEFF and the
 * like: `xs:integer('12&#xA0;')` was 12 and `'2026-01-01&#xA0;' castable as xs:date` true, where Java Saxon
 * raises FORG0001 and answers false. None of those characters can be part of such a form, so a string
 * holding one is refused before saxon-js reads it.
 */

/** JavaScript whitespace that XML does not count as whitespace. */
const NOT_XML_SPACE = /[^\S\t\n\r ]/;

/** The types whose lexical forms have no room for any other whitespace. */
const GUARDED = new Set([
  'base64Binary',
  'boolean',
  'date',
  'dateTime',
  'dateTimeStamp',
  'dayTimeDuration',
  'decimal',
  'double',
  'duration',
  'float',
  'gDay',
  'gMonth',
  'gMonthDay',
  'gYear',
  'gYearMonth',
  'hexBinary',
  'integer',
  'time',
  'yearMonthDuration',
]);

interface AtomicType {
  name?: unknown;
  fromString?: (value: string) => unknown;
  I?: (value: unknown, ...rest: unknown[]) => unknown;
}

interface SaxonTypes {
  XS?: Record<string, AtomicType | undefined>;
  XError?: new (message: string, code: string) => Error;
}

/**
 * Guards the `fromString` (string to value) and the cast (`I`, any value; strings and untyped values are
 * read as text) of each type in GUARDED. The integer subtypes (xs:int, ...) read through xs:integer's.
 * Returns false when this saxon-js does not have them all.
 */
export function installCastWhitespace(saxon: SaxonTypes): boolean {
  const XError = saxon.XError;
  const types = Object.values(saxon.XS ?? {}).filter(
    (type): type is AtomicType => typeof type?.name === 'string' && GUARDED.has(type.name),
  );
  if (
    typeof XError !== 'function' ||
    types.length !== GUARDED.size ||
    !types.every((t) => typeof t.fromString === 'function' && typeof t.I === 'function')
  ) {
    return false;
  }
  for (const type of types) {
    const fromString = type.fromString as (value: string) => unknown;
    const cast = type.I as (value: unknown, ...rest: unknown[]) => unknown;
    const refuse = (text: string) => {
      throw new XError(`Supplied value "${text}" is not a valid xs:${String(type.name)}`, 'FORG0001');
    };
    type.fromString = function (this: unknown, value: string) {
      if (typeof value === 'string' && NOT_XML_SPACE.test(value)) refuse(value);
      return fromString.call(this, value);
    };
    type.I = function (this: unknown, value: unknown, ...rest: unknown[]) {
      const code = (value as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && /^A[SZ]/.test(code)) {
        const text = String(value);
        if (NOT_XML_SPACE.test(text)) refuse(text);
      }
      return cast.call(this, value, ...rest);
    };
  }
  return true;
}
