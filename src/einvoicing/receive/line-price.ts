// A received line's price as the data keeps it: BT-146 net price, BT-149/150 base quantity, BT-148/147
// gross price and price discount, checked against the line amount the file states (BT-131).
import {
  add,
  type Decimal,
  dec,
  div,
  eq,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  type MinorUnits,
  mul,
  round,
  sub,
  sum,
  toPlainString,
} from '../../domain/money';
import { all, text, type XmlElement } from './dom';
import { decimalOf, toTenPlaces } from './normalize';
import type { ReceiveWarning } from './types';

const ZERO = dec('0');
const ONE = dec('1');

/** BT-146 / BT-149: a price per base quantity becomes a price per unit, exactly when it divides. */
export function perUnitPrice(
  price: string,
  baseQuantity: string | undefined,
  where: string,
  warnings: ReceiveWarning[],
): string {
  price = decimalOf(price);
  if (baseQuantity !== undefined) baseQuantity = decimalOf(baseQuantity);
  if (baseQuantity === undefined || eq(dec(baseQuantity), ONE) || eq(dec(baseQuantity), ZERO)) {
    return price;
  }
  const exact = div(dec(price), dec(baseQuantity));
  const kept = toTenPlaces(exact);
  if (!eq(kept, exact)) {
    warnings.push({
      term: 'BT-149',
      path: where,
      message: `The price ${price} per ${baseQuantity} units is kept as ${toPlainString(kept)} per unit (rounded)`,
      code: 'price_base_quantity_rounded',
      params: { price, base_quantity: baseQuantity, kept: toPlainString(kept) },
    });
  }
  return toPlainString(kept);
}

/**
 * BT-146 as the line's own amount implies it: when quantity x price, rounded to the currency, is not the
 * stated net amount plus allowances less charges (a sender that rounded its price, or its amount, another
 * way), the price that gives the stated amount is kept (and said so), so the line adds up as the sender
 * meant: the net amount (BT-131) is what the totals and the VAT are made of.
 */
export function impliedPrice(line: StatedLine, where: string, warnings: ReceiveWarning[]): string {
  const gross = statedGross(line);
  if (gross === undefined) return line.price;
  const quantity = dec(line.quantity);
  if (eq(round(mul(quantity, dec(line.price)), line.minorUnits ?? 2), gross)) return line.price;
  const kept = toTenPlaces(div(gross, quantity));
  const price = toPlainString(kept);
  warnings.push({
    term: 'BT-146',
    path: where,
    message: `${line.quantity} x ${line.price} is not the stated line amount ${line.amount}: the price is kept as ${price}`,
    code: 'price_from_line_amount',
    params: { quantity: line.quantity, price: line.price, amount: String(line.amount), kept: price },
  });
  return price;
}

interface StatedLine {
  quantity: string;
  price: string;
  amount?: string;
  allowances: string[];
  charges: string[];
  /** The currency's decimals (2 when not given). */
  minorUnits?: MinorUnits;
}

/** The line's amount before its allowances and charges, as stated; undefined without one or a quantity. */
function statedGross(line: StatedLine): Decimal | undefined {
  if (line.amount === undefined || isZero(dec(line.quantity))) return undefined;
  return sub(
    sum([dec(decimalOf(line.amount)), ...line.allowances.map((a) => dec(decimalOf(a)))]),
    sum(line.charges.map((c) => dec(decimalOf(c)))),
  );
}

/**
 * BT-146 with BT-149 and BT-150 as the data keeps them: a price per base quantity ("per 100 pieces") stays
 * one when its base is in the line's unit (BT-150 absent or BT-130's) and quantity x price / base gives the
 * stated amount; otherwise it becomes a price per unit as before (`perUnitPrice`, `impliedPrice`).
 */
export function linePriceOf(
  line: StatedLine & { baseQuantity?: string; baseUnit?: string; unit?: string; gross?: StatedGross },
  where: string,
  warnings: ReceiveWarning[],
): LinePrice {
  const priced = statedPrice(line, where, warnings);
  const kept = priced.unit_price === decimalOf(line.price);
  const gross =
    kept && line.gross ? grossPriceOf(line.gross, priced.unit_price, line.baseQuantity) : undefined;
  return gross === undefined ? priced : { ...priced, gross_unit_price: gross };
}

/** BT-148 and BT-147 as a file states them: the gross price, its discount, the gross price's own base. */
export interface StatedGross {
  amount?: string;
  discount?: string;
  baseQuantity?: string;
}

export interface LinePrice {
  unit_price: string;
  price_base_quantity?: string;
  gross_unit_price?: string;
}

/** A stated quantity as a decimal, absent (or unreadable) as one. */
const quantityOrOne = (value: string | undefined) => {
  const written = value === undefined ? '1' : decimalOf(value);
  return isDecimalString(written) ? dec(written) : ONE;
};

/**
 * BT-148 kept beside the net price it was reduced to (`price`, as stated): only when it is for the net
 * price's base quantity and gross - discount is the net price (PEPPOL-EN16931-R046). A gross price that
 * says something else is left to the warning on the price discount.
 */
