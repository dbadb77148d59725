// Receiving through Recommand (docs/channel-recommand.md): its inbox lists the company's unread incoming
// documents; each is read whole and becomes an event, and is marked read only on the NEXT poll, once the
// core has stored what this one answered (it stores the cursor with the events): a crash in between leaves
// the documents unread, to be answered again, and the core takes each providerRef once. A webhook only says
// which document arrived: the document itself is always read from Recommand with our own credentials.
import { type ChannelConnection, ChannelError, type ChannelEvent } from '../../delivery-channel';
import { call, companyOf, expectOk, PAGE, participantOf, query } from './client';
import {
  type ReadMessageLevelResponse,
  readInvoiceResponse,
  readMessageLevelResponse,
} from './invoice-response';
import { findSent, findSentByEnvelope } from './sent';
import { parseRoot, ublKind } from './ubl';

/** Documents read per poll; the rest stay unread for the next one. */
export const DOCUMENTS_PER_POLL = 50;

type Doc = Record<string, unknown> & { id: string };

export async function pollInbox(
  conn: ChannelConnection,
  cursor: string | null,
): Promise<{ events: ChannelEvent[]; cursor: string | null }> {
  const companyId = companyOf(conn);
  for (const id of pendingOf(cursor)) await markRead(conn, id);
  const inbox = expectOk(
    await call(conn, 'GET', `/v1/inbox${query({ companyId })}`, undefined, PAGE),
    'reading the inbox',
  );
  const listed = (Array.isArray(inbox.documents) ? inbox.documents : [])
    .filter((d): d is Doc => d !== null && typeof d === 'object' && typeof d.id === 'string')
    .filter((d) => d.companyId === undefined || d.companyId === companyId)
    // Recommand lists the newest first; the oldest are taken first, so a long backlog drains in order.
    .sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')))
    .slice(0, DOCUMENTS_PER_POLL);
  const events: ChannelEvent[] = [];
  const taken: string[] = [];
  for (const entry of listed) {
    const doc = await readDocument(conn, entry.id);
    if (doc !== null) events.push(...(await eventsOf(conn, companyId, doc, entry)));
    taken.push(entry.id);
  }
  return { events, cursor: taken.length === 0 ? null : JSON.stringify(taken) };
}

/** A webhook call `{eventType, documentId, teamId, companyId}`: unsigned, so it is only a hint to read. */
export async function webhookEvents(
  conn: ChannelConnection,
  request: { headers: Headers; body: Uint8Array },
): Promise<ChannelEvent[]> {
  const companyId = companyOf(conn);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw new ChannelError('The Recommand webhook body is not JSON', false, { status: 400 });
  }
  // A list (or any other JSON value) is no callback of Recommand's, which posts one event object.
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ChannelError('The Recommand webhook body is no object', false, { status: 400 });
  if (body.eventType !== 'document.received') return [];
  if (typeof body.documentId !== 'string' || body.documentId === '')
    throw new ChannelError('The Recommand webhook names no documentId', false, { status: 400 });
  if (body.companyId !== undefined && body.companyId !== companyId) return [];
  const doc = await readDocument(conn, body.documentId);
  if (doc === null || doc.direction !== 'incoming' || doc.companyId !== companyId) return [];
  return eventsOf(conn, companyId, doc, null);
}

