import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type ChannelConnectionRow,
  channelConnections,
  type NetworkDeliveryEventRow,
  type NetworkDeliveryRow,
  type NetworkReceivedRow,
  networkDeliveries,
  networkDeliveryEvents,
  networkReceived,
} from './schema';

export async function findConnection(
  db: DbOrTx,
  accountId: string,
  channel: string,
): Promise<ChannelConnectionRow | undefined> {
  return await db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.accountId, accountId), eq(channelConnections.channel, channel)))
    .get();
}

export async function listConnections(db: DbOrTx, accountId: string): Promise<ChannelConnectionRow[]> {
  return await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.accountId, accountId))
    .orderBy(asc(channelConnections.channel))
    .all();
}

/** Every enabled connection of the installation: what the poll source looks at. */
export async function enabledConnections(db: DbOrTx): Promise<ChannelConnectionRow[]> {
  return await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.enabled, true))
    .orderBy(asc(channelConnections.id))
    .all();
}

export async function findConnectionById(db: DbOrTx, id: string): Promise<ChannelConnectionRow | undefined> {
  return await db.select().from(channelConnections).where(eq(channelConnections.id, id)).get();
}

export async function findConnectionByWebhook(
  db: DbOrTx,
  tokenHash: string,
): Promise<ChannelConnectionRow | undefined> {
  return await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.webhookTokenHash, tokenHash))
    .get();
}

export async function insertConnection(db: DbOrTx, row: ChannelConnectionRow): Promise<void> {
  await db.insert(channelConnections).values(row).run();
}

export async function updateConnection(
  db: DbOrTx,
  id: string,
  changes: Partial<Omit<ChannelConnectionRow, 'id' | 'accountId' | 'channel'>>,
): Promise<void> {
  await db.update(channelConnections).set(changes).where(eq(channelConnections.id, id)).run();
}

export async function deleteConnection(db: DbOrTx, accountId: string, channel: string): Promise<boolean> {
  const gone = await db
    .delete(channelConnections)
    .where(and(eq(channelConnections.accountId, accountId), eq(channelConnections.channel, channel)))
    .returning({ id: channelConnections.id })
    .all();
  return gone.length > 0;
}

export async function insertDelivery(db: DbOrTx, row: NetworkDeliveryRow): Promise<NetworkDeliveryRow> {
  return await db.insert(networkDeliveries).values(row).returning().get();
}

export async function findDelivery(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<NetworkDeliveryRow | undefined> {
  return await db
    .select()
    .from(networkDeliveries)
    .where(and(eq(networkDeliveries.accountId, accountId), eq(networkDeliveries.id, id)))
    .get();
}

/** A delivery by id alone: the send job's payload names it (its account is the row's). */
export async function findDeliveryById(db: DbOrTx, id: string): Promise<NetworkDeliveryRow | undefined> {
  return await db.select().from(networkDeliveries).where(eq(networkDeliveries.id, id)).get();
}

export async function findDeliveryByProviderRef(
  db: DbOrTx,
  accountId: string,
  channel: string,
  providerRef: string,
): Promise<NetworkDeliveryRow | undefined> {
  return await db
    .select()
    .from(networkDeliveries)
    .where(
      and(
        eq(networkDeliveries.accountId, accountId),
        eq(networkDeliveries.channel, channel),
        eq(networkDeliveries.providerRef, providerRef),
      ),
    )
    .get();
}

export async function deliveriesOfDocument(
  db: DbOrTx,
  accountId: string,
  documentId: string,
): Promise<NetworkDeliveryRow[]> {
  return await db
    .select()
    .from(networkDeliveries)
    .where(and(eq(networkDeliveries.accountId, accountId), eq(networkDeliveries.documentId, documentId)))
    .orderBy(asc(networkDeliveries.id))
    .all();
}

/** States after which a document may be delivered again without `resend` (docs/channels.md). */
export const ENDED_STATES = ['failed', 'rejected'] as const;

/**
 * The document's live delivery (neither failed nor rejected) that was not a deliberate resend, the oldest
 * first: the one the partial unique index `network_deliveries_live_uq` allows; a resend's when none.
 */
export async function findLiveDelivery(
  db: DbOrTx,
  accountId: string,
  documentId: string,
): Promise<NetworkDeliveryRow | undefined> {
  const live = await db
    .select()
    .from(networkDeliveries)
    .where(
      and(
        eq(networkDeliveries.accountId, accountId),
        eq(networkDeliveries.documentId, documentId),
        notInArray(networkDeliveries.state, [...ENDED_STATES]),
      ),
    )
    .orderBy(asc(networkDeliveries.id))
    .all();
  return live.find((row) => !row.resend) ?? live[0];
}

export async function updateDelivery(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<
      NetworkDeliveryRow,
      | 'state'
      | 'providerRef'
      | 'reason'
      | 'reasonCode'
      | 'lastError'
      | 'lastErrorCode'
      | 'resend'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(networkDeliveries).set(changes).where(eq(networkDeliveries.id, id)).run();
}

/** Keeps an event once: the same state with the same receipt again (a replay, a re-poll) adds nothing. */
export async function insertEvent(db: DbOrTx, row: NetworkDeliveryEventRow): Promise<boolean> {
  const added = await db
    .insert(networkDeliveryEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: networkDeliveryEvents.id })
    .all();
  return added.length > 0;
}

export async function eventsOf(db: DbOrTx, deliveryId: string): Promise<NetworkDeliveryEventRow[]> {
  return await db
    .select()
    .from(networkDeliveryEvents)
    .where(eq(networkDeliveryEvents.deliveryId, deliveryId))
    .orderBy(asc(networkDeliveryEvents.id))
    .all();
}

export async function findReceivedByProviderRef(
  db: DbOrTx,
  accountId: string,
  channel: string,
  providerRef: string,
): Promise<NetworkReceivedRow | undefined> {
  return await db
    .select()
    .from(networkReceived)
    .where(
      and(
        eq(networkReceived.accountId, accountId),
        eq(networkReceived.channel, channel),
        eq(networkReceived.providerRef, providerRef),
      ),
    )
    .get();
}

export async function findTransportOf(
  db: DbOrTx,
  accountId: string,
  receivedId: string,
): Promise<NetworkReceivedRow | undefined> {
  return await db
    .select()
    .from(networkReceived)
    .where(and(eq(networkReceived.accountId, accountId), eq(networkReceived.receivedId, receivedId)))
    .get();
}

export async function insertReceivedTransport(db: DbOrTx, row: NetworkReceivedRow): Promise<void> {
  await db.insert(networkReceived).values(row).onConflictDoNothing().run();
}

export async function updateReceivedTransport(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<NetworkReceivedRow, 'response' | 'responseReason' | 'respondedAt' | 'responseReceipt'>
  >,
): Promise<void> {
  await db.update(networkReceived).set(changes).where(eq(networkReceived.id, id)).run();
}
