// The bound on every amount a document adds up to: what the service keeps and reads again.
import { isDecimalString } from './decimal';
import type { TotalsProblem, TotalsResult } from './types';

/** The largest amount the service keeps: 15 digits before the decimal point (decimal.ts, the API's bound). */
const LARGEST = '999999999999999.99';

/**
 * Amounts a document adds up to must stay within what the service keeps and reads again (15 digits before
 * the point): a line whose amount passes it names its quantity, a total that does names the lines. Without
 * this, such a document was stored and then could not be read (a 500 on every read).
 */
export function boundProblems(totals: TotalsResult): TotalsProblem[] {
  const over = (amount: string | undefined) => amount !== undefined && !isDecimalString(amount);
  const msg = `amounts may not exceed ${LARGEST} (15 digits before the decimal point)`;
  const lines = totals.lines.flatMap((line, i) =>
    over(line.gross_amount) || over(line.amount)
      ? [
          {
            loc: `line_items.${i}.quantity`,
            msg: `the line's amount is too large: ${msg}`,
            type: 'too_large',
          },
        ]
      : [],
  );
  if (lines.length > 0) return lines;
  const sums = [totals.subtotal, totals.tax_total, totals.total, totals.amount_due, totals.shipping_total];
  return sums.some(over)
    ? [{ loc: 'line_items', msg: `the document's total is too large: ${msg}`, type: 'too_large' }]
    : [];
}
