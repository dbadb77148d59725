import type { DbOrTx } from '../../../db/client';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { findMemberInAccount } from '../repo';
import type { ActingMember } from './guard';

/** The member a key is tied to, with its current role; undefined when that member no longer exists. */
export function memberForKey(db: DbOrTx, accountId: string, memberId: string): ActingMember | undefined {
  const row = findMemberInAccount(db, accountId, memberId);
  return row ? { id: row.id, workspaceId: row.workspaceId, role: row.role } : undefined;
}

/**
 * Who a use-case acts for, read inside its own transaction: null for an account-level key, a job or the
 * CLI. A member that vanished meanwhile is refused rather than treated as account level.
 */
export function actingMemberOf(ctx: AccountCtx): ActingMember | null {
  const memberId = ctx.actor.kind === 'cli' ? null : (ctx.actor.memberId ?? null);
  if (memberId === null) return null;
  const member = memberForKey(ctx.db, ctx.accountId, memberId);
  // Removed between authentication and now: the key was revoked with the membership.
  if (!member) throw new DomainError('unauthorized', 'Invalid credentials');
  return member;
}