/** The cursor is the JSON list of the documents the previous poll answered, to mark read now. */
function pendingOf(cursor: string | null): string[] {
  if (cursor === null || cursor === '') return [];
  try {
    const ids: unknown = JSON.parse(cursor);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

async function markRead(conn: ChannelConnection, id: string): Promise<void> {
  const answer = await call(conn, 'POST', `/v1/documents/${encodeURIComponent(id)}/mark-as-read`, {
    read: true,
  });
  // Deleted on Recommand's side meanwhile: nothing left to mark.
  if (answer.status === 404) return;
  expectOk(answer, 'marking a document read');
}

/** The whole document (its XML included); null when Recommand no longer has it. */
export async function readDocument(conn: ChannelConnection, id: string): Promise<Doc | null> {
  const answer = await call(conn, 'GET', `/v1/documents/${encodeURIComponent(id)}`, undefined, PAGE);
  if (answer.status === 404) return null;
  const document = expectOk(answer, 'reading a document').document;
  if (document === null || typeof document !== 'object') {
    throw new ChannelError('Recommand answered a document read without the document', true, {
      status: answer.status,
      raw: answer.raw,
    });
  }
  return document as Doc;
}

/**
 * What one received document stands for. A buyer's Invoice Response (AP, RE, PD) is a status of the invoice
 * of ours it names by number; its other codes (AB, IP, UQ, CA), Message Level Responses and statuses carry
 * no delivery state and are taken without an event; a Message Level Response RE fails the delivery it
 * names (messageLevelEvents). Anything else is a received document, its XML kept
 * byte for byte as Recommand holds it.
 */
async function eventsOf(
  conn: ChannelConnection,
  companyId: string,
  doc: Doc,
  listed: Doc | null,
): Promise<ChannelEvent[]> {
  const xml = doc.xml;
  if (typeof xml !== 'string') return [];
  const root = parseRoot(xml);
  if (ublKind(root) === 'ApplicationResponse') {
    const level = readMessageLevelResponse(root);
    if (level !== null) return messageLevelEvents(conn, companyId, doc, xml, level);
    const answer = readInvoiceResponse(root);
    if (answer === null || answer.state === null) return [];
    const sent = await findSent(conn, companyId, {
      number: answer.invoiceNumber,
      kind:
        answer.documentTypeCode === null
          ? null
          : answer.documentTypeCode === '381'
            ? 'CreditNote'
            : 'Invoice',
      recipient: String(doc.senderId ?? ''),
      anyRecipient: true,
      doctypeId: null,
    });
    if (sent === null) return [];
    return [
      {
        kind: 'status',
        providerRef: sent.id,
        state: answer.state,
        at: typeof doc.createdAt === 'string' ? doc.createdAt : null,
        reason: answer.reason,
        raw: { contentType: 'application/xml', body: xml },
      },
    ];
  }
  const { xml: _xml, parsed: _parsed, ...metadata } = listed ?? doc;
  return [
    {
      kind: 'received',
      providerRef: doc.id,
      bytes: new TextEncoder().encode(xml),
      contentType: 'application/xml',
      fileName: null,
      sender: participantOf(doc.senderId),
      transport: transportOf(doc),
      raw: { contentType: 'application/json', body: JSON.stringify(metadata) },
    },
  ];
}

/**
 * A Message Level Response: `RE` is the receiving side refusing our message (its validation, say) as the
 * network's word, so the delivery it names fails with the response's reasons (docs/channels.md: a
 * delivered document the network refuses fails). `AB`, `AP` carry nothing a delivery does not know, and
 * one naming a message of no delivery of ours is taken (marked read) without an event.
 */
async function messageLevelEvents(
  conn: ChannelConnection,
  companyId: string,
  doc: Doc,
  xml: string,
  level: ReadMessageLevelResponse,
): Promise<ChannelEvent[]> {
  if (level.code !== 'RE') return [];
  const sent = await findSentByEnvelope(conn, companyId, level.messageId);
  if (sent === null) return [];
  return [
    {
      kind: 'status',
      providerRef: sent.id,
      state: 'failed',
      at: typeof doc.createdAt === 'string' ? doc.createdAt : null,
      reason: level.reason ?? `The receiving access point rejected message ${level.messageId}`,
      reasonCode: 'network_rejected',
      raw: { contentType: 'application/xml', body: xml },
    },
  ];
}

/** Recommand's ids of the transmission: its document id, the AS4 message id, the SBDH instance id, … */
function transportOf(doc: Doc): Record<string, string> {
  const transport: Record<string, string> = { recommandDocumentId: doc.id };
  for (const field of [
    'peppolMessageId',
    'peppolConversationId',
    'envelopeId',
    'senderId',
    'receiverId',
    'docTypeId',
    'processId',
    'countryC1',
  ]) {
    const value = doc[field];
    if (typeof value === 'string' && value !== '') transport[field] = value;
  }
  return transport;
}
