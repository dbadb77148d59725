import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { setAccountDisabledAt } from '../repo';

/** Disabling keeps every key and resource; the account's keys get 403 until it is enabled again. */
export async function setAccountEnabled({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { accountId: string; enabled: boolean };
}) {
  const now = isoNow(ctx.clock);
  const row = await setAccountDisabledAt(ctx.db, input.accountId, input.enabled ? null : now, now);
  if (!row) throw notFound('Account');
  return row;
}
