// EN 16931 BT-8, the value added tax point date code: the data and UBL state it in UNTDID 2005 (3 the
// invoice date, 35 the delivery date, 432 the date of payment), CII in UNTDID 2475 (5, 29, 72), the same
// three moments (BR-CL-06 of each syntax).

export type TaxPointDateCode = '3' | '35' | '432';

/** UNTDID 2005 (the data's and UBL's) to UNTDID 2475 (CII's). */
export const CII_TAX_POINT_CODES: Record<TaxPointDateCode, string> = { '3': '5', '35': '29', '432': '72' };

/** A code as a file states it, in the data's UNTDID 2005; undefined for any other code. */
export function taxPointCodeOf(
  code: string | undefined,
  syntax: 'ubl' | 'cii',
): TaxPointDateCode | undefined {
  const trimmed = code?.trim();
  if (!trimmed) return undefined;
  if (syntax === 'ubl')
    return Object.hasOwn(CII_TAX_POINT_CODES, trimmed) ? (trimmed as TaxPointDateCode) : undefined;
  return (Object.keys(CII_TAX_POINT_CODES) as TaxPointDateCode[]).find(
    (k) => CII_TAX_POINT_CODES[k] === trimmed,
  );
}
