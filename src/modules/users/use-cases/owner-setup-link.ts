import type { SystemCtx } from '../../../shared/context';
import { type IssuedLink, issueLink } from '../links';

/**
 * The first start's link: whoever opens it chooses the owner's email, name and password, and becomes the
 * owner of the account's first workspace (made then, when there is none).
 */
export async function createOwnerSetupLink({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { accountId: string };
}): Promise<IssuedLink> {
  return await issueLink(ctx, {
    accountId: input.accountId,
    kind: 'owner_setup',
    email: null,
    workspaceId: null,
    role: 'owner',
    userId: null,
    createdBy: null,
  });
}
