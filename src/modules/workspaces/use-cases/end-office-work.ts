import type { DbOrTx } from '../../../db/client';
import { type Clock, isoNow } from '../../../shared/clock';
import { revokeKeysOfMembers } from '../../api-keys';
import { deleteMember, membershipsMadeBy, membershipsOf } from '../repo';

/**
 * People no longer in an office (removed from its team, their team deleted, or leaving it) no longer work
 * for its clients either (docs/office.md "Who in the office reaches a client"): in the same transaction, the
 * client memberships the office's work made for them (`via_office_id`: set when the office created the
 * client) end, with the API keys that acted for them, unless the client made them an owner since. Only
 * those: a person's own firm, a firm that invited
 * them itself, another office's clients and every membership made before memberships recorded their office
 * stay, and nothing ends while the person still holds a membership in the office. Answers how many ended.
 */
export async function endOfficeWork(
  ctx: { db: DbOrTx; clock: Clock },
  officeId: string,
  emails: string[],
): Promise<number> {
  let ended = 0;
  for (const email of new Set(emails)) {
    if ((await membershipsOf(ctx.db, officeId, email)).length > 0) continue;
    // A client's owner stays one (the client's people made them owner: it is theirs now, and a client
    // never loses its last owner this way).
    const madeBy = await membershipsMadeBy(ctx.db, officeId, email);
    const owning = new Set(madeBy.filter((m) => m.role === 'owner').map((m) => m.accountId));
    const made = madeBy.filter((m) => !owning.has(m.accountId));
    for (const accountId of new Set(made.map((m) => m.accountId))) {
      const ids = made.filter((m) => m.accountId === accountId).map((m) => m.id);
      await revokeKeysOfMembers(ctx.db, accountId, ids, isoNow(ctx.clock));
      for (const id of ids) await deleteMember(ctx.db, id);
    }
    ended += made.length;
  }
  return ended;
}
