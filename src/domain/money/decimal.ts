// The one file that knows how decimals are represented (big.js). Everything else in money code holds opaque
// `Decimal` values and goes through these helpers, so no amount ever passes through a JS number and the
// library could be swapped for scaled bigint without touching the rules. Every rounding here is
// ROUND_HALF_UP; where the rules round is decided by their callers (docs/calculation.md).
import BigJs from 'big.js';
import type { MinorUnits } from './types';

// A private constructor: the global Big's settings stay untouched for any other importer.
const Big = BigJs();
// Divisions (inclusive-tax nets) keep 30 places before the single rounding to minor units, far below any
// digit that can decide a half-up tie for realistic inputs (see docs/calculation.md, "Exactness").
Big.DP = 30;
Big.RM = Big.roundHalfUp;
// Never exponent notation: strings leave this file plain.
Big.NE = -1_000;
Big.PE = 1_000;
// A JS number reaching the constructor is a bug, not an input.
Big.strict = true;

declare const decimalBrand: unique symbol;
/** An exact decimal value. Opaque: only this file can look inside. */
export type Decimal = { readonly [decimalBrand]: true };

type BigValue = InstanceType<typeof Big.Big>;
const unwrap = (d: Decimal): BigValue => d as unknown as BigValue;
const wrap = (b: BigValue): Decimal => b as unknown as Decimal;

/** Optional '-', 1-15 integer digits, optionally '.' and 1-10 fraction digits. No '+', exponent or spaces. */
const DECIMAL_RE = /^-?\d{1,15}(?:\.\d{1,10})?$/;

export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && DECIMAL_RE.test(s);
}

// Documents repeat the same quantities and rates on every line, and parsing is the largest cost of a
// 200-line document. Values are immutable (every helper returns a new one), so sharing parsed values across
// calls is safe; the bound keeps hostile input from growing the cache.
const parsed = new Map<string, Decimal>();

/** Parses a string that passed `isDecimalString` (callers validate first; anything else is a bug). */
export function dec(s: string): Decimal {
  let value = parsed.get(s);
  if (value !== undefined) return value;
  if (!DECIMAL_RE.test(s)) throw new TypeError(`not a decimal string: ${JSON.stringify(s)}`);
  value = wrap(new Big(s));
  if (parsed.size >= 4_096) parsed.clear();
  parsed.set(s, value);
  return value;
}

const BIG_ZERO = new Big('0');
const BIG_HUNDRED = new Big('100');
const HUNDREDTH = new Big('0.01');
/** The value of one minor unit. */
const UNIT: Record<MinorUnits, BigValue> = { 0: new Big('1'), 2: new Big('0.01'), 3: new Big('0.001') };

const ZERO_TEXT: Record<MinorUnits, string> = { 0: '0', 2: '0.00', 3: '0.000' };

export const ZERO: Decimal = wrap(BIG_ZERO);
export const HUNDRED: Decimal = wrap(BIG_HUNDRED);

export const add = (a: Decimal, b: Decimal): Decimal => wrap(unwrap(a).plus(unwrap(b)));
export const sub = (a: Decimal, b: Decimal): Decimal => wrap(unwrap(a).minus(unwrap(b)));
/** The same amount with the other sign. */
export const neg = (a: Decimal): Decimal => wrap(BIG_ZERO.minus(unwrap(a)));
/** Exact: products never round. */
export const mul = (a: Decimal, b: Decimal): Decimal => wrap(unwrap(a).times(unwrap(b)));
/** Exact when the quotient terminates within 30 places, else rounded half-up at the 30th. */
export const div = (a: Decimal, b: Decimal): Decimal => wrap(unwrap(a).div(unwrap(b)));

export function sum(values: readonly Decimal[]): Decimal {
  let acc = BIG_ZERO;
  for (const v of values) acc = acc.plus(unwrap(v));
  return wrap(acc);
}

/** `value x percent / 100`, exact (multiplying by 0.01 is exact, and much cheaper than big.js division). */
export const percentOf = (value: Decimal, percent: Decimal): Decimal =>
  wrap(unwrap(value).times(unwrap(percent)).times(HUNDREDTH));

