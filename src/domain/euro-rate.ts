import { dec, gt, isDecimalString } from './money';

/**
 * Euros per unit of the document's currency: null for a euro document; the rate its tax currency states
 * (BT-6 EUR, the rate behind BT-111: `tax_currency.exchange_rate`, received ones too); undefined when a
 * foreign-currency document states none.
 */
export function euroRateOf(currency: string, data: Record<string, unknown>): string | null | undefined {
  if (currency === 'EUR') return null;
  const tax = data.tax_currency as { currency?: unknown; exchange_rate?: unknown } | undefined;
  const rate = tax?.exchange_rate;
  if (tax?.currency !== 'EUR' || !isDecimalString(rate) || !gt(dec(rate), dec('0'))) return undefined;
  return rate;
}
