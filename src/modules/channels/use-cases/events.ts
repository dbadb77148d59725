import { inTransaction } from '../../../db/transaction';
import type { ChannelAdapter, ChannelEvent, ChannelReason } from '../../../delivery-channel';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { Logger } from '../../../shared/logger';
import type { BlobStore } from '../../../storage/blob-store';
import { noteDocumentSent } from '../../documents';
import { type ReceivingDeps, receiveDocument, receivedOfBytes } from '../../receiving';
import { keptReason, keptReceipt } from '../receipts';
import {
  findDeliveryByProviderRef,
  findLiveDelivery,
  findReceivedByProviderRef,
  insertEvent,
  insertReceivedTransport,
  updateDelivery,
} from '../repo';
import { moves } from '../runtime';
import type { NetworkDeliveryRow } from '../schema';
import { eventDigest } from './deliveries';

/** A channel's time as an instant: a bare date (an Invoice Response's effective date) is its midnight UTC. */
function instantOf(at: string | null): string | null {
  if (at === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(at)) return `${at}T00:00:00.000Z`;
  const parsed = new Date(at);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

export interface EventDeps {
  receiving: ReceivingDeps & { blobs: BlobStore };
  logger?: Logger;
}

/**
 * Records a transition of a delivery (its receipt unchanged) and moves the delivery's state when the
 * transition goes forward; the same report twice is kept once. Answers whether anything was recorded.
 */
export async function recordTransition(
  ctx: AccountCtx,
  delivery: NetworkDeliveryRow,
  change: {
    state: NetworkDeliveryRow['state'];
    at: string | null;
    reason: string | null;
    /** What the reason is, for the console to say (the reason stays the provider's or buyer's words). */
    reasonCode?: ChannelReason;
    receipt: { contentType: string; body: string } | null;
    providerRef?: string;
  },
): Promise<boolean> {
  const receipt = keptReceipt(change.receipt);
  const reason = keptReason(change.reason);
  // Refused by the network after it took the document (a French platform's 213 after 202): a rejection of
  // the network's, whatever the adapter called it.
  const reasonCode =
    change.reasonCode ??
    (change.state === 'failed' && delivery.state === 'delivered' ? 'network_rejected' : null);
  return await inTransaction(ctx, async (tx) => {
    const now = isoNow(tx.clock);
    const added = await insertEvent(tx.db, {
      id: newId('nde'),
      accountId: tx.accountId,
      deliveryId: delivery.id,
      state: change.state,
      at: instantOf(change.at) ?? now,
      reason,
      reasonCode,
      receiptContentType: receipt.contentType,
      receipt: receipt.body,
      receiptTruncated: receipt.truncated,
      // Of the whole receipt, as it came: two long receipts alike in their first 64 KiB stay two.
      digest: eventDigest(change.state, change.receipt?.body ?? null, change.reason),
      createdAt: now,
    });
    // A report kept already (a replayed callback, a poll and a webhook bringing the same flow) moves
    // nothing: it was applied when it first came, and a late copy of an earlier report (202 after 213)
    // must not take the delivery back.
    // A delivery the network rejected (deemed not issued) stays failed: a report coming later (203 after
    // 213) is history, not a revival. A failed send the network reports delivered after all still is.
    const rejected = delivery.state === 'failed' && delivery.reasonCode === 'network_rejected';
    const forward = added && !rejected && moves(delivery.state, change.state);
    if (forward || change.providerRef !== undefined) {
      await updateDelivery(tx.db, delivery.id, {
        // Gone forward, it waits no more: the last attempt's trouble is history (the events keep it).
        ...(forward ? { state: change.state, lastError: null, lastErrorCode: null } : {}),
        ...(forward && reason !== null ? { reason, reasonCode } : {}),
        ...(change.providerRef !== undefined ? { providerRef: change.providerRef } : {}),
        ...((await revivedBeside(tx, delivery, forward)) ? { resend: true } : {}),
        updatedAt: now,
      });
    }
    // Handed to the network: the document counts as sent, as an e-mailed one does.
    if (forward && change.state !== 'failed') await noteDocumentSent(tx, delivery.documentId);
    return added;
  });
}

/**
 * A failed delivery the network reports delivered after all, while the document was delivered again
 * meanwhile (a failed one may be): it counts as sent again, so the one-live-delivery index holds.
 */
async function revivedBeside(tx: AccountCtx, delivery: NetworkDeliveryRow, forward: boolean) {
  if (!forward || delivery.state !== 'failed' || delivery.resend) return false;
  const live = await findLiveDelivery(tx.db, tx.accountId, delivery.documentId);
  return live !== undefined && live.id !== delivery.id && !live.resend;
}

/**
 * What a poll or a webhook brought: statuses of our deliveries, and documents received. Each is taken
 * once, whatever replays or re-polls: a status by its delivery, state and receipt; a received document by
 * the provider's id (and then by its bytes, as any received document).
 */
export async function applyEvents(
  ctx: AccountCtx,
  deps: EventDeps,
  adapter: ChannelAdapter,
  events: readonly ChannelEvent[],
): Promise<{ statuses: number; received: number; unknown: number }> {
  const counts = { statuses: 0, received: 0, unknown: 0 };
  for (const event of events) {
    if (event.kind === 'left') {
      const fields = { channel: adapter.id, provider_ref: event.providerRef, reason: event.why };
      if (event.acknowledged)
        deps.logger?.warn(
          'channels: a report for no connection here was acknowledged without keeping it',
          fields,
        );
      else deps.logger?.info('channels: a report for another connection was left for its owner', fields);
      continue;
    }
    if (event.kind === 'status') {
      const delivery = await findDeliveryByProviderRef(ctx.db, ctx.accountId, adapter.id, event.providerRef);
      if (!delivery) {
        counts.unknown += 1;
        continue;
      }
      if (
        await recordTransition(ctx, delivery, {
          state: event.state,
          at: event.at,
          reason: event.reason,
          ...(event.reasonCode === undefined ? {} : { reasonCode: event.reasonCode }),
          receipt: event.raw,
        })
      )
        counts.statuses += 1;
      continue;
    }
    if (await findReceivedByProviderRef(ctx.db, ctx.accountId, adapter.id, event.providerRef)) continue;
    let row: Awaited<ReturnType<typeof receiveDocument>>['row'];
    try {
      const body = receivedOfBytes(event.bytes);
      ({ row } = await receiveDocument({
        ctx,
        deps: deps.receiving,
        input: { ...body, source: { kind: 'network', fileName: event.fileName } },
      }));
    } catch (error) {
      // A file the readers refuse (not an e-invoice, malformed) must not hold up every later one: it is
      // logged with the provider's id, which keeps it, and skipped.
      if (!(error instanceof DomainError)) throw error;
      deps.logger?.warn('channels: a received file was refused', {
        channel: adapter.id,
        provider_ref: event.providerRef,
        reason: error.message,
      });
      counts.unknown += 1;
      continue;
    }
    await insertReceivedTransport(ctx.db, {
      id: newId('nrc'),
      accountId: ctx.accountId,
      receivedId: row.id,
      channel: adapter.id,
      providerRef: event.providerRef,
      senderScheme: event.sender?.scheme ?? null,
      senderValue: event.sender?.value ?? null,
      transport: event.transport,
      receiptContentType: event.raw.contentType,
      receipt: keptReceipt(event.raw).body,
      response: null,
      responseReason: null,
      respondedAt: null,
      responseReceipt: null,
      createdAt: isoNow(ctx.clock),
    });
    counts.received += 1;
  }
  return counts;
}
