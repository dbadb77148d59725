/**
 * xs:decimal division as Java Saxon computes it. saxon-js divides with big.js to 20 decimal places, rounding
 * half up; Saxon-HE (12, `Calculator.decimalDivide`) keeps `max(18, scale(a) - scale(b) + 18)` places and
 * rounds HALF_DOWN (a tie goes toward zero), with Java BigDecimal scales: an xs:integer has scale 0, an
 * xs:decimal is held with its trailing zeros stripped (10.50 has scale 1, 100.0 has scale -2). Near a
 * tolerance the two disagree: quantity 7, price 10 per base quantity 7 gives 7 * (10 div 7) =
 * 9.999999999999999997 in Java and 10.00000000000000000001 in saxon-js, so PEPPOL-EN16931-R120 (and
 * XRechnung's copy) fired only in Java for a line net of 10.02 and only here for 9.98.
 *
 * One difference remains: Saxon holds an xs:decimal read from text without a decimal point ("30", fewer
 * than 16 digits) as a long, scale 0, where it is stripped here (30 has scale -1). Only a divisor that is a
 * whole number ending in zeros is concerned, and then only the digits beyond the 18th decimal place.
 */

export interface JavaDecimal {
  negative: boolean;
  /** The digits without the decimal point and without trailing zeros after it. */
  unscaled: bigint;
  /** Digits after the decimal point in `unscaled` (never negative). */
  places: number;
  /** Java BigDecimal's scale as Saxon holds the value (may be negative, see above). */
  scale: number;
}

/** The plain decimal text big.js's `toFixed()` gives ("-12.5", "1000", "0.02") as a JavaDecimal. */
export function javaDecimalOf(text: string, integer: boolean): JavaDecimal | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) return null;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const whole = match[2] as string;
  const unscaled = BigInt(whole + fraction);
  let scale = fraction.length;
  if (scale === 0 && !integer && unscaled !== 0n) scale = -(whole.length - whole.replace(/0+$/, '').length);
  return { negative: match[1] === '-' && unscaled !== 0n, unscaled, places: fraction.length, scale };
}

const DIVIDE_PRECISION = 18;

