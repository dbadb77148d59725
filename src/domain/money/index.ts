// The money module's public face: callers import from here, never from its files.

export { allocateUnits } from './allocate';
export {
  abs,
  add,
  cmp,
  type Decimal,
  dec,
  div,
  eq,
  fromMinorUnits,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  mul,
  neg,
  normalizeRate,
  percentOf,
  round,
  sub,
  sum,
  toFixedString,
  toMinorUnits,
  toPlainString,
} from './decimal';
export { type PrepaidTax, prepaidTaxOf, type StatedDeduction } from './prepaid';
export { taxInAccountingCurrency } from './tax-currency';
export { computeTotals } from './totals';
export type * from './types';
