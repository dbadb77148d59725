// EN 16931 BT-111: the VAT total stated in the accounting currency (BT-6) of an invoice in another
// currency, converted once from the document's VAT total and rounded like any amount of that currency.
import { dec, mul, round, toFixedString } from './decimal';
import type { MinorUnits } from './types';

/** `taxTotal` (document currency) x `rate` (units of the tax currency per unit of the document currency). */
export function taxInAccountingCurrency(taxTotal: string, rate: string, minorUnits: MinorUnits): string {
  return toFixedString(round(mul(dec(taxTotal), dec(rate)), minorUnits), minorUnits);
}
