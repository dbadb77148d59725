import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import type { ChannelAdapter, ChannelReason, LookupAnswer, ParticipantId } from '../../../delivery-channel';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { DomainError, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findCustomer } from '../../customers';
import { findDocument } from '../../documents';
import { enqueueNetworkSend } from '../job';
import type { NetworkDelivery } from '../model';
import { keptReason, keptReceipt } from '../receipts';
import {
  deliveriesOfDocument,
  eventsOf,
  findDelivery,
  findLiveDelivery,
  insertDelivery,
  insertEvent,
  listConnections,
} from '../repo';
import {
  adapterOf,
  type ChannelDeps,
  connectionOf,
  findAdapter,
  requestErrorOf,
  type SendDeps,
} from '../runtime';
import type { ChannelConnectionRow, NetworkDeliveryEventRow, NetworkDeliveryRow } from '../schema';
import { checkBeforeSending, refuseOtherTypes } from './check-before-sending';
import { receiverTakes } from './receiver-profiles';

/** The French identifiers a platform routes by: SIREN, SIRET, the routing code, and EAS 0225. */
export const FRENCH_SCHEMES = new Set(['0002', '0009', '0224', '0225']);

export function presentDelivery(
  row: NetworkDeliveryRow,
  events: NetworkDeliveryEventRow[],
): typeof NetworkDelivery.static {
  return {
    id: row.id,
    document_id: row.documentId,
    channel: row.channel,
    network: row.network,
    profile: row.profile,
    receiver: { scheme: row.receiverScheme, value: row.receiverValue },
    state: row.state,
    reason: row.reason,
    ...(row.reasonCode === null ? {} : { reason_code: row.reasonCode }),
    last_error: row.lastError,
    ...(row.lastErrorCode === null ? {} : { last_error_code: row.lastErrorCode }),
    provider_ref: row.providerRef,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    events: events.map((e) => ({
      state: e.state,
      at: e.at,
      ...eventReason(e.reason, e.reasonCode),
      receipt:
        e.receipt === null
          ? null
          : {
              content_type: e.receiptContentType ?? 'text/plain',
              body: e.receipt,
              truncated: e.receiptTruncated,
            },
    })),
  };
}

/** What each code says in English (the API's words); the console says it in its own language. */
const REASON_WORDS: Partial<Record<ChannelReason, string>> = {
  receiver_found: "The receiver was found in the channel's directory",
};

/**
 * An event's reason: the provider's or buyer's words with their code; an entry the service writes itself
 * (the lookup before queueing) in words, its detail (where it looked: an SMP's URL) beside them.
 */
function eventReason(words: string | null, code: ChannelReason | null) {
  if (code === null) return { reason: words };
  const said = REASON_WORDS[code];
  if (said === undefined) return { reason: words, reason_code: code };
  return { reason: said, reason_code: code, ...(words === null ? {} : { detail: words }) };
}

export const eventDigest = (state: string, receipt: string | null, reason: string | null) =>
  createHash('sha256')
    .update(`${state}\n${reason ?? ''}\n${receipt ?? ''}`)
    .digest('hex');

/** Asks the channel whether the receiver can receive there; a provider that is away is a 503 to retry. */
export async function lookupOn(
  deps: ChannelDeps,
  adapter: ChannelAdapter,
  row: ChannelConnectionRow,
  receiver: ParticipantId,
): Promise<LookupAnswer | null> {
  if (!adapter.lookup) return null;
  try {
    return await adapter.lookup(connectionOf(deps, adapter, row), receiver);
  } catch (error) {
    throw requestErrorOf(adapter, 'could not look the receiver up', error);
  }
}

