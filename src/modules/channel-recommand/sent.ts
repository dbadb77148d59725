// Finding a document we already sent through Recommand, by its invoice number: Recommand takes no
// idempotency key, so a send first asks whether the invoice went out already (a retry after a timeout or a
// 5xx that came after Recommand had sent it), and a buyer's Invoice Response, which names our invoice by
// its number, is traced back to the document it answers. An invoice number is unique for its seller
// (EN 16931 BT-1), and the seller is the Recommand company: the same number and kind (and, for a send, the
// same recipient) is the same invoice.
import type { ChannelConnection } from '../../delivery-channel';
import { text } from '../../einvoicing/receive/dom';
import { call, expectOk, PAGE, query } from './client';
import { parseRoot, recommandParses, ublKind } from './ubl';

export interface SentLookup {
  number: string;
  /** `Invoice` or `CreditNote`; null: either (an Invoice Response that names no type code). */
  kind: 'Invoice' | 'CreditNote' | null;
  /** The Peppol address sent to (`0208:…`). */
  recipient: string;
  /** Whether a document sent to another address may match (an answer may come from the buyer's provider). */
  anyRecipient: boolean;
  /** The document type sent, when known: decides whether Recommand can find it by number. */
  doctypeId: string | null;
}

/** A listed document (`GET /v1/documents`): Recommand's own fields, without its XML. */
export type ListedDocument = Record<string, unknown> & { id: string };

/** How many of the newest documents matching a number are compared (Recommand's largest page). */
export const BY_NUMBER_WINDOW = 200;

/** How many of the newest documents to a recipient are opened when Recommand cannot search by number. */
export const UNPARSED_WINDOW = 20;

const TYPES = { Invoice: 'invoice', CreditNote: 'creditNote' } as const;

export async function findSent(
  conn: ChannelConnection,
  companyId: string,
  wanted: SentLookup,
): Promise<ListedDocument | null> {
  if (wanted.doctypeId === null || recommandParses(wanted.doctypeId)) {
    const found = await byNumber(conn, companyId, wanted);
    if (found !== null || wanted.doctypeId !== null) return found;
  }
  return byContent(conn, companyId, wanted);
}

/**
 * Recommand reads the number of a Peppol BIS invoice or credit note it sends (`parsed.invoiceNumber`,
 * `parsed.creditNoteNumber`) and its search covers it: one request.
 */
async function byNumber(
  conn: ChannelConnection,
  companyId: string,
  wanted: SentLookup,
): Promise<ListedDocument | null> {
  // Searched as a substring (`ilike`): a short number matches many documents, of which the newest
  // BY_NUMBER_WINDOW are compared; a retry's or an answer's document is among the newest.
  const listed = await list(conn, {
    companyId,
    direction: 'outgoing',
    search: wanted.number,
    limit: BY_NUMBER_WINDOW,
    // The parsed invoices come with their attachments (base64 PDFs) unless asked not to.
    excludeAttachments: 'true',
    ...(wanted.kind === null ? {} : { type: TYPES[wanted.kind] }),
  });
  const same = listed.filter((doc) => {
    const parsed = (doc.parsed ?? {}) as Record<string, unknown>;
    const kinds = wanted.kind === null ? (['Invoice', 'CreditNote'] as const) : [wanted.kind];
    return kinds.some((kind) =>
      kind === 'Invoice'
        ? doc.type === TYPES.Invoice && parsed.invoiceNumber === wanted.number
        : doc.type === TYPES.CreditNote && parsed.creditNoteNumber === wanted.number,
    );
  });
  return pick(same, wanted);
}

/**
 * A document Recommand does not parse (XRechnung and other CIUS) is listed with type `unknown` and no
 * number: the newest ones sent to the recipient are opened and their XML's own cbc:ID compared. The window
 * is bounded (UNPARSED_WINDOW): a retry comes within the delivery job's back-off, long before twenty other
 * documents have gone to the same buyer.
 */
async function byContent(
  conn: ChannelConnection,
  companyId: string,
  wanted: SentLookup,
): Promise<ListedDocument | null> {
  const listed = await list(conn, {
    companyId,
    direction: 'outgoing',
    type: 'unknown',
    search: wanted.recipient,
    limit: UNPARSED_WINDOW,
  });
  const kinds = wanted.kind === null ? ['Invoice', 'CreditNote'] : [wanted.kind];
  const same: ListedDocument[] = [];
  for (const doc of listed) {
    if (!wanted.anyRecipient && doc.receiverId !== wanted.recipient) continue;
    const docType = typeof doc.docTypeId === 'string' ? doc.docTypeId : '';
    if (!kinds.some((kind) => docType.startsWith(`urn:oasis:names:specification:ubl:schema:xsd:${kind}-2::`)))
      continue;
    const full = expectOk(
      await call(conn, 'GET', `/v1/documents/${encodeURIComponent(doc.id)}`, undefined, PAGE),
      'reading a sent document',
    );
    const xml = (full.document as Record<string, unknown> | undefined)?.xml;
    const root = typeof xml === 'string' ? parseRoot(xml) : null;
    const id = root && kinds.includes(ublKind(root) ?? '') ? text(root, 'ID') : undefined;
    if (id === wanted.number) same.push(doc);
  }
  return pick(same, wanted);
}

/** The recipient's own document first (the newest: Recommand lists newest first). */
function pick(same: ListedDocument[], wanted: SentLookup): ListedDocument | null {
  const exact = same.find((doc) => doc.receiverId === wanted.recipient);
  if (exact) return exact;
  return wanted.anyRecipient ? (same[0] ?? null) : null;
}

async function list(
  conn: ChannelConnection,
  params: Record<string, string | number>,
): Promise<ListedDocument[]> {
  const json = expectOk(
    await call(conn, 'GET', `/v1/documents${query(params)}`, undefined, PAGE),
    'listing sent documents',
  );
  const documents = Array.isArray(json.documents) ? json.documents : [];
  return documents.filter(
    (d): d is ListedDocument => d !== null && typeof d === 'object' && typeof d.id === 'string',
  );
}

/**
 * Our outgoing document whose SBDH instance identifier (Recommand's `envelopeId`) is `envelopeId`: what a
 * Message Level Response names. Asked with Recommand's `envelopeId` filter and compared exactly (an API
 * that ignored the filter would list others); null when none of ours has it.
 */
export async function findSentByEnvelope(
  conn: ChannelConnection,
  companyId: string,
  envelopeId: string,
): Promise<ListedDocument | null> {
  const listed = await list(conn, {
    companyId,
    direction: 'outgoing',
    envelopeId,
    limit: 10,
    excludeAttachments: 'true',
  });
  return listed.find((doc) => doc.envelopeId === envelopeId || doc.peppolMessageId === envelopeId) ?? null;
}
