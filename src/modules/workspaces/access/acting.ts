import type { DbOrTx } from '../../../db/client';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { findMemberInAccount, membershipsOf } from '../repo';
import { outranks } from '../roles';
import type { ActingMember } from './guard';

/** The member a key is tied to, with its current role; undefined when that member no longer exists. */
export async function memberForKey(
  db: DbOrTx,
  accountId: string,
  memberId: string,
): Promise<ActingMember | undefined> {
  const row = await findMemberInAccount(db, accountId, memberId);
  return row ? { id: row.id, workspaceId: row.workspaceId, role: row.role } : undefined;
}

/**
 * The member a signed-in user acts as: of their memberships in the account (same email), the highest
 * role, the oldest among equals; read on every request, so a role change or removal applies at once.
 * Undefined when they belong to no workspace (any more).
 */
export async function memberForUser(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<ActingMember | undefined> {
  let chosen: ActingMember | undefined;
  for (const row of await membershipsOf(db, accountId, email)) {
    if (!chosen || outranks(row.role, chosen.role)) {
      chosen = { id: row.id, workspaceId: row.workspaceId, role: row.role };
    }
  }
  return chosen;
}

/**
 * Who a use-case acts for, read inside its own transaction: null for an account-level key, a job or the
 * CLI. A member that vanished meanwhile is refused rather than treated as account level.
 */
export async function actingMemberOf(ctx: AccountCtx): Promise<ActingMember | null> {
  const memberId = ctx.actor.kind === 'cli' ? null : (ctx.actor.memberId ?? null);
  if (memberId === null) return null;
  const member = await memberForKey(ctx.db, ctx.accountId, memberId);
  // Removed between authentication and now: the key was revoked with the membership.
  if (!member) throw new DomainError('unauthorized', 'Invalid credentials');
  return ctx.actor.kind === 'session' ? { ...member, viaSession: true } : member;
}
