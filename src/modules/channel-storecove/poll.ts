// Receiving by polling Storecove's pull queue (GET /webhook_instances/ until 204, DELETE each instance
// once handled), so a self-hosted service needs no inbound connection.
//
// Acknowledged one poll late: a poll answers the events of the instances it took and a cursor naming them
// (a JSON list of instance guids); the next poll, which the core makes only after storing those events and
// that cursor, DELETEs them first. A crash between taking an instance and storing its events therefore
// loses nothing: the instance is still queued and is taken again. Seeing one twice is harmless, as the core
// stores events idempotently by providerRef and state (and a received document once by its providerRef).
//
// Storecove answers "a WebhookInstance from the queue" and asks to DELETE it before getting the next one,
// so the queue may hand out its head until it is deleted: a poll stops at the first instance it already
// took. Against such a queue a poll takes one new instance; against one that hands out the next instance
// it takes up to MAX_PER_POLL.
import {
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
  type RawReceipt,
} from '../../delivery-channel';
import { MAX_DOCUMENT_ANSWER_BYTES } from '../../outbound';
import { type Answer, credentials, failure, json, request } from './http';
import { readWebhookBody } from './webhook-body';

const MAX_PER_POLL = 25;

interface Instance {
  guid: string;
  body: string;
}

export async function pollQueue(
  conn: ChannelConnection,
  cursor: string | null,
): Promise<{ events: ChannelEvent[]; cursor: string | null }> {
  credentials(conn);
  for (const guid of acknowledgements(cursor)) {
    const answer = await request(conn, 'DELETE', `/webhook_instances/${encodeURIComponent(guid)}`);
    // 404 or 410: already deleted (an earlier poll acknowledged it, then failed before its cursor was stored).
    if (answer.status >= 300 && answer.status !== 404 && answer.status !== 410)
      throw failure(answer, 'Acknowledging a Storecove webhook instance', conn.now());
  }

  const taken: string[] = [];
  const left: string[] = [];
  const events: ChannelEvent[] = [];
  const { legalEntityId } = credentials(conn);
  const others = peerEntities(conn, legalEntityId);
  while (taken.length < MAX_PER_POLL && left.length < MAX_PER_POLL) {
    try {
      const instance = await next(conn);
      if (!instance || taken.includes(instance.guid) || left.includes(instance.guid)) break;
      // One API key may serve several legal entities (and so several accounts here): an instance naming
      // another one that a connection here polls is that one's, neither read nor acknowledged, so its own
      // connection takes it. One naming an entity no connection here polls is acknowledged without being
      // kept: kept, another firm's invoice would land in this account; left, it would stay at the queue's
      // head and stop this connection's receiving for good.
      const owner = legalEntityOf(instance.body);
      if (owner !== null && owner !== legalEntityId) {
        const event = notOurs(instance.guid, `webhook instance for legal entity ${owner}`, owner, others, {
          contentType: 'application/json',
          body: instance.body,
        });
        (event.acknowledged ? taken : left).push(instance.guid);
        events.push(event);
        continue;
      }
      const found = await eventsOf(conn, instance, legalEntityId, others);
      if (found.some((event) => event.kind === 'left' && !event.acknowledged)) {
        left.push(instance.guid);
        events.push(...found);
        continue;
      }
      taken.push(instance.guid);
      events.push(...found);
    } catch (error) {
      // What was taken before stays answered (and acknowledged next time); the failing instance is not
      // acknowledged, so the next poll takes it again.
      if (taken.length === 0) throw error;
      break;
    }
  }
  return { events, cursor: taken.length ? JSON.stringify(taken) : null };
}

/**
 * The legal entity an instance's body names (`legal_entity_id`, `legalEntityId`, at its top or in its
 * `document`), or null when it names none: such an instance is taken as this connection's.
 */
export function legalEntityOf(body: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const top = parsed as Record<string, unknown>;
  const inner = top.document !== null && typeof top.document === 'object' ? top.document : {};
  for (const where of [top, inner as Record<string, unknown>]) {
    const value = where.legal_entity_id ?? where.legalEntityId;
    const id = typeof value === 'string' && /^[0-9]+$/.test(value.trim()) ? Number(value) : value;
    if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  }
  return null;
}

/**
 * A report for another legal entity than this connection's: left for the connection here that polls that
 * entity, else acknowledged without being kept (for no connection on this installation).
 */
function notOurs(
  guid: string,
  what: string,
  owner: number,
  others: ReadonlySet<number>,
  raw: RawReceipt,
): Extract<ChannelEvent, { kind: 'left' }> {
  return others.has(owner)
    ? { kind: 'left', providerRef: guid, why: `Storecove ${what}: left for the connection polling it`, raw }
    : {
        kind: 'left',
        providerRef: guid,
        why: `Storecove ${what}, which no connection here polls: acknowledged without keeping it (Storecove keeps the document)`,
        raw,
        acknowledged: true,
      };
}

/** The legal entities this channel's other connections here poll (their `legal_entity_id` settings). */
function peerEntities(conn: ChannelConnection, own: number): Set<number> {
  const ids = (conn.peers ?? []).map((settings) => {
    const id = settings.legal_entity_id;
    return typeof id === 'string' && /^[0-9]+$/.test(id) ? Number(id) : id;
  });
  return new Set(ids.filter((id): id is number => typeof id === 'number' && id !== own));
}

