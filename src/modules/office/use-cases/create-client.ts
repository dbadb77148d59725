import { inTransaction } from '../../../db/transaction';
import type { Principal } from '../../../http/auth';
import { emailKey } from '../../../http/email-format';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { insertNewAccount, REQUEST_FIELDS } from '../../accounts';
import { putAccountingSettings } from '../../exports';
import { SELF_HOSTED_PLAN_ID } from '../../plans';
import { findUser, findUserByEmail, issueLink, joinAccount, officeRunners } from '../../users';
import { ensureMember } from '../../workspaces';
import type { CreateClientBody } from '../model';

export interface CreatedClient {
  accountId: string;
  accountName: string;
  workspaceName: string;
  owner: {
    email: string;
    /** The name the office gave (`owner_name`), kept on the invitation; null: not given. */
    name: string | null;
    existingUser: boolean;
    token: string;
    invitationId: string;
    expiresAt: string;
  };
}

/**
 * An office creates a client account (docs/office.md): on the self-hosted plan unless named, its first
 * workspace named after it, the creating user a member with `role` (admin by default), its DATEV numbers,
 * and its owner's one-time link (a new person sets a password; one who signs in already joins with theirs).
 * Only an office's owners and admins (the route's `clients:create`) or its account-level keys.
 */
export async function createClient(
  ctx: AccountCtx,
  principal: Principal,
  input: CreateClientBody,
): Promise<CreatedClient> {
  if (!principal.office) {
    throw new DomainError(
      'forbidden',
      'Only an office creates client accounts: the operator makes an account an office (`accounts office ACCOUNT_ID on`)',
    );
  }
  const ownerEmail = input.owner_email.trim().toLowerCase();
  return await inTransaction(ctx, async (tx) => {
    // A blank name or an unknown plan: a 422 at `body.name` / `body.plan_id`, the request's own names.
    const account = await insertNewAccount(
      tx,
      { name: input.name, planId: input.plan_id ?? SELF_HOSTED_PLAN_ID },
      REQUEST_FIELDS,
    );
    const clientId = account.account.id;
    const client: AccountCtx = { ...tx, accountId: clientId, actor: { kind: 'cli' } };
    const workspaceName = account.account.name;
    const owner = await ensureMember({
      ctx: client,
      input: { workspaceId: null, email: ownerEmail, role: 'owner', workspaceName },
    });
    const now = isoNow(tx.clock);
    // Who in the office reaches the client: the person creating it, and every other owner and admin of the
    // office (the Steuerberater and the assistants who run its clients), each with the role asked for. An
    // office's key creates it for them too. The office's members and accountants (a trainee, a bookkeeper)
    // are brought into a client by its team's invitation, one client at a time.
    const creator = principal.session !== null ? await findUser(tx.db, principal.session.userId) : undefined;
    const people = await officeRunners(tx.db, principal.accountId);
    if (creator && !people.some((p) => p.id === creator.id)) people.unshift(creator);
    for (const user of people) {
      // The office's own person is the owner already when the owner's email is their mailbox in another
      // spelling (docs/sign-in.md): not made admin over it. Another of the office's people named as the
      // owner joins as everyone invited does, by accepting the invitation.
      const isOwner = emailKey(user.email) === emailKey(ownerEmail);
      if (isOwner && user.id !== creator?.id) continue;
      if (!isOwner) {
        await ensureMember({
          ctx: client,
          input: {
            workspaceId: owner.workspaceId,
            email: user.email,
            role: input.role ?? 'admin',
            workspaceName,
            // Made by the office's work: it ends when the person is no longer in the office.
            viaOfficeId: principal.accountId,
          },
        });
      }
      await joinAccount(tx.db, user.id, clientId, now);
    }
    if (input.consultant_number != null || input.client_number != null) {
      await putAccountingSettings({
        ctx: client,
        input: {
          consultant_number: input.consultant_number ?? null,
          client_number: input.client_number ?? null,
        },
      });
    }
    const existing = await findUserByEmail(tx.db, ownerEmail);
    const link = await issueLink(tx, {
      accountId: clientId,
      kind: 'member',
      email: ownerEmail,
      workspaceId: owner.workspaceId,
      role: 'owner',
      userId: null,
      name: input.owner_name,
      // The office made the account: its link reaches every role, as the CLI's does.
      createdBy: null,
    });
    return {
      accountId: clientId,
      accountName: account.account.name,
      workspaceName,
      owner: {
        email: ownerEmail,
        name: link.row.name,
        existingUser: existing !== undefined,
        token: link.token,
        invitationId: link.row.id,
        expiresAt: link.row.expiresAt,
      },
    };
  });
}