/** ROUND_HALF_UP to `minorUnits` places: half away from zero (2.345 -> 2.35, -2.345 -> -2.35). */
export const round = (value: Decimal, minorUnits: MinorUnits): Decimal =>
  wrap(unwrap(value).round(minorUnits, Big.roundHalfUp));

/**
 * Rounds half-up and prints exactly `minorUnits` decimals (no point when 0). Never "-0": a value that
 * rounds to zero prints unsigned, because a signed zero on an invoice reads as a credit.
 */
export function toFixedString(value: Decimal, minorUnits: MinorUnits): string {
  const b = atMost(unwrap(value), minorUnits);
  if (b.c[0] === 0) return ZERO_TEXT[minorUnits];
  let digits = scaledDigits(b, minorUnits);
  if (digits.length <= minorUnits) digits = '0'.repeat(minorUnits + 1 - digits.length) + digits;
  const text = minorUnits === 0 ? digits : `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
  return b.s < 0 ? `-${text}` : text;
}

/** Canonical text of a rate for grouping keys and output: "19.00" -> "19", "7.50" -> "7.5", "-0" -> "0". */
export function normalizeRate(s: string): string {
  const text = dec(s).toString();
  return text === '-0' ? '0' : text;
}

export const cmp = (a: Decimal, b: Decimal): -1 | 0 | 1 => unwrap(a).cmp(unwrap(b));
export const eq = (a: Decimal, b: Decimal): boolean => unwrap(a).eq(unwrap(b));
export const gt = (a: Decimal, b: Decimal): boolean => unwrap(a).gt(unwrap(b));
export const lt = (a: Decimal, b: Decimal): boolean => unwrap(a).lt(unwrap(b));
// Sign tests read the representation directly: big.js comparisons copy their argument, and these run
// several times per line. A zero's coefficient is [0], whatever its sign.
export const isZero = (a: Decimal): boolean => unwrap(a).c[0] === 0;
export const isNegative = (a: Decimal): boolean => unwrap(a).s < 0 && unwrap(a).c[0] !== 0;
/** The amount without its sign. */
export const abs = (a: Decimal): Decimal => (isNegative(a) ? neg(a) : a);

/** Plain text of the exact value (tests, debugging); amounts leave through `toFixedString`. */
export const toPlainString = (a: Decimal): string => {
  const text = unwrap(a).toString();
  return text === '-0' ? '0' : text;
};

// Allocation works in whole minor units, where bigint is exact and fast. Meant for values already rounded to
// `minorUnits`; anything finer is rounded half-up first, so a misuse cannot leak a fraction.
export function toMinorUnits(value: Decimal, minorUnits: MinorUnits): bigint {
  const b = atMost(unwrap(value), minorUnits);
  if (b.c[0] === 0) return 0n;
  const digits = scaledDigits(b, minorUnits);
  return BigInt(b.s < 0 ? `-${digits}` : digits);
}

export function fromMinorUnits(units: bigint, minorUnits: MinorUnits): Decimal {
  return wrap(new Big(units.toString()).times(UNIT[minorUnits]));
}

/** `toFixedString(fromMinorUnits(units))` without the detour. */
export function formatMinorUnits(units: bigint, minorUnits: MinorUnits): string {
  if (units === 0n) return ZERO_TEXT[minorUnits];
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (digits.length <= minorUnits) digits = '0'.repeat(minorUnits + 1 - digits.length) + digits;
  const text = minorUnits === 0 ? digits : `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
  return negative ? `-${text}` : text;
}

// Formatting reads big.js's documented representation (digits `c`, exponent `e`, sign `s`; value =
// 0.c x 10^(e+1)) instead of going through toFixed and a string round trip: it is the hot path of a
// 200-line document. Values are never modified here.

/** `b` rounded half-up to `places` decimals, or `b` itself when it has no more than that. */
function atMost(b: BigValue, places: number): BigValue {
  return b.c.length - b.e - 1 > places ? b.round(places, Big.roundHalfUp) : b;
}

const DIGITS = '0123456789';

/** The magnitude of `b` (nonzero, at most `places` decimals) in units of 10^-places, as digits. */
function scaledDigits(b: BigValue, places: number): string {
  let digits = '';
  for (const d of b.c) digits += DIGITS[d];
  const zeros = b.e + 1 + places - b.c.length;
  return zeros > 0 ? digits + '0'.repeat(zeros) : digits;
}
