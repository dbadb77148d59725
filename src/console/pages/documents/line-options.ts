// The choices of a line in the editor: its unit (UN/ECE Rec. 20, asked of the service once a page load)
// and what its price is for (EN 16931 BT-149).
import { list } from '../../api';
import type { UnitCode } from '../../api-types';
import { formatDecimal, isPerBase, t } from '../../i18n';
import { useLoad } from '../../ui/hooks';
import { unitChoice } from '../products';
import type { LineForm } from './model';

/** What a line's price is for (EN 16931 BT-149): one unit, or 10, 100, 1,000 (screws, sheets, litres). */
const BASES = ['', '10', '100', '1000'];

/**
 * The price base's choice, written as the PDF and the product list write it ("4,90 € / 1.000"): the usual
 * ones, and the line's own when it is another (set over the API).
 */
export function baseOptions(current: string | undefined) {
  const values = isPerBase(current) && !BASES.includes(current) ? [...BASES, current] : BASES;
  return values.map((value) => ({ value, label: `/ ${formatDecimal(value || '1')}` }));
}

/** A line's `rest` with its price base set, or without one for a price per unit. */
export function withBase(rest: LineForm['rest'], base: string): LineForm['rest'] {
  const { price_base_quantity: _, ...others } = rest;
  return isPerBase(base) ? { ...others, price_base_quantity: base } : others;
}

let unitCodes: Promise<UnitCode[]> | null = null;

/** The unit codes of the reference list (UN/ECE Rec. 20), asked once per page load. */
export function useUnitCodes(): UnitCode[] {
  const loaded = useLoad(() => {
    unitCodes ??= list<UnitCode>('/reference/unit-codes').then(
      (page) => page.data,
      () => {
        unitCodes = null;
        return [];
      },
    );
    return unitCodes;
  }, []);
  return loaded.data ?? [];
}

/** A unit's choice: its name in the console's language with the code the e-invoice carries ("Stück (C62)"). */
export function unitOptions(codes: UnitCode[], current: string) {
  const known = codes.some((unit) => unit.code === current);
  return [
    { value: '', label: t('No unit') },
    ...codes.map((unit) => ({ value: unit.code, label: unitChoice(unit.code, unit.label) })),
    ...(current && !known ? [{ value: current, label: current }] : []),
  ];
}
