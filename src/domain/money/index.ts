// The money module's public face: callers import from here, never from its files.
export {
  add,
  cmp,
  type Decimal,
  dec,
  div,
  eq,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  mul,
  normalizeRate,
  percentOf,
  round,
  sub,
  sum,
  toFixedString,
  toPlainString,
} from './decimal';
export { taxInAccountingCurrency } from './tax-currency';
export { computeTotals } from './totals';
export type * from './types';