/** `a div b` as Saxon-HE's `Calculator.decimalDivide`, as plain decimal text; null when `b` is zero. */
export function javaDecimalQuotient(a: JavaDecimal, b: JavaDecimal): string | null {
  if (b.unscaled === 0n) return null;
  const scale = Math.max(DIVIDE_PRECISION, a.scale - b.scale + DIVIDE_PRECISION);
  // a / b * 10^scale = (ua / 10^pa) / (ub / 10^pb) * 10^scale = ua * 10^(scale - pa + pb) / ub
  const shift = scale - a.places + b.places;
  const numerator = shift >= 0 ? a.unscaled * 10n ** BigInt(shift) : a.unscaled;
  const denominator = shift >= 0 ? b.unscaled : b.unscaled * 10n ** BigInt(-shift);
  let quotient = numerator / denominator;
  // HALF_DOWN: away from zero only when the rest is more than half of the divisor.
  if (2n * (numerator % denominator) > denominator) quotient += 1n;
  if (quotient === 0n) return '0';
  const digits = quotient.toString().padStart(scale + 1, '0');
  const sign = a.negative !== b.negative ? '-' : '';
  return `${sign}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
}

interface BigLike {
  toFixed(): string;
  constructor: new (value: unknown) => BigLike;
}

interface SaxonNumbers {
  XS?: { integer?: { fromNumber?(n: number): unknown; fromString?(s: string): unknown } } & Record<
    string,
    unknown
  >;
}

type Divide = (this: BigLike, divisor: unknown, places?: unknown, rounding?: unknown) => BigLike;

/**
 * The xs:decimal values that are an xs:integer divided exactly by an xs:integer (`0 div 100`, `6 div 3`):
 * Saxon-HE 9.9 gives those as an integer value (`Int64Value.div`), which decides how a node's text is
 * compared with them (xpath-compare.ts). The division marks its big.js result; saxon-js's decimal type copies
 * it into the value it makes (found by what it answers), which is then marked.
 */
export const exactIntegerQuotients = new WeakSet<object>();
const exactBigs = new WeakSet<object>();

/**
 * Makes saxon-js divide xs:decimal and xs:integer values as Java Saxon does. Its arithmetic table is not
 * exported, so the hook is big.js's `div`, found by what it answers (its name is minified): only a call
 * without places and rounding mode is changed, which is how the `div` and `idiv` operators, avg() and
 * format-number's scaling call it (format-number divides by a power of ten, exact either way); big.js's
 * own sqrt and negative powers pass places, and saxon-js calls neither on XPath values. Which operands are
 * xs:integer (scale 0) is recorded by wrapping the integer values' `toBig()`. Returns false when this
 * saxon-js does not have what is hooked.
 */
export function installJavaDecimalDivision(saxon: SaxonNumbers): boolean {
  const integerType = saxon.XS?.integer;
  const small = integerType?.fromNumber?.(1) as { toBig?(): unknown } | undefined;
  const large = integerType?.fromString?.('123456789012345678901') as { toBig?(): unknown } | undefined;
  const sample = small?.toBig?.() as BigLike | undefined;
  if (small === undefined || large === undefined || sample === undefined) return false;
  const Big = sample.constructor;
  const proto = Object.getPrototypeOf(sample) as Record<string, unknown>;
  const names = divisionMethods(Big, proto);
  const divide = names.length > 0 ? (proto[names[0] as string] as Divide) : undefined;
  if (divide === undefined || !names.every((name) => proto[name] === divide)) return false;

  // Checked before anything is changed, so a saxon-js without them is left entirely as it is.
  const valueProtos = [...new Set([Object.getPrototypeOf(small), Object.getPrototypeOf(large)])] as {
    toBig?: (this: { code?: unknown }) => unknown;
  }[];
  if (!valueProtos.every((p) => typeof p.toBig === 'function' && Object.hasOwn(p, 'toBig'))) return false;

  const integers = new WeakSet<object>();
  for (const valueProto of valueProtos) {
    const toBig = valueProto.toBig as (this: { code?: unknown }) => unknown;
    valueProto.toBig = function (this: { code?: unknown }) {
      const big = toBig.call(this);
      const integer = typeof this.code === 'string' && this.code.startsWith('ADI');
      if (integer && typeof big === 'object' && big !== null) integers.add(big);
      return big;
    };
  }

  const javaDivide: Divide = function (this, divisor, places, rounding) {
    if (places !== undefined || rounding !== undefined) return divide.call(this, divisor, places, rounding);
    const b = divisor instanceof Big ? divisor : new Big(divisor);
    const left = javaDecimalOf(this.toFixed(), integers.has(this));
    const right = javaDecimalOf(b.toFixed(), integers.has(b));
    const quotient = left && right ? javaDecimalQuotient(left, right) : null;
    // A zero divisor (or a value big.js would not print plainly) goes to big.js, which throws as before.
    if (quotient === null) return divide.call(this, divisor);
    const result = new Big(quotient);
    // Saxon holds an integer divided exactly by an integer as an integer (Int64Value.div): xpath-compare.ts
    // compares a node's text with it as with an integer.
    // (Both within 32 bits: larger ones go through BigInteger there, which gives a decimal.)
    if (integers.has(this) && integers.has(b) && left !== null && right !== null) {
      const small = (d: JavaDecimal) => d.places === 0 && d.unscaled < 2n ** 31n;
      if (small(left) && small(right) && left.unscaled % right.unscaled === 0n) exactBigs.add(result);
    }
    return result;
  };
  for (const name of names) proto[name] = javaDivide;
  markExactQuotients(saxon, sample);
  return true;
}

/**
 * Wraps the functions of the xs:decimal type that make a value of a big.js number (saxon-js's arithmetic
 * calls one on the quotient) so a value made of a marked quotient is marked too. Found by what they answer:
 * given a big.js number, a decimal value of the same number. Without one, nothing is marked (integer
 * quotients are then compared as decimals, as before).
 */
function markExactQuotients(saxon: SaxonNumbers, sample: BigLike): void {
  const decimal = Object.values((saxon.XS ?? {}) as Record<string, unknown>).find(
    (type) => (type as { name?: unknown } | null)?.name === 'decimal',
  ) as Record<string, unknown> | undefined;
  if (decimal === undefined) return;
  const probe = new sample.constructor('7');
  for (const name of Object.keys(decimal)) {
    const make = decimal[name];
    if (typeof make !== 'function' || make.length !== 1) continue;
    let answer: unknown;
    try {
      answer = make.call(decimal, probe);
    } catch {
      continue;
    }
    if ((answer as { code?: unknown } | null)?.code !== 'AD' || String(answer) !== '7') continue;
    decimal[name] = function (this: unknown, value: unknown) {
      const made = make.call(this, value) as object;
      if (typeof value === 'object' && value !== null && exactBigs.has(value))
        exactIntegerQuotients.add(made);
      return made;
    };
  }
}

/** The names under which big.js's prototype holds `div`: 1 / 3 to 20 places, 6 / 3 = 2, 1 / 3 to 2 places. */
function divisionMethods(Big: BigLike['constructor'], proto: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const name of Object.keys(proto)) {
    const method = proto[name];
    if (typeof method !== 'function') continue;
    try {
      const third = method.call(new Big(1), new Big(3)) as BigLike;
      const two = method.call(new Big(6), new Big(3)) as BigLike;
      const short = method.call(new Big(1), new Big(3), 2, 0) as BigLike;
      if (
        third?.toFixed?.() === `0.${'3'.repeat(20)}` &&
        two?.toFixed?.() === '2' &&
        short?.toFixed?.() === '0.33'
      )
        names.push(name);
    } catch {
      // not a division: big.js throws on arguments it does not take
    }
  }
  return names;
}
