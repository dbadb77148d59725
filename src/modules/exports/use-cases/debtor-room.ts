import type { AccountCtx } from '../../../shared/context';
import {
  customerRows,
  debtorAccountsFull,
  debtorNumberOutOfRange,
  debtorOutside,
  freeDebtorNumbers,
} from '../../customers';
import type { AccountingSettingsValue } from '../schema';
import { debtorRange } from './accounting-settings';
import { datevEntries } from './datev-entries';

/**
 * Before a byte of a file that gives or names debtor numbers is sent (the bookings of issued documents, the
 * master data of a period or of everyone): a customer of the period without a number when none of the
 * debtor range is free, or with a number that is no debtor account at the settings' account length (set by
 * hand before the length changed, or by an older version), is the 409 naming it. Given on the way, the
 * answer would be cut off after its header instead. Reads the period only when there is something to find.
 */
export async function checkDebtorRoom(
  ctx: AccountCtx,
  settings: AccountingSettingsValue,
  period: { from: string; to: string } | null,
): Promise<void> {
  const [low, high] = debtorRange(settings.account_length);
  const accounts = { first: low, last: high, length: settings.account_length };
  const stray = await debtorOutside(ctx.db, ctx.accountId, accounts);
  if (period === null) {
    if (stray) throw debtorNumberOutOfRange(stray, accounts);
    return;
  }
  const range = { first: settings.first_debtor_number, last: high };
  const full = (await freeDebtorNumbers(ctx.db, ctx.accountId, range)) === 0;
  if (!full && !stray) return;
  const pages = datevEntries(
    ctx,
    { ...period, kind: 'issued' },
    async (_tx, entries) =>
      entries.flatMap((entry) => (entry.kind === 'issued' ? [entry.row.customerId] : [])),
    { readOnly: true, bookedUntil: settings.booked_until ?? null },
  );
  for await (const ids of pages) {
    const found =
      ids.length === 0 ? [] : await customerRows.findMany(ctx.db, ctx.accountId, [...new Set(ids)]);
    for (const customer of found) {
      const number = customer.debtorNumber;
      if (number === null && full) throw debtorAccountsFull(customer, range);
      if (number !== null && (number < low || number > high)) {
        throw debtorNumberOutOfRange(customer, accounts);
      }
    }
  }
}
