import type { AccountCtx } from '../../../shared/context';
import { customerRows, debtorAccountsFull, freeDebtorNumbers } from '../../customers';
import type { AccountingSettingsValue } from '../schema';
import { debtorRange } from './accounting-settings';
import { datevEntries } from './datev-entries';

/**
 * Before a byte of a file that gives debtor numbers is sent (the bookings of issued documents, a period's
 * master data): when no number of the debtor range is free, a customer of the period without one is the
 * 409 naming it. Given on the way, the answer would be cut off after its header instead. Reads the period
 * only when the range is full.
 */
export async function checkDebtorRoom(
  ctx: AccountCtx,
  settings: AccountingSettingsValue,
  period: { from: string; to: string },
): Promise<void> {
  const range = { first: settings.first_debtor_number, last: debtorRange(settings.account_length)[1] };
  if ((await freeDebtorNumbers(ctx.db, ctx.accountId, range)) > 0) return;
  const pages = datevEntries(
    ctx,
    { ...period, kind: 'issued' },
    async (_tx, entries) =>
      entries.flatMap((entry) => (entry.kind === 'issued' ? [entry.row.customerId] : [])),
    { readOnly: true },
  );
  for await (const ids of pages) {
    const found =
      ids.length === 0 ? [] : await customerRows.findMany(ctx.db, ctx.accountId, [...new Set(ids)]);
    const lacking = found.find((customer) => customer.debtorNumber === null);
    if (lacking) throw debtorAccountsFull(lacking, range);
  }
}
