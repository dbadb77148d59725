import { isoNow } from '../../shared/clock';
import type { SystemCtx } from '../../shared/context';
import { newId, randomToken } from '../../shared/ids';
import { sha256Hex } from '../../shared/secrets';
import { insertInvitation } from './repo';
import type { InvitationRow } from './schema';

/** How long a one-time link (invitation, first owner's set-up, set-password) works. */
export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface IssuedLink {
  row: InvitationRow;
  /** The secret, shown once (in the link) and stored only as its SHA-256. */
  token: string;
}

/** Stores a one-time link's row under the digest of a fresh 256-bit token. */
export async function issueLink(
  ctx: SystemCtx,
  fields: Pick<
    InvitationRow,
    'accountId' | 'kind' | 'email' | 'workspaceId' | 'role' | 'userId' | 'createdBy'
  > & {
    /** The invited person's name as the inviter gave it, if they did (null or blank: not given). */
    name?: string | null;
  },
): Promise<IssuedLink> {
  const token = randomToken(32);
  const now = ctx.clock.now();
  const row: InvitationRow = {
    id: newId('inv'),
    ...fields,
    name: fields.name?.trim() || null,
    tokenHash: sha256Hex(token),
    createdAt: isoNow(ctx.clock),
    expiresAt: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
    usedAt: null,
  };
  await insertInvitation(ctx.db, row);
  return { row, token };
}

/**
 * The console page that opens a link: the token rides in the URL's fragment, which browsers never send
 * to a server, so it stays out of access logs and Referer headers.
 */
export function linkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, '')}/#/invitation/${token}`;
}
