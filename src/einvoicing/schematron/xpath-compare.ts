import { exactIntegerQuotients } from './xpath-decimal';

/**
 * General comparisons (`=`, `!=`, `<`, `<=`, `>`, `>=`) of a node's text with a number, as Java Saxon-HE
 * 9.9 (the processor the parity tests and the official Java validators run) decides them. XPath converts the
 * untyped text to xs:double and compares the numbers; saxon-js does so with IEEE order, where Saxon-HE 9.9
 * orders the converted double by Java's `Double.compare`, measured on its answers:
 * - `-0.00`, `-0.0`, `-0e0` are below 0 (`'-0.00' >= 0` is false, `'-0.00' = 0` false, `'-0.00' < 0` true),
 *   so BR-27 fires on a net price written `-0.00`; a text in integer form of at most 15 digits (`-0`,
 *   `-00`) compared with a value Saxon holds as a long (an xs:integer, or an integer divided exactly by one,
 *   `0 div 100`: xpath-decimal.ts marks those) is compared as an integer, so `'-0' = 0` stays true (its
 *   double is still -0 against a decimal or a double: `'-0' = 0.0` is false). This is Saxon's
 *   `UntypedNumericComparer.quickComparison`. Not followed: arithmetic on such a quotient (`(7 div 7) - 1`,
 *   a long there, a decimal here), so only `-0` against such a result can still differ;
 * - `NaN` in the text is above every number (`'NaN' >= 0` and `'NaN' > 0` true, `=`, `<`, `<=` false,
 *   `!=` true), where saxon-js answered false to every operator;
 * - a number that is itself NaN (from `number()`) makes every operator but `!=` false, and `!=` true (XPath;
 *   saxon-js answered false to `!=` too, with or without a node involved).
 * Every other pair (strings, two untyped values, two numbers without NaN, dates...) is compared by
 * saxon-js as before. The hook is saxon-js's general comparison (`internals.Compare`), found by what it
 * answers, never by its minified name.
 */

interface Item {
  code?: unknown;
  toNumber?(): number;
}

interface AtomicType {
  name?: unknown;
  matches?(item: unknown): boolean;
  fromString?(value: string): unknown;
  fromNumber?(value: number): unknown;
  I?(value: unknown): Item;
}

interface Iterator {
  next(): unknown;
}

interface SaxonInternals {
  XS?: Record<string, AtomicType | undefined>;
  internals?: {
    Compare?: Record<string, unknown>;
    Iter?: { ForArray?: (items: unknown[]) => Iterator; oneBoolean?: (value: boolean) => Iterator };
  };
}

type GeneralComparison = (
  left: Iterator,
  right: unknown,
  op: string,
  comparer: unknown,
  context: unknown,
  compatibility?: unknown,
) => Iterator;

const OPERATORS = new Set(['=', '!=', '<', '<=', '>', '>=']);
const XML_SPACE_AROUND = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Java's `Double.compare`: -0 below 0, NaN above everything and equal to itself. */
export function javaDoubleCompare(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? 1 : -1;
  if (a === 0 && b === 0) {
    const aNegative = Object.is(a, -0);
    return aNegative === Object.is(b, -0) ? 0 : aNegative ? -1 : 1;
  }
  return 0;
}

