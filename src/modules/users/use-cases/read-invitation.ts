import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { sha256Hex } from '../../../shared/secrets';
import { findAccountWithPlan } from '../../accounts';
import { findWorkspace } from '../../workspaces';
import { findInvitationByTokenHash, findUser, findUserByEmail } from '../repo';
import type { InvitationRow } from '../schema';

/** The unused, unexpired link a token opens, or undefined. */
export async function openLink(ctx: SystemCtx, token: string): Promise<InvitationRow | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  const row = await findInvitationByTokenHash(ctx.db, sha256Hex(token));
  if (!row || row.usedAt !== null || row.expiresAt <= isoNow(ctx.clock)) return undefined;
  return row;
}

/** What a link's page shows: who it is for and what it asks (404 for unknown, used or expired). */
export async function readInvitation({ ctx, input }: { ctx: SystemCtx; input: { token: string } }) {
  const row = await openLink(ctx, input.token);
  if (!row) throw new DomainError('not_found', 'This link is unknown, used or expired');
  const account = await findAccountWithPlan(ctx.db, row.accountId);
  const workspace =
    row.workspaceId === null ? undefined : await findWorkspace(ctx.db, row.accountId, row.workspaceId);
  const user = row.userId === null ? undefined : await findUser(ctx.db, row.userId);
  const signsIn = row.kind === 'member' && row.email !== null && (await findUserByEmail(ctx.db, row.email));
  return {
    kind: row.kind,
    existing_user: Boolean(signsIn),
    email: row.email,
    // A password link's user, else the name the inviter gave (an office naming its client's owner).
    name: user?.name ?? row.name ?? null,
    role: row.role,
    workspace_name: workspace?.name ?? null,
    account_name: account?.account.name ?? '',
    expires_at: row.expiresAt,
  };
}
