// Numbers as people type them: `1.250,00` or `1250,5` in German, `1,250.00` in English, read into the exact
// decimal string the API takes (`1250.00`): text in, text out, never a JS number on the way.

export type NumberStyle = 'de' | 'en';

const GROUPED = (separator: string) => new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`);

/** Digits only, or a valid thousands grouping with `separator` (`1.250.000`), as plain digits. */
function integerPart(text: string, separator: string): string | null {
  if (/^\d+$/.test(text)) return text;
  return GROUPED(separator).test(text) ? text.split(separator).join('') : null;
}

/**
 * The exact decimal string of a typed number, or null when it cannot be read. The console's language says
 * which mark is the decimal one when only one kind appears: in German `1.250` is a thousand two hundred and
 * fifty and `12,5` twelve and a half; in English `1,250` and `12.5`. A mark that cannot be a thousands
 * separator there (`12.5` in German, `1,5` in English) is read as the decimal mark. With both marks, the
 * last one is the decimal mark (`1,250.00` reads the same in either language).
 */
export function readDecimal(typed: string, style: NumberStyle): string | null {
  const compact = typed.replace(/[\s\u00a0\u202f']/g, '');
  const match = /^([-+−]?)([\d.,]+)$/.exec(compact);
  if (!match) return null;
  const sign = match[1] === '-' || match[1] === '−' ? '-' : '';
  const body = match[2] ?? '';
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let whole: string | null;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    whole = integerPart(body.slice(0, at), group);
    fraction = body.slice(at + 1);
  } else if (lastDot < 0 && lastComma < 0) {
    whole = body;
  } else {
    const mark = lastDot >= 0 ? '.' : ',';
    const group = style === 'de' ? '.' : ',';
    // The language's grouping mark, used as such (`1.250` in German): a whole number.
    const grouped = mark === group ? integerPart(body, group) : null;
    if (grouped !== null && body.includes(mark)) {
      whole = grouped;
    } else {
      const at = body.indexOf(mark);
      if (at !== body.lastIndexOf(mark)) return null;
      whole = body.slice(0, at) || '0';
      fraction = body.slice(at + 1);
    }
  }
  if (whole === null || whole === '' || !/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (fraction === '' && /[.,]$/.test(body)) return null;
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An example of a number the way `style` writes it, for a field's error message. */
export const numberExample = (style: NumberStyle) => (style === 'de' ? '1.250,50' : '1,250.50');

/** A stored decimal string (`1250.5`) written for a form field the way `style` reads it (`1250,5`). */
export function writeDecimal(value: string, style: NumberStyle): string {
  return style === 'de' ? value.replace('.', ',') : value;
}

/**
 * `percent` % of `amount`, rounded half up to the amount's own decimals (its currency's minor units), and
 * what is left: exact integers on the way, never a float (Skonto: "2.5" % of "3138.86" is "78.47").
 */
export function percentOfAmount(amount: string, percent: string): { part: string; rest: string } | null {
  const money = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  const rate = /^(\d+)(?:\.(\d{1,4}))?$/.exec(percent);
  if (!money || !rate) return null;
  const places = (money[2] ?? '').length;
  const units = BigInt(`${money[1]}${money[2] ?? ''}`);
  const rateDigits = (rate[2] ?? '').padEnd(4, '0');
  const basisPoints = BigInt(`${rate[1]}${rateDigits}`); // percent x 10,000
  const divisor = 1_000_000n; // 100 % x 10,000
  const part = (units * basisPoints + divisor / 2n) / divisor;
  const text = (value: bigint) => {
    const digits = value.toString().padStart(places + 1, '0');
    return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  };
  return { part: text(part), rest: text(units - part) };
}

/** `a - b` of two amounts written with the same decimals, exactly; null when they differ or it is negative. */
export function subtractAmounts(a: string, b: string): string | null {
  const places = (s: string) => (s.split('.')[1] ?? '').length;
  if (places(a) !== places(b) || !/^\d+(\.\d+)?$/.test(a) || !/^\d+(\.\d+)?$/.test(b)) return null;
  const value = BigInt(a.replace('.', '')) - BigInt(b.replace('.', ''));
  if (value < 0n) return null;
  const digits = value.toString().padStart(places(a) + 1, '0');
  return places(a) === 0 ? digits : `${digits.slice(0, -places(a))}.${digits.slice(-places(a))}`;
}
