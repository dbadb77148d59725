import type { DbOrTx } from '../../../db/client';
import type { Principal } from '../../../http/auth';
import type { Clock } from '../../../shared/clock';
import { findAccountWithPlan } from '../../accounts';
import { readAccountingSettings } from '../../exports';
import { findUser, reachableAccounts } from '../../users';
import type { ReachedAccount } from '../model';

/** What the caller reaches: a signed-in user every account they joined and belong to; a key its own. */
export async function accountsReached(
  ctx: { db: DbOrTx; clock: Clock },
  principal: Principal,
): Promise<ReachedAccount[]> {
  const user = principal.session ? await findUser(ctx.db, principal.session.userId) : undefined;
  const reach = user
    ? await reachableAccounts(ctx.db, user)
    : [{ accountId: principal.accountId, member: principal.member, lastUsedAt: null }];
  const out: ReachedAccount[] = [];
  for (const r of reach) {
    const found = await findAccountWithPlan(ctx.db, r.accountId);
    if (!found) continue;
    const settings = await readAccountingSettings({ ...ctx, accountId: r.accountId, actor: { kind: 'cli' } });
    out.push({
      id: found.account.id,
      name: found.account.name,
      role: r.member?.role ?? 'owner',
      office: found.account.office,
      consultant_number: settings.consultant_number,
      client_number: settings.client_number,
      current: found.account.id === principal.accountId,
      disabled: found.account.disabledAt !== null,
      last_used_at: r.lastUsedAt,
    });
  }
  return out;
}
