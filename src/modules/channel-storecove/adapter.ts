// Storecove as a delivery channel (docs/channel-storecove.md): a Peppol access point whose API takes our
// UBL as it is (rawDocumentData, parsed by Storecove), discovers receivers, and reports outcomes, buyers'
// Invoice Responses and received invoices through its pull queue (poll.ts).
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type ConnectionDiagnosis,
  type InvoiceResponse,
  type LookupAnswer,
  type OutgoingMessage,
  type ParticipantId,
  type RawReceipt,
  reasonOfError,
  type SendReceipt,
  testedBy,
} from '../../delivery-channel';
import { type Answer, credentials, failure, json, request, writtenBack } from './http';
import { pollQueue } from './poll';
import { storecoveScheme } from './schemes';

export const storecoveSettings = Type.Object(
  {
    legal_entity_id: Type.Integer({
      minimum: 1,
      description: "Storecove's id of the legal entity the invoices are sent for (LegalEntity.id)",
    }),
    scheme_overrides: Type.Optional(
      Type.Record(Type.String({ pattern: '^[0-9]{4}$' }), Type.String({ minLength: 3, maxLength: 64 }), {
        description: 'Peppol ICD → the scheme name Storecove takes, where it differs from the code list',
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);

const RESPONSE_CODES: Record<InvoiceResponse['state'], string> = {
  accepted: 'AP',
  rejected: 'RE',
  paid: 'PD',
};

export const storecoveAdapter: ChannelAdapter = {
  id: 'storecove',
  network: 'peppol',
  name: 'Storecove (Peppol access point)',
  defaultBaseUrl: 'https://api.storecove.com/api/v2',
  settings: storecoveSettings,
  secrets: ['api_key'],
  profiles: ['peppol_bis_billing_3', 'xrechnung_ubl'],
  takesPdf: false,
  receive: 'poll',
  testConnection: testedBy(diagnoseConnection),
  diagnoseConnection,
  lookup,
  send,
  sharedQueue: true,
  poll: pollQueue,
  respond,
};

async function diagnoseConnection(conn: ChannelConnection): Promise<ConnectionDiagnosis> {
  try {
    const { legalEntityId } = credentials(conn);
    const answer = await request(conn, 'GET', `/legal_entities/${legalEntityId}`);
    if (answer.status === 200) {
      const entity = json(answer) as { id?: unknown; party_name?: unknown } | null;
      // A web page, a proxy's answer or any JSON that is no legal entity (`{}`): not Storecove's API.
      const isEntity =
        entity !== null &&
        typeof entity === 'object' &&
        !Array.isArray(entity) &&
        (entity.id !== undefined || typeof entity.party_name === 'string');
      if (!isEntity) {
        return {
          ok: false,
          message: `Storecove answered 200 without a legal entity (${entity === null ? 'not JSON' : 'no id or name'}): is the base URL its API (${conn.baseUrl})?`,
          reason: 'not_provider_api',
        };
      }
      const name = typeof entity.party_name === 'string' ? ` (${entity.party_name})` : '';
      return { ok: true, message: `Storecove answered: legal entity ${legalEntityId}${name}` };
    }
    if (answer.status === 404)
      return {
        ok: false,
        message: `Storecove knows no legal entity ${legalEntityId} for this API key`,
        reason: 'not_found',
      };
    const error = failure(answer, 'Testing the connection', conn.now());
    const reason = reasonOfError(error);
    return { ok: false, message: error.message, ...(reason === undefined ? {} : { reason }) };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const reason = reasonOfError(error);
    return { ok: false, message: error.message, ...(reason === undefined ? {} : { reason }) };
  }
}

async function lookup(conn: ChannelConnection, receiver: ParticipantId): Promise<LookupAnswer> {
  const { schemeOverrides } = credentials(conn);
  const scheme = storecoveScheme(receiver.scheme, schemeOverrides);
  const ask = async (documentTypes: string[]) => {
    const answer = await request(conn, 'POST', '/discovery/receives', {
      scheme,
      identifier: receiver.value,
      network: 'peppol',
      metaScheme: 'iso6523-actorid-upis',
      documentTypes,
    });
    if (answer.status !== 200) throw failure(answer, 'Storecove discovery', conn.now());
    const found = json(answer) as { code?: unknown; email?: unknown } | null;
    // An answer that cannot be read says nothing of the receiver: no verdict on them (a transient failure,
    // asked again later), never "unreachable" (which would turn the buyer away to e-mail).
    if (found === null || typeof found !== 'object' || typeof found.code !== 'string')
      throw new ChannelError('Storecove discovery answered 200 with nothing it could read', true, {
        status: answer.status,
        raw: answer.raw,
      });
    return { answer, ok: found.code === 'OK', email: found.email === true };
  };
  const detail = (email: boolean) =>
    `Storecove discovery on Peppol for ${scheme}:${receiver.value}` +
    (email ? ' (delivered by e-mail through the Belgian Hermes platform)' : '');
  const both = await ask(['invoice', 'creditnote']);
  if (both.ok) return lookupAnswer(true, true, detail(both.email), both.answer);
  // Not both: ask for invoices alone, so a receiver without credit notes is still reachable.
  const invoices = await ask(['invoice']);
  if (invoices.ok) return lookupAnswer(true, false, detail(invoices.email), invoices.answer);
  return lookupAnswer(false, false, detail(false), both.answer);
}

function lookupAnswer(invoice: boolean, creditNote: boolean, detail: string, raw: Answer): LookupAnswer {
  return { reachable: invoice || creditNote, invoice, creditNote, detail, raw: raw.raw };
}

/**
 * Credit notes go as documentType `invoice` too: Storecove's SendableDocument knows only invoice,
 * invoice_response and order, and parses a raw UBL CreditNote under `invoice`.
 */
async function send(conn: ChannelConnection, message: OutgoingMessage): Promise<SendReceipt> {
  const { legalEntityId, schemeOverrides } = credentials(conn);
  if (message.idempotencyUuid.length !== 36)
    throw new ChannelError('Storecove needs a 36-character idempotencyGuid', false);
  const answer = await request(conn, 'POST', '/document_submissions', {
    legalEntityId,
    idempotencyGuid: message.idempotencyUuid,
    routing: {
      eIdentifiers: [
        { scheme: storecoveScheme(message.receiver.scheme, schemeOverrides), id: message.receiver.value },
      ],
    },
    document: {
      documentType: 'invoice',
      rawDocumentData: {
        document: Buffer.from(message.xml).toString('base64'),
        parse: true,
        parseStrategy: message.syntax === 'cii' ? 'cii' : 'ubl',
      },
    },
  });
  if (answer.status === 200 || answer.status === 201) {
    const result = json(answer) as { guid?: unknown } | null;
    // An answer that cannot be read (cut short, a proxy's page) says nothing sure: Storecove may have taken
    // the document. Transient: the next attempt carries the same idempotencyGuid, so it is either taken now
    // or answered "already submitted" (submitted, below); a base URL that is no API fails after the attempts.
    if (result === null || typeof result !== 'object' || Array.isArray(result))
      throw new ChannelError(
        'Storecove answered 200 with nothing it could read (is the base URL its API?): to be tried again under the same idempotencyGuid',
        true,
        { status: answer.status, raw: answer.raw },
      );
    // Accepted without naming it (no guid): it was taken all the same, so the delivery is submitted, not
    // failed (a failed one invites a second send the buyer gets twice). It keeps the idempotencyGuid as its
    // providerRef, as below: later statuses naming that guid reach it.
    if (typeof result.guid !== 'string' || !result.guid)
      return { providerRef: message.idempotencyUuid, state: 'submitted', raw: answer.raw };
    return { providerRef: result.guid, state: 'submitted', raw: answer.raw };
  }
  // "Only the first one will be processed and any subsequent ones will trigger an HTTP 422": an earlier
  // attempt of this delivery got through, and its guid was lost with that attempt's answer. Storecove offers
  // no look-up by idempotencyGuid, so the delivery keeps the idempotencyGuid as its providerRef: submitted,
  // and later statuses reach it only when their body names that guid (poll.ts).
  if (answer.status === 422 && usedIdempotencyGuid(answer.text))
    return { providerRef: message.idempotencyUuid, state: 'submitted', raw: answer.raw };
  throw failure(answer, `Sending ${message.number} through Storecove`, conn.now());
}

/**
 * Whether a 422 says the idempotencyGuid was used already: an error naming the idempotencyGuid and saying
 * it was used (a malformed one is a refusal like any other).
 */
export function usedIdempotencyGuid(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const items = Array.isArray(body) ? body : [body];
  return items.some((item) => {
    const said = typeof item === 'string' ? item : writtenBack(item ?? '');
    return (
      /idempotency/i.test(said) && /already|used|duplicate|exists|previous|submitted|processed/i.test(said)
    );
  });
}

/**
 * An Invoice Response to a received invoice: a document submission naming the received document's
 * receiveGuid. Its idempotencyGuid is derived from that guid and the code, so a retry never answers twice.
 * The published schema requires `receivedInvoiceGuid` inside invoiceResponse without declaring it; it is
 * sent there too.
 */
async function respond(
  conn: ChannelConnection,
  received: { providerRef: string; transport: Record<string, string> },
  response: InvoiceResponse,
): Promise<RawReceipt> {
  credentials(conn);
  const receiveGuid = received.transport.storecove_receive_guid || received.providerRef;
  const responseCode = RESPONSE_CODES[response.state];
  const reason = response.reason?.trim() || null;
  const answer = await request(conn, 'POST', '/document_submissions', {
    receiveGuid,
    idempotencyGuid: derivedUuid(`storecove-invoice-response:${receiveGuid}:${responseCode}`),
    document: {
      documentType: 'invoice_response',
      invoiceResponse: {
        receivedInvoiceGuid: receiveGuid,
        responseCode,
        effectiveDate: conn.now().toISOString().slice(0, 10),
        ...(reason ? { note: reason } : {}),
        // A rejection states its reason (Peppol BIS Invoice Response: RE needs a clarification).
        ...(responseCode === 'RE'
          ? {
              clarifications: [
                {
                  clarificationCodeType: 'OPStatusReason',
                  clarificationCode: 'OTH',
                  ...(reason ? { clarification: reason } : {}),
                },
              ],
            }
          : {}),
      },
    },
  });
  if (answer.status === 200 || answer.status === 201) return answer.raw;
  if (answer.status === 422 && usedIdempotencyGuid(answer.text)) return answer.raw;
  throw failure(answer, 'Sending an Invoice Response through Storecove', conn.now());
}

/** A UUID-shaped text derived from `seed` (SHA-256, version 5 layout): the same seed, the same guid. */
function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
