// Recommand (https://recommand.eu, AGPL open source, hosted at app.recommand.eu): a Peppol access point
// with a public API. Sending is synchronous: Recommand runs the AS4 exchange inside the request, so its 200
// means the receiving access point took the document. It has no idempotency key; sends are made idempotent
// here (send.ts, sent.ts). docs/channel-recommand.md.
import { Type } from '@sinclair/typebox';
import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type ConnectionDiagnosis,
  type InvoiceResponse,
  type LookupAnswer,
  type ParticipantId,
  type RawReceipt,
  reasonOfError,
  testedBy,
} from '../../delivery-channel';
import { addressOf, call, companyOf, expectOk, participantOf, RECOMMAND_BASE_URL } from './client';
import { pollInbox, readDocument, webhookEvents } from './inbox';
import { buildInvoiceResponse, INVOICE_RESPONSE, RESPONSE_CODES } from './invoice-response';
import { SEND_DEFAULTS, type SendOptions, sendOnce } from './send';
import { invoiceFactsOf, parseRoot } from './ubl';

/** The adapter; `options` only for tests (the pauses after a lost send answer). */
export function createRecommandAdapter(options: Partial<SendOptions> = {}): ChannelAdapter {
  const sending: SendOptions = { ...SEND_DEFAULTS, ...options };
  return {
    id: 'recommand',
    network: 'peppol',
    name: 'Recommand (Peppol access point)',
    defaultBaseUrl: RECOMMAND_BASE_URL,
    settings: Type.Object(
      {
        company_id: Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'The Recommand company that sends and receives (its id, `c_…`)',
        }),
      },
      { additionalProperties: false },
    ),
    secrets: ['api_key', 'api_secret'],
    profiles: ['peppol_bis_billing_3', 'xrechnung_ubl'],
    takesPdf: false,
    receive: 'both',
    testConnection: testedBy(diagnoseConnection),
    diagnoseConnection,
    lookup,
    send: (conn, message) => sendOnce(conn, message, sending),
    poll: pollInbox,
    webhook: webhookEvents,
    respond,
  };
}

export const recommandAdapter: ChannelAdapter = createRecommandAdapter();

async function diagnoseConnection(conn: ChannelConnection): Promise<ConnectionDiagnosis> {
  try {
    const companyId = companyOf(conn);
    const answer = await call(conn, 'GET', `/v1/companies/${encodeURIComponent(companyId)}`);
    if (answer.status === 404)
      return {
        ok: false,
        message: `Recommand has no company ${companyId} for this key`,
        reason: 'not_found',
      };
    const company = expectOk(answer, 'reading the company').company;
    // Any JSON is no company (`{}` from a web server at the base URL): not Recommand's API answering.
    if (company === null || typeof company !== 'object' || Array.isArray(company))
      return {
        ok: false,
        message: `The base URL answered without a company (is it Recommand's API? ${conn.baseUrl})`,
        reason: 'not_provider_api',
      };
    const named = (company as Record<string, unknown>).name;
    const name = typeof named === 'string' ? ` (${named})` : '';
    return { ok: true, message: `Recommand answers for company ${companyId}${name}` };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const reason = reasonOfError(error);
    return { ok: false, message: error.message, ...(reason === undefined ? {} : { reason }) };
  }
}

/** Peppol billing document types (EN 16931 CIUS: Peppol BIS, XRechnung, …), not self-billing. */
const receives = (docTypeId: string, kind: 'Invoice' | 'CreditNote') =>
  docTypeId.includes(
    `urn:oasis:names:specification:ubl:schema:xsd:${kind}-2::${kind}##urn:cen.eu:en16931:2017`,
  ) && !docTypeId.includes('selfbilling');

/**
 * Recommand's SMP lookup. It answers `isValid: false` for any failure of the lookup, a passing one
 * included, so "not reachable" is the network's word at that moment, not a verdict.
 */
async function lookup(conn: ChannelConnection, receiver: ParticipantId): Promise<LookupAnswer> {
  const answer = await call(conn, 'POST', '/v1/verify', { peppolAddress: addressOf(receiver) });
  const json = expectOk(answer, 'the recipient lookup');
  // Without its verdict the answer says nothing of the receiver: asked again later, never "unreachable".
  if (typeof json.isValid !== 'boolean')
    throw new ChannelError('Recommand answered the recipient lookup without isValid', true, {
      status: answer.status,
      raw: answer.raw,
    });
  const reachable = json.isValid;
  const types = (Array.isArray(json.supportedDocuments) ? json.supportedDocuments : [])
    .map((d) => (d !== null && typeof d === 'object' ? (d as Record<string, unknown>).docTypeId : null))
    .filter((id): id is string => typeof id === 'string');
  return {
    reachable,
    invoice: reachable && types.some((id) => receives(id, 'Invoice')),
    creditNote: reachable && types.some((id) => receives(id, 'CreditNote')),
    detail: typeof json.smpUrl === 'string' && json.smpUrl !== '' ? json.smpUrl : null,
    raw: answer.raw,
    // Recommand sends the UBL as written: a receiver of Peppol BIS only refuses an XRechnung at AS4.
    documentTypes: types,
  };
}

/**
 * Answers a received invoice with a Peppol BIS Invoice Response, sent over Recommand to the invoice's
 * sender. The parties' endpoints and names and the invoice's number, date and type code are read from the
 * received document itself (Recommand keeps it), which is what T111 asks the response to repeat.
 */
async function respond(
  conn: ChannelConnection,
  received: { providerRef: string; transport: Record<string, string> },
  response: InvoiceResponse,
): Promise<RawReceipt> {
  const companyId = companyOf(conn);
  const doc = await readDocument(conn, received.providerRef);
  if (doc === null) throw new ChannelError(`Recommand no longer has document ${received.providerRef}`, false);
  const facts = invoiceFactsOf(typeof doc.xml === 'string' ? parseRoot(doc.xml) : null);
  if (facts === null) throw new ChannelError('The received document is no UBL invoice or credit note', false);
  const seller = participantOf(doc.senderId ?? received.transport.senderId) ?? facts.seller.endpoint;
  const buyer = participantOf(doc.receiverId ?? received.transport.receiverId) ?? facts.buyer.endpoint;
  const number = response.invoiceNumber ?? facts.number;
  if (seller === null || buyer === null || number === null) {
    throw new ChannelError('The received invoice names no seller, buyer or number to answer', false);
  }
  const xml = buildInvoiceResponse({
    // Stable for one answer to one document: a repeated answer is recognisably the same message.
    id: `${received.providerRef}-${RESPONSE_CODES[response.state]}`,
    issueDate: conn.now().toISOString().slice(0, 10),
    state: response.state,
    reason: response.reason,
    sender: { endpoint: buyer, name: facts.buyer.name ?? addressOf(buyer) },
    receiver: { endpoint: seller, name: facts.seller.name ?? addressOf(seller) },
    invoice: {
      number,
      issueDate: response.issueDate ?? facts.issueDate,
      typeCode: facts.typeCode ?? (facts.kind === 'CreditNote' ? '381' : '380'),
    },
  });
  const answer = await call(conn, 'POST', `/v1/${encodeURIComponent(companyId)}/send`, {
    recipient: addressOf(seller),
    documentType: 'xml',
    document: xml,
    // Recommand would take any ApplicationResponse for a Message Level Response: the type is stated.
    doctypeId: INVOICE_RESPONSE.doctypeId,
    processId: INVOICE_RESPONSE.processId,
  });
  expectOk(answer, 'the Invoice Response');
  return answer.raw;
}