function grossPriceOf(gross: StatedGross, price: string, netBase: string | undefined): string | undefined {
  const discount = gross.discount === undefined ? undefined : decimalOf(gross.discount);
  if (!isDecimalString(price) || isNegative(dec(price))) return undefined;
  if (discount !== undefined && !isDecimalString(discount)) return undefined;
  const value =
    gross.amount !== undefined
      ? decimalOf(gross.amount)
      : discount !== undefined
        ? toPlainString(add(dec(price), dec(discount)))
        : undefined;
  // Equal to the net price (as many CII writers state it) it says nothing: left out.
  if (value === undefined || !isDecimalString(value) || !gt(dec(value), dec(price))) return undefined;
  if (discount !== undefined && !eq(sub(dec(value), dec(discount)), dec(price))) return undefined;
  if (gross.baseQuantity !== undefined && !eq(quantityOrOne(gross.baseQuantity), quantityOrOne(netBase))) {
    return undefined;
  }
  return value;
}

function statedPrice(
  line: StatedLine & { baseQuantity?: string; baseUnit?: string; unit?: string },
  where: string,
  warnings: ReceiveWarning[],
): LinePrice {
  const price = decimalOf(line.price);
  const base = line.baseQuantity === undefined ? undefined : decimalOf(line.baseQuantity);
  const b = base !== undefined && isDecimalString(base) ? dec(base) : undefined;
  const sameUnit = line.baseUnit === undefined || line.unit === undefined || line.baseUnit === line.unit;
  if (b !== undefined && gt(b, ZERO) && !eq(b, ONE) && isDecimalString(price) && sameUnit) {
    const gross = statedGross(line);
    const perBase = amountPerBase(dec(line.quantity), dec(price), b, line.minorUnits ?? 2);
    if (gross === undefined || eq(perBase, gross)) return { unit_price: price, price_base_quantity: base };
  }
  if (b !== undefined && !gt(b, ZERO)) {
    // PEPPOL-EN16931-R121: a base is above zero. One that is not says nothing; the price is per unit.
    warnings.push({
      term: 'BT-149',
      path: where,
      message: `The price base quantity ${base} is not above zero: the price is read as per unit`,
      code: 'price_base_quantity_not_positive',
      params: { base_quantity: String(base) },
    });
    return { unit_price: impliedPrice({ ...line, price }, where, warnings) };
  }
  if (!sameUnit && b !== undefined && !eq(b, ONE)) {
    warnings.push({
      term: 'BT-150',
      path: where,
      message: `The price is per ${base} ${line.baseUnit}, the quantity in ${line.unit}: it is kept as a price per ${line.unit}`,
      code: 'price_base_unit',
      params: { base_quantity: String(base), base_unit: String(line.baseUnit), unit: String(line.unit) },
    });
  }
  const perUnit = perUnitPrice(line.price, line.baseQuantity, where, warnings);
  return { unit_price: impliedPrice({ ...line, price: perUnit }, where, warnings) };
}

/**
 * BT-148 / BT-147: the data keeps a line's net price (BT-146), which the sender computed from the gross
 * price less the price discount. The lines that stated a discount are named once, so nothing is silently
 * dropped; the amounts are unchanged.
 */
export function grossPriceWarning(lines: string[], path: string, warnings: ReceiveWarning[]): void {
  if (lines.length === 0) return;
  const more = lines.length > 10 ? lines.length - 10 : 0;
  const shown = more > 0 ? [...lines.slice(0, 10), `${more} more`] : lines;
  warnings.push({
    term: 'BT-148',
    path,
    message: `The item gross price less its price discount (BT-147) is kept as the net price (BT-146), the amounts unchanged: line ${shown.join(', ')}`,
    code: 'gross_price_as_net_price',
    params: { lines: lines.slice(0, 10).join(', '), ...(more > 0 && { more: String(more) }) },
  });
}

/** UBL BT-148 and BT-147: the one price discount of cac:Price (a charge there is not allowed, R044). */
export function ublGrossOf(price: XmlElement | null): StatedGross | undefined {
  const [discount, ...more] = all(price, 'AllowanceCharge');
  if (discount === undefined || more.length > 0 || text(discount, 'ChargeIndicator') === 'true')
    return undefined;
  return { amount: text(discount, 'BaseAmount'), discount: text(discount, 'Amount') };
}

/** CII BT-148 with its base quantity and its one price discount (BT-147); more than one is not read as one. */
export function ciiGrossOf(price: XmlElement | null): StatedGross | undefined {
  if (price === null) return undefined;
  const [discount, ...more] = all(price, 'AppliedTradeAllowanceCharge');
  if (more.length > 0 || (discount && text(discount, 'ChargeIndicator/Indicator') === 'true'))
    return undefined;
  return {
    amount: text(price, 'ChargeAmount'),
    discount: discount === undefined ? undefined : text(discount, 'ActualAmount'),
    baseQuantity: text(price, 'BasisQuantity'),
  };
}

/** The line's amount before its allowances as the data prices it: quantity x price / base, rounded. */
export function lineGrossOf(
  quantity: string,
  priced: LinePrice,
  minorUnits: MinorUnits,
): Decimal | undefined {
  const base = priced.price_base_quantity ?? '1';
  if (![quantity, priced.unit_price, base].every(isDecimalString)) return undefined;
  return amountPerBase(dec(quantity), dec(priced.unit_price), dec(base), minorUnits);
}

/** quantity x price / base, rounded once to the currency: a line's amount as calculation rule 2 has it. */
function amountPerBase(quantity: Decimal, price: Decimal, base: Decimal, minorUnits: MinorUnits): Decimal {
  return round(div(mul(quantity, price), base), minorUnits);
}
