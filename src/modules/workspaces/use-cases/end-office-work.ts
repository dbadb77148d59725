import type { DbOrTx } from '../../../db/client';
import { emailKey } from '../../../http/email-format';
import { type Clock, isoNow } from '../../../shared/clock';
import { officesAmong } from '../../accounts';
import { revokeKeysOfMembers } from '../../api-keys';
import { deleteMember, memberEmailsOf, memberEmailsWithRoles, membershipsEverywhere } from '../repo';

/** The emails of an office's owners and admins now (for endOfficeWork's `runnersBefore`). */
export const officeRunnerEmails = (db: DbOrTx, officeId: string) =>
  memberEmailsWithRoles(db, officeId, ['owner', 'admin']);

/**
 * People no longer in an office (removed from its team, its workspace deleted, or leaving it) no longer work
 * for its clients either (docs/office.md "Who in the office reaches a client"): in the same transaction, their
 * memberships in every client the office serves end, with the API keys that acted for them. A client the
 * office serves is an account, not an office itself, in which one of the office's owners or admins (other
 * than the person) is a member. What stays: a client they own (their own firm), a client another office they
 * still belong to serves too, and everything while they still hold a membership in the office. Nothing for
 * an account that is not an office. Every membership to end is found before any ends, so people leaving
 * together (a workspace deleted) do not keep a client because the other left it first. Answers how many
 * memberships ended.
 */
export async function endOfficeWork(
  ctx: { db: DbOrTx; clock: Clock },
  officeId: string,
  emails: string[],
  /** The office's owners and admins as they were before (a workspace deleted with them); default: now. */
  runnersBefore?: string[],
): Promise<number> {
  const offices = await officesAmong(ctx.db, [officeId]);
  if (!offices.has(officeId)) return 0;
  const before = runnersBefore ?? (await officeRunnerEmails(ctx.db, officeId));
  const toEnd: { accountId: string; id: string }[] = [];
  for (const email of new Set(emails.map(emailKey))) {
    toEnd.push(...(await clientMembershipsToEnd(ctx.db, officeId, email, before)));
  }
  for (const accountId of new Set(toEnd.map((m) => m.accountId))) {
    const ids = toEnd.filter((m) => m.accountId === accountId).map((m) => m.id);
    await revokeKeysOfMembers(ctx.db, accountId, ids, isoNow(ctx.clock));
    for (const id of ids) await deleteMember(ctx.db, id);
  }
  return toEnd.length;
}

/** One person's memberships in the clients of `officeId` that end with their place in the office. */
async function clientMembershipsToEnd(
  db: DbOrTx,
  officeId: string,
  email: string,
  officeRunners: string[],
): Promise<{ accountId: string; id: string }[]> {
  const everywhere = await membershipsEverywhere(db, email);
  if (everywhere.some((m) => m.accountId === officeId)) return [];
  const accountIds = [...new Set(everywhere.map((m) => m.accountId))];
  const officesOfTheirs = await officesAmong(db, accountIds);
  // An office's owners and admins other than the person themself (in another office they may be one).
  const others = (list: string[]) => new Set(list.map(emailKey).filter((e) => e !== email));
  const ours = others(officeRunners);
  const theirOffices = await Promise.all(
    [...officesOfTheirs].map(async (id) => others(await officeRunnerEmails(db, id))),
  );
  const out: { accountId: string; id: string }[] = [];
  for (const clientId of accountIds) {
    if (officesOfTheirs.has(clientId)) continue;
    const theirs = everywhere.filter((m) => m.accountId === clientId && m.role !== 'owner');
    if (theirs.length === 0) continue;
    const there = (await memberEmailsOf(db, clientId)).map(emailKey);
    if (!there.some((e) => ours.has(e))) continue;
    if (theirOffices.some((runners) => there.some((e) => runners.has(e)))) continue;
    out.push(...theirs.map((m) => ({ accountId: clientId, id: m.id })));
  }
  return out;
}