/** The instance guids a cursor asks to acknowledge; anything unreadable acknowledges nothing. */
function acknowledgements(cursor: string | null): string[] {
  if (!cursor) return [];
  try {
    const list: unknown = JSON.parse(cursor);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

async function next(conn: ChannelConnection): Promise<Instance | null> {
  const answer = await request(conn, 'GET', '/webhook_instances/', undefined, {
    maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES,
  });
  if (answer.status === 204) return null;
  if (answer.status !== 200) throw failure(answer, 'Reading the Storecove webhook queue', conn.now());
  const instance = json(answer) as Partial<Instance> | null;
  if (!instance || typeof instance.guid !== 'string' || !instance.guid)
    throw new ChannelError('Storecove answered a webhook instance without a guid', false, {
      raw: answer.raw,
    });
  return { guid: instance.guid, body: typeof instance.body === 'string' ? instance.body : '' };
}

async function eventsOf(
  conn: ChannelConnection,
  instance: Instance,
  legalEntityId: number,
  others: ReadonlySet<number>,
): Promise<ChannelEvent[]> {
  const raw: RawReceipt = { contentType: 'application/json', body: instance.body };
  const notice = readWebhookBody(instance.body);
  switch (notice.kind) {
    case 'submission': {
      if (!notice.state) return [];
      const event = {
        kind: 'status',
        state: notice.state,
        at: notice.at,
        reason: notice.reason,
        raw,
      } as const;
      // A send answered "idempotencyGuid already used" kept our idempotencyGuid as its providerRef
      // (adapter.ts): a body naming it reaches that delivery too.
      const refs = [notice.submissionGuid, notice.idempotencyGuid].filter((ref): ref is string => !!ref);
      return [...new Set(refs)].map((providerRef) => ({ ...event, providerRef }));
    }
    case 'response':
      if (!notice.state) return [];
      return [
        {
          kind: 'status',
          providerRef: notice.submissionGuid,
          state: notice.state,
          at: notice.at,
          reason: notice.reason,
          raw,
        },
      ];
    case 'received':
      return received(conn, instance, notice.documentGuid, notice.receiveGuid, raw, legalEntityId, others);
    case 'unknown':
      return [];
  }
}

async function received(
  conn: ChannelConnection,
  instance: Instance,
  documentGuid: string,
  receiveGuid: string,
  raw: RawReceipt,
  legalEntityId: number,
  others: ReadonlySet<number>,
): Promise<ChannelEvent[]> {
  // The invoice as the seller sent it (`/ubl/original`), which is what is kept and checked: the unversioned
  // `/ubl` is Storecove's own SI-UBL 1.2 rendering of it. An API without the versioned path, or a document
  // it holds no original of (404, or another refusal that asking again will not change), is asked for that
  // rendering, the best it has; a failure to try again later stays one.
  const path = `/purchase_invoices/${encodeURIComponent(documentGuid)}/ubl`;
  const ask = (suffix: string) =>
    request(conn, 'GET', `${path}${suffix}`, undefined, { maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES });
  let answer: Answer = await ask('/original');
  const refused = answer.status >= 400 && answer.status < 500;
  if (refused && ![401, 403, 408, 410, 429].includes(answer.status)) answer = await ask('');
  // Storecove has no such document (any more): nothing to store, and the instance must not block the queue.
  if (answer.status === 404 || answer.status === 410) return [];
  if (answer.status !== 200) throw failure(answer, 'Fetching a received document from Storecove', conn.now());
  // The received document names its legal entity too: one not ours is left for the connection here that
  // polls it, or acknowledged without being kept when none does (pollQueue).
  const owner = legalEntityOf(answer.text);
  if (owner !== null && owner !== legalEntityId)
    return [
      notOurs(
        instance.guid,
        `received document ${documentGuid} for legal entity ${owner}`,
        owner,
        others,
        raw,
      ),
    ];
  const ubl = ublOf(answer.text);
  // An answer without the UBL will not change by asking again: it goes to the core as it came, which
  // refuses it as any unreadable received file (logged with the document's guid) and acknowledges the
  // instance, so the entries queued after it are not held up for good.
  const bytes = ubl ?? new TextEncoder().encode(answer.text);
  return [
    {
      kind: 'received',
      providerRef: documentGuid,
      bytes,
      contentType: ubl ? 'application/xml' : 'application/json',
      fileName: `${documentGuid}.${ubl ? 'xml' : 'json'}`,
      sender: senderOf(bytes),
      transport: {
        storecove_document_guid: documentGuid,
        storecove_receive_guid: receiveGuid,
        storecove_webhook_instance: instance.guid,
      },
      raw,
    },
  ];
}

/** The UBL of a `/purchase_invoices/{guid}/ubl[/original]` answer (`{"ubl": base64}`), null when it holds none. */
function ublOf(raw: string): Uint8Array | null {
  let document: unknown;
  try {
    document = JSON.parse(raw);
  } catch {
    return null;
  }
  const ubl = (document as { ubl?: unknown } | null)?.ubl;
  return typeof ubl === 'string' && ubl ? new Uint8Array(Buffer.from(ubl, 'base64')) : null;
}

/** The seller's Peppol id as its UBL states it (AccountingSupplierParty's EndpointID), when it does. */
function senderOf(bytes: Uint8Array): { scheme: string; value: string } | null {
  const xml = new TextDecoder().decode(bytes.subarray(0, 256 * 1024));
  const match =
    /<(?:[\w-]+:)?AccountingSupplierParty\b[\s\S]*?<(?:[\w-]+:)?EndpointID\b[^>]*\bschemeID="([^"]+)"[^>]*>\s*([^<]+?)\s*</.exec(
      xml,
    );
  return match?.[1] && match[2] ? { scheme: match[1], value: match[2] } : null;
}
