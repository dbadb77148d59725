/**
 * Casting a string to a number, date, time, duration, boolean or binary type accepts whitespace around the
 * lexical form, and in XPath (and Java Saxon) that is XML whitespace: space, tab, CR, LF. saxon-js reads
 * several of these forms with JavaScript's `\s` (`/^\s*[-+]?[0-9]+\s*$/` for xs:integer, likewise the
 * dates, times and durations), which also takes U+00A0, U+2000-200A, U+2028/9, U+3000, U+FEFF and the
 * like: `xs:integer('12&#xA0;')` was 12 and `'2026-01-01&#xA0;' castable as xs:date` true, where Java Saxon
 * raises FORG0001 and answers false. None of those characters can be part of such a form, so a string
 * holding one is refused before saxon-js reads it.
 *
 * Two more differences of the decimal type are corrected here: saxon-js read `+-1` as a decimal (it drops a
 * leading `+` and then accepts a sign), and it cast a double to xs:decimal by the double's shortest text
 * (256.61) where Java Saxon takes its exact binary value (256.6100000000000136...): the EN 16931 rules test
 * `xs:decimal(cbc:TaxableAmount + 1) > sum(...)`, BR-S-08 and its kind, with exactly that cast.
 */

/** JavaScript whitespace that XML does not count as whitespace. */
const NOT_XML_SPACE = /[^\S\t\n\r ]/;

/** Two signs before a decimal (`+-1`, `++1`), after optional XML whitespace. */
const DOUBLE_SIGN = /^[ \t\n\r]*\+[-+]/;

/**
 * The exact decimal value of a finite double, as Java's `new BigDecimal(double)` writes it without an
 * exponent: 0.1 is 0.1000000000000000055511151231257827021181583404541015625; -0 is 0.
 */
export function exactDecimal(value: number): string {
  if (value === 0) return '0';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  const sign = value < 0 ? '-' : '';
  if (exponent >= 0) return `${sign}${mantissa << BigInt(exponent)}`;
  // mantissa / 2^k = mantissa * 5^k / 10^k
  const places = -exponent;
  const digits = (mantissa * 5n ** BigInt(places)).toString().padStart(places + 1, '0');
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  const whole = digits.slice(0, digits.length - places);
  return `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

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
    const decimal = type.name === 'decimal';
    type.fromString = function (this: unknown, value: string) {
      if (typeof value === 'string' && NOT_XML_SPACE.test(value)) refuse(value);
      // saxon-js drops a leading `+` before reading a decimal, so `+-1` and `++1` were -1 and 1.
      if (decimal && typeof value === 'string' && DOUBLE_SIGN.test(value)) refuse(value);
      return fromString.call(this, value);
    };
    type.I = function (this: unknown, value: unknown, ...rest: unknown[]) {
      const code = (value as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && /^A[SZ]/.test(code)) {
        const text = String(value);
        if (NOT_XML_SPACE.test(text)) refuse(text);
      }
      // A double or float cast to xs:decimal is its exact binary value in Java Saxon (`new BigDecimal(d)`):
      // xs:decimal(255.61e0 + 1) is 256.6100000000000136424205265939235687255859375 there, not 256.61.
      if (decimal && (code === 'AO' || code === 'AF')) {
        const number = (value as { toNumber?(): number }).toNumber?.();
        if (typeof number === 'number' && Number.isFinite(number))
          return fromString.call(this, exactDecimal(number));
      }
      return cast.call(this, value, ...rest);
    };
  }
  return true;
}
