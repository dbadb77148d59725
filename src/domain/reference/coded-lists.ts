export interface CodedItem {
  code: string;
  label: string;
}

export interface CodedList {
  /** The code list the codes come from, e.g. "UNCL5305". */
  standard: string;
  /**
   * True when the service accepts only the listed codes; false when the
   * list is a convenience shortlist of a larger standard that is accepted
   * in full.
   */
  exhaustive: boolean;
  items: CodedItem[];
}

function freezeList(
  standard: string,
  exhaustive: boolean,
  pairs: readonly (readonly [string, string])[],
): CodedList {
  const items = pairs.map(([code, label]): CodedItem => Object.freeze({ code, label }));
  Object.freeze(items);
  return Object.freeze({ standard, exhaustive, items });
}

let taxCategoryCache: CodedList | undefined;
let taxSchemeCache: CodedList | undefined;
let unitCodeCache: CodedList | undefined;

/**
 * VAT category codes (UNCL5305) as restricted for use in EN 16931
 * invoices. The norm's extra L (IGIC, Canary Islands) and M (IPSI, Ceuta
 * and Melilla) are deliberately not offered: the service computes VAT only.
 */
export function taxCategories(): CodedList {
  taxCategoryCache ??= freezeList('UNCL5305', true, [
    ['S', 'Standard rate'],
    ['Z', 'Zero rated goods'],
    ['E', 'Exempt from tax'],
    ['AE', 'VAT Reverse Charge'],
    ['K', 'VAT exempt for EEA intra-community supply of goods and services'],
    ['G', 'Free export item, VAT not charged'],
    ['O', 'Services outside scope of tax'],
  ]);
  return taxCategoryCache;
}

/** Tax scheme codes (UNCL5153) the service understands. */
export function taxSchemes(): CodedList {
  taxSchemeCache ??= freezeList('UNCL5153', true, [
    ['VAT', 'Value added tax'],
    ['GST', 'Goods and services tax'],
    ['LOC', 'Local sales tax'],
    ['OTH', 'Other taxes'],
  ]);
  return taxSchemeCache;
}

/**
 * A shortlist of UN/ECE Recommendation 20 unit codes, most commonly needed
 * first so pickers can show the top of the list. Not exhaustive: any valid
 * Rec 20 / Rec 21 code is accepted on line items.
 */
export function unitCodes(): CodedList {
  unitCodeCache ??= freezeList('UN/ECE Recommendation 20', false, [
    ['C62', 'One (unit)'],
    ['HUR', 'Hour'],
    ['DAY', 'Day'],
    ['E48', 'Service unit'],
    ['MON', 'Month'],
    ['ANN', 'Year'],
    ['MIN', 'Minute'],
    ['WEE', 'Week'],
    ['H87', 'Piece'],
    ['SET', 'Set'],
    ['PR', 'Pair'],
    ['XPK', 'Package'],
    ['KGM', 'Kilogram'],
    ['GRM', 'Gram'],
    ['TNE', 'Tonne (metric ton)'],
    ['MTR', 'Metre'],
    ['KMT', 'Kilometre'],
    ['MTK', 'Square metre'],
    ['MTQ', 'Cubic metre'],
    ['LTR', 'Litre'],
    ['KWH', 'Kilowatt hour'],
  ]);
  return unitCodeCache;
}
