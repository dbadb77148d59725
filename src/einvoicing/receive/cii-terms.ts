// Small CII readers the header and its lines share: format 102 dates, object references, allowances, a tax.
import { all, identifierAt, text, type XmlElement } from './dom';
import type { TaxInfo } from './shared';

/** Format 102 (YYYYMMDD) as an ISO date; anything else as written (the data's checks will say so). */
export function date(el: XmlElement | null, path: string): string | undefined {
  const value = text(el, path);
  return value && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : value;
}

/** BT-18 / BT-128: a referenced document of type 130, its scheme (UNTDID 1153) in ReferenceTypeCode. */
export const referenceOf = (ref: XmlElement | undefined) =>
  identifierAt(ref, 'IssuerAssignedID', () => text(ref, 'ReferenceTypeCode'));

export function allowancesAndCharges(el: XmlElement | null): {
  allowances: XmlElement[];
  charges: XmlElement[];
} {
  const list = all(el, 'SpecifiedTradeAllowanceCharge');
  const isCharge = (ac: XmlElement) => text(ac, 'ChargeIndicator/Indicator') === 'true';
  return { allowances: list.filter((ac) => !isCharge(ac)), charges: list.filter(isCharge) };
}

export function taxInfo(el: XmlElement | null): TaxInfo {
  return { category: text(el, 'CategoryCode') ?? 'S', rate: text(el, 'RateApplicablePercent') ?? '0' };
}