function verdict(op: string, order: number): boolean {
  switch (op) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

/** The types this correction reads, by their names (the XS table's keys are partly minified). */
function typesOf(saxon: SaxonInternals) {
  const byName = new Map<string, AtomicType>();
  for (const type of Object.values(saxon.XS ?? {}))
    if (typeof type?.name === 'string') byName.set(type.name, type);
  const untyped = byName.get('untypedAtomic');
  const numeric = byName.get('numeric');
  const integer = byName.get('integer');
  const double = byName.get('double');
  if (
    typeof untyped?.matches !== 'function' ||
    typeof numeric?.matches !== 'function' ||
    typeof integer?.matches !== 'function' ||
    typeof double?.I !== 'function' ||
    typeof untyped.fromString !== 'function' ||
    typeof integer.fromString !== 'function'
  ) {
    return null;
  }
  const cast = double.I.bind(double);
  const toDouble = (value: unknown): number => cast(value).toNumber?.() ?? Number.NaN;
  return { untyped, numeric, integer, toDouble };
}

type Types = NonNullable<ReturnType<typeof typesOf>>;

const isNaNItem = (types: Types, item: unknown): boolean =>
  types.numeric.matches?.(item) === true && Number.isNaN((item as Item).toNumber?.());

/**
 * Java's answer for one pair, or null when saxon-js answers it as Java does. `reversed`: the untyped value
 * is the right operand.
 */
function javaPair(types: Types, left: unknown, right: unknown, op: string): boolean | null {
  const { untyped, numeric } = types;
  if (untyped.matches?.(left) && numeric.matches?.(right))
    return untypedWithNumber(types, left, right, op, false);
  if (numeric.matches?.(left) && untyped.matches?.(right))
    return untypedWithNumber(types, right, left, op, true);
  if (op === '!=' && numeric.matches?.(left) && numeric.matches?.(right)) {
    if (isNaNItem(types, left) || isNaNItem(types, right)) return true;
  }
  return null;
}

/**
 * The bounds Saxon's quick check puts on a plain number by its first digit and the length of its whole part
 * (`UntypedNumericComparer.bounds`): digit d, length n lies within [d * 10^(n-1), (d + 1) * 10^(n-1)].
 */
const bound = (digit: number, length: number): number => (length === 0 ? 1 : digit * 10 ** (length - 1));

/**
 * Saxon-HE 9.9's `UntypedNumericComparer.quickComparison` with the NaN test of its general comparison: the
 * order of the node's text against the number, or the verdict when the number is NaN.
 */
function untypedWithNumber(
  types: Types,
  text: unknown,
  number: unknown,
  op: string,
  reversed: boolean,
): boolean {
  const d1 = (number as Item).toNumber?.() ?? Number.NaN;
  if (Number.isNaN(d1)) return op === '!=';
  const cs = String(text).replace(XML_SPACE_AROUND, '');
  let simple = true;
  let wholePartLength = 0;
  let firstDigit = -1;
  let decimalPoints = 0;
  let negative = false;
  let signed = false;
  for (const c of cs) {
    if (c >= '0' && c <= '9') {
      if (firstDigit < 0) firstDigit = c.charCodeAt(0) - 48;
      if (decimalPoints === 0) wholePartLength++;
    } else if (c === '-') {
      if (signed || wholePartLength > 0 || decimalPoints > 0) {
        simple = false;
        break;
      }
      signed = true;
      negative = true;
    } else if (c === '.') {
      if (decimalPoints > 0) {
        simple = false;
        break;
      }
      decimalPoints = 1;
    } else {
      simple = false;
      break;
    }
  }
  if (firstDigit < 0) simple = false;
  let order: number | null = null;
  if (simple && wholePartLength > 0 && wholePartLength <= 10) {
    let lower = bound(firstDigit, wholePartLength);
    let upper = bound(firstDigit + 1, wholePartLength);
    if (negative) [lower, upper] = [-upper, -lower];
    if (upper < d1) order = -1;
    else if (lower > d1) order = 1;
  }
  if (
    order === null &&
    simple &&
    decimalPoints === 0 &&
    wholePartLength <= 15 &&
    isLongValue(types, number)
  ) {
    // Both plain integers: compared as integers, so `-0` equals 0.
    const l0 = BigInt(cs);
    const l1 = BigInt(String(number));
    order = l0 < l1 ? -1 : l0 > l1 ? 1 : 0;
  }
  // Else as doubles, by Double.compare (a text that is no number raises FORG0001 here, as it does there).
  if (order === null) order = javaDoubleCompare(types.toDouble(text), d1);
  return verdict(op, reversed ? -order : order);
}

/** Whether Saxon holds this number as an `Int64Value`: an xs:integer, or an integer divided exactly by one. */
function isLongValue(types: Types, number: unknown): boolean {
  if (types.integer.matches?.(number)) {
    const value = BigInt(String(number));
    return value >= LONG_MIN && value <= LONG_MAX;
  }
  return typeof number === 'object' && number !== null && exactIntegerQuotients.has(number);
}

/**
 * Replaces saxon-js's general comparison with one that answers the pairs above as Java Saxon-HE 9.9 does
 * and hands every other pair to saxon-js's own, in saxon-js's order (left items in turn, each against the
 * right items), so a pair that raises an error raises it at the same point. Returns false when this saxon-js
 * has no general comparison to correct (or it does not answer as expected).
 */
export function installJavaGeneralComparison(saxon: SaxonInternals): boolean {
  const types = typesOf(saxon);
  const compare = saxon.internals?.Compare;
  const forArray = saxon.internals?.Iter?.ForArray;
  const oneBoolean = saxon.internals?.Iter?.oneBoolean;
  if (
    types === null ||
    compare === undefined ||
    typeof forArray !== 'function' ||
    typeof oneBoolean !== 'function'
  )
    return false;
  const comparer = {
    equals: (a: { equals(b: unknown): boolean }, b: unknown) => a.equals(b),
    compare: (a: { compareTo(b: unknown): number }, b: unknown) => a.compareTo(b),
  };
  const answer = (fn: GeneralComparison, left: unknown, right: unknown, op: string): unknown => {
    try {
      const result = fn(forArray([left]), [right], op, comparer, null) as Iterator;
      return (result?.next() as { value?: unknown } | null)?.value;
    } catch {
      return undefined;
    }
  };
  const one = types.integer.fromString?.('1');
  const two = types.integer.fromString?.('2');
  const text = types.untyped.fromString?.('1');
  // saxon-js's general comparison: `'1' = 1` true, `'1' = 2` false, `'1' < 2` true, `2 > '1'` true.
  const key = Object.keys(compare).find((name) => {
    const fn = compare[name];
    if (typeof fn !== 'function' || fn.length !== 5) return false;
    const candidate = fn as GeneralComparison;
    return (
      answer(candidate, text, one, '=') === true &&
      answer(candidate, text, two, '=') === false &&
      answer(candidate, text, two, '<') === true &&
      answer(candidate, two, text, '>') === true
    );
  });
  if (key === undefined) return false;
  const original = compare[key] as GeneralComparison;
  compare[key] = function (
    this: unknown,
    left: Iterator,
    right: unknown,
    op: string,
    itemComparer: unknown,
    context: unknown,
    compatibility?: unknown,
  ): Iterator {
    if (compatibility || !OPERATORS.has(op) || !Array.isArray(right)) {
      return original.call(this, left, right, op, itemComparer, context, compatibility);
    }
    const items: unknown[] = [];
    for (let item = left.next(); item !== null && item !== undefined; item = left.next()) items.push(item);
    const concerned = (a: unknown[], b: unknown[]) =>
      a.some((x) => types.untyped.matches?.(x)) && b.some((x) => types.numeric.matches?.(x));
    const nanUnequal = op === '!=' && [...items, ...right].some((x) => isNaNItem(types, x));
    if (!nanUnequal && !concerned(items, right) && !concerned(right, items)) {
      return original.call(this, forArray(items), right, op, itemComparer, context, compatibility);
    }
    for (const a of items) {
      for (const b of right) {
        const java = javaPair(types, a, b, op);
        const found =
          java ??
          (
            original.call(this, forArray([a]), [b], op, itemComparer, context, compatibility).next() as {
              value?: unknown;
            } | null
          )?.value === true;
        if (found) return oneBoolean(true);
      }
    }
    return oneBoolean(false);
  };
  return true;
}
