import type { AccountCtx } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { type DownloadSigner, findRender, type RenderRow } from '../../renders';
import type { DeliveryRow } from '../schema';
import { queueDelivery } from './queue-delivery';

/** The token's `<expiry unix seconds>.[<key id>.]<mac>` (renders/signing.ts) of a signed download link. */
function tokenOf(url: string): { link: URL; expiry: number; keyId: string | null } | null {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return null;
  }
  const match = /^(\d{1,12})\.(?:([A-Za-z0-9_]{1,64})\.)?[A-Za-z0-9_-]+$/.exec(
    link.searchParams.get('token') ?? '',
  );
  if (!match) return null;
  return { link, expiry: Number(match[1]), keyId: match[2] ?? null };
}

/**
 * When a signed download link stops working (ISO 8601), read from its token; null for a link without one.
 * What a mail states as the link's end: the render may be kept longer meanwhile (another send keeps it a
 * week from then), the link signed before does not follow it.
 */
export function linkExpiresAt(url: string): string | null {
  const token = tokenOf(url);
  return token ? new Date(token.expiry * 1000).toISOString() : null;
}

/**
 * The link of `url` signed again for `render` as it is kept now, for the same key (revoking the key that
 * made the original still ends it); `url` as it was when it is no signed link.
 */
export function relinked(signer: DownloadSigner, url: string, render: RenderRow): string {
  const token = tokenOf(url);
  if (!token) return url;
  token.link.searchParams.set('token', signer.sign(render.id, new Date(render.expiresAt), token.keyId));
  return token.link.toString();
}

/** A follow-up to queue: its id, its recipients as the mail lists them, and the render it links to. */
export interface FollowUp {
  id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  render: RenderRow;
}

/**
 * The follow-up of `delivery` to the recipients a server refused for now, each in the list it was in (a Bcc
 * stays a Bcc; with no To left, the Cc ones become the To); null when there is nothing to queue: none of
 * them is the delivery's (the server named another), or its render is gone.
 */
export async function followUpOf(
  ctx: AccountCtx,
  delivery: DeliveryRow,
  deferred: string[],
): Promise<FollowUp | null> {
  const refused = new Set(deferred.map((address) => address.toLowerCase()));
  const pick = (list: string[]) => list.filter((address) => refused.has(address.toLowerCase()));
  let to = pick(delivery.to);
  let cc = pick(delivery.cc);
  const bcc = pick(delivery.bcc);
  if (to.length === 0) [to, cc] = [cc, []];
  if (to.length + cc.length + bcc.length === 0) return null;
  const render = delivery.renderId ? await findRender(ctx.db, ctx.accountId, delivery.renderId) : undefined;
  if (!render) return null;
  return { id: newId('dlv'), to, cc, bcc, render };
}

/**
 * Queues the follow-up (`retry_of` the original) with the original's subject, message, letter and
 * e-invoice. The render is kept a week from now, as for any send, and the link signed again to that end:
 * the original's link ends a week after the original was queued, and the follow-up's mail states when its
 * own link ends.
 */
export async function queueFollowUp(
  ctx: AccountCtx,
  signer: DownloadSigner,
  delivery: DeliveryRow,
  followUp: FollowUp,
  downloadUrl: string,
): Promise<void> {
  await queueDelivery(ctx, {
    id: followUp.id,
    documentId: delivery.documentId,
    to: followUp.to,
    cc: followUp.cc,
    bcc: followUp.bcc,
    subject: delivery.subject,
    message: delivery.message,
    attachPdf: delivery.attachPdf,
    einvoiceProfile: delivery.einvoiceProfile,
    render: followUp.render,
    retryOf: delivery.id,
    link: (kept) => relinked(signer, downloadUrl, kept),
    letter: delivery.letterBlobKey
      ? {
          blobKey: delivery.letterBlobKey,
          filename: delivery.letterFilename ?? delivery.subject,
          amount: delivery.mailAmount,
          dueDate: delivery.mailDueDate,
        }
      : null,
  });
}