/** The channel for this buyer: the one named, else a French platform for a French identifier, else Peppol. */
function chooseChannel(
  deps: ChannelDeps,
  connections: ChannelConnectionRow[],
  receiver: ParticipantId,
  named: string | undefined,
): { adapter: ChannelAdapter; row: ChannelConnectionRow } {
  const enabled = connections.filter((c) => c.enabled);
  if (named !== undefined) {
    const adapter = adapterOf(deps, named);
    const row = enabled.find((c) => c.channel === named);
    if (!row) {
      throw new DomainError(
        'conflict',
        `The account's ${adapter.name} connection is not enabled: PUT /api/v1/channels/${named}`,
        { channel: named },
      );
    }
    return { adapter, row };
  }
  const network = FRENCH_SCHEMES.has(receiver.scheme) ? 'fr-pa' : 'peppol';
  for (const row of enabled) {
    const adapter = findAdapter(deps, row.channel);
    if (adapter?.network === network) return { adapter, row };
  }
  throw new DomainError(
    'unprocessable_entity',
    `No ${network === 'fr-pa' ? 'French platform' : 'Peppol'} channel is enabled for this account: send it by e-mail (POST /documents/{id}/send), or connect one`,
    { alternatives: ['email'], network },
  );
}

/** 409: the document has a live delivery, and another would reach the buyer a second time. */
function alreadyDelivered(live: NetworkDeliveryRow): DomainError {
  return new DomainError(
    'conflict',
    `The document was sent over ${live.channel} already (${live.id}, ${live.state}): pass resend: true to send it again`,
    { delivery_id: live.id, state: live.state },
  );
}

/**
 * POST /documents/{id}/network-deliveries: the issued document to its buyer over a channel. The buyer
 * must have an electronic address (BT-49) and, where the channel can look it up, be reachable there: an
 * unreachable buyer is told now (422 `unreachable`, offering e-mail), not after a failed send; the
 * e-invoice must pass its profile's official rules (422 `compliance_failed`). The send itself is a job
 * (queued → submitted → …), sent once whatever happens (docs/channels.md).
 *
 * One live delivery per document unless `resend`: checked first (a quick 409), again in the transaction
 * that inserts (the lookup and the check take seconds, in which another request may have queued one), and
 * held by the partial unique index `network_deliveries_live_uq` whatever the engine does with concurrent
 * transactions; its violation is the same 409.
 */
