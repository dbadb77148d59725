// The database's sums as exact values: each sum comes as two integers' decimal text, whole units and
// ten-billionths (documents' sql-money.ts), joined here into one bigint of ten-billionths, added as bigints
// and printed in the currency's minor units. Scaled integers, never a JS number: a report's money is summed
// exactly, however many documents and whatever their decimals (an amount has at most ten).
import { minorUnitsOf } from '../../domain/reference';
import type { SumText } from '../documents';

/** Ten-billionths per unit. */
const SCALE = 10_000_000_000n;
const DECIMALS = 10;

/** A database sum as ten-billionths. */
export const sumValue = (sum: SumText): bigint => BigInt(sum.units) * SCALE + BigInt(sum.parts);

/**
 * `value` (ten-billionths) as the reports print money: rounded half away from zero to the currency's minor
 * units, exactly that many decimals, never "-0" (what `toFixedString` prints for the same value).
 */
export function money(value: bigint, currency: string): string {
  const decimals = minorUnitsOf(currency);
  const step = 10n ** BigInt(DECIMALS - decimals);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let units = magnitude / step;
  if ((magnitude % step) * 2n >= step) units += 1n;
  if (units === 0n) return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
  const digits = units.toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}