export async function createNetworkDelivery(
  ctx: AccountCtx,
  deps: SendDeps,
  documentId: string,
  input: { channel?: string; resend?: boolean },
) {
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  if (!document) throw notFound('Document');
  if (document.status === 'draft' || document.status === 'void') {
    throw new DomainError('conflict', `A ${document.status} document is not sent: finalize it first`, {
      status: document.status,
    });
  }
  // Cancelled, then archived: still cancelled (issue 39), never sent.
  if (document.voidedAt !== null) {
    throw new DomainError('conflict', 'A cancelled document is not sent', {
      status: document.status,
      voided: true,
    });
  }
  refuseOtherTypes(document);
  const resend = input.resend === true;
  // A second send reaches the buyer twice (each delivery is its own message to the provider).
  const earlier = await findLiveDelivery(ctx.db, ctx.accountId, documentId);
  if (earlier && !resend) throw alreadyDelivered(earlier);
  const customer = await findCustomer(ctx.db, ctx.accountId, document.customerId);
  const address = customer?.electronicAddress ?? null;
  if (!address) {
    throw new DomainError(
      'unprocessable_entity',
      "The buyer has no electronic address (BT-49: the customer's electronic_address): a network cannot reach them; send it by e-mail",
      { alternatives: ['email'] },
    );
  }
  const receiver = { scheme: address.scheme, value: address.value };
  const { adapter, row } = chooseChannel(
    deps,
    await listConnections(ctx.db, ctx.accountId),
    receiver,
    input.channel,
  );
  const lookup = await lookupOn(deps, adapter, row, receiver);
  const kind = document.documentType === 'credit_note' ? 'creditNote' : 'invoice';
  if (lookup && (!lookup.reachable || !lookup[kind])) {
    throw new DomainError(
      'unprocessable_entity',
      `${receiver.scheme}:${receiver.value} cannot receive ${kind === 'creditNote' ? 'credit notes' : 'invoices'} over ${adapter.name}: send it by e-mail`,
      { reason: 'unreachable', alternatives: ['email'], channel: adapter.id, receiver },
    );
  }
  const preferred = customer?.einvoiceProfile ?? null;
  const wanted = (
    preferred && adapter.profiles.includes(preferred) ? [preferred] : adapter.profiles
  ) as ComplianceProfile[];
  if (wanted.length === 0) throw new Error(`${adapter.id} sends no profile`);
  // A receiver whose SMP the channel read takes only the types it lists: a profile it takes, else a 422 now.
  const types = lookup?.documentTypes;
  const profile = types ? wanted.find((p) => receiverTakes(types, p, kind)) : wanted[0];
  if (!profile) {
    const takes = (adapter.profiles as ComplianceProfile[]).filter((p) =>
      receiverTakes(types ?? [], p, kind),
    );
    throw new DomainError(
      'unprocessable_entity',
      `${receiver.scheme}:${receiver.value} is on Peppol but does not receive ${wanted.join(' or ')} ${kind === 'creditNote' ? 'credit notes' : 'invoices'} over ${adapter.name}${
        takes.length > 0
          ? `; it takes ${takes.join(', ')}: set the customer's einvoice_profile to it, or send it by e-mail`
          : ': send it by e-mail'
      }`,
      {
        reason: 'unreachable',
        alternatives: ['email'],
        channel: adapter.id,
        receiver,
        profile: wanted[0],
        receiver_profiles: takes,
      },
    );
  }
  await checkBeforeSending(ctx, deps.services, document, adapter, profile);
  try {
    return await inTransaction(ctx, async (tx) => {
      const live = await findLiveDelivery(tx.db, tx.accountId, documentId);
      if (live && !resend) throw alreadyDelivered(live);
      const now = isoNow(tx.clock);
      const id = newId('ndl');
      const delivery = await insertDelivery(tx.db, {
        id,
        accountId: tx.accountId,
        documentId,
        channel: adapter.id,
        network: adapter.network,
        profile,
        receiverScheme: receiver.scheme,
        receiverValue: receiver.value,
        state: 'queued',
        providerRef: null,
        idempotencyKey: id,
        reason: null,
        reasonCode: null,
        lastError: null,
        lastErrorCode: null,
        resend,
        createdBy: creatorOf(tx),
        createdAt: now,
        updatedAt: now,
      });
      const receipt = keptReceipt(lookup?.raw ?? null);
      await insertEvent(tx.db, {
        id: newId('nde'),
        accountId: tx.accountId,
        deliveryId: id,
        state: 'queued',
        at: now,
        // Said in words by its code (the console's language); where the lookup looked is its detail.
        reason: lookup ? keptReason(lookup.detail) : null,
        reasonCode: lookup ? 'receiver_found' : null,
        receiptContentType: receipt.contentType,
        receipt: receipt.body,
        receiptTruncated: receipt.truncated,
        digest: eventDigest('queued', lookup?.raw?.body ?? null, null),
        createdAt: now,
      });
      await enqueueNetworkSend(tx.db, tx.clock, { deliveryId: id });
      return presentDelivery(delivery, await eventsOf(tx.db, id));
    });
  } catch (error) {
    // Another request queued one between our check and our insert (the index's word on it).
    if (!isUniqueViolation(error, 'network_deliveries.document_id')) throw error;
    const live = await findLiveDelivery(ctx.db, ctx.accountId, documentId);
    if (!live) throw error;
    throw alreadyDelivered(live);
  }
}

export async function readNetworkDelivery(ctx: AccountCtx, id: string) {
  const row = await findDelivery(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Network delivery');
  return presentDelivery(row, await eventsOf(ctx.db, id));
}

export async function networkDeliveriesOf(ctx: AccountCtx, documentId: string) {
  if (!(await findDocument(ctx.db, ctx.accountId, documentId))) throw notFound('Document');
  const rows = await deliveriesOfDocument(ctx.db, ctx.accountId, documentId);
  const out = [];
  for (const row of rows) out.push(presentDelivery(row, await eventsOf(ctx.db, row.id)));
  return out;
}
