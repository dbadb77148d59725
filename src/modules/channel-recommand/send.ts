// Sending through Recommand, once. Recommand takes no idempotency key, and its send is synchronous (the
// AS4 exchange runs inside the request; the document is stored only after it): so a send first asks
// whether the invoice went out already (sent.ts), and a send whose answer is lost (our time limit, a
// dropped connection, a gateway's 5xx) asks again after a pause or two before it reports the failure,
// since the request may still be running at Recommand. The delivery job tries again 5 s after a failure:
// without the pause, a slow AS4 exchange would be sent twice. docs/channel-recommand.md.
import {
  type ChannelConnection,
  ChannelError,
  type OutgoingMessage,
  type SendReceipt,
} from '../../delivery-channel';
import { text } from '../../einvoicing/receive/dom';
import { addressOf, call, companyOf, failure, type RecommandAnswer } from './client';
import { findSent, type ListedDocument, type SentLookup } from './sent';
import { parseRoot, peppolIdsOf, ublKind } from './ubl';

export interface SendOptions {
  /** After a send whose answer was lost, the pauses before each renewed lookup. */
  settleDelaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

export const SEND_DEFAULTS: SendOptions = {
  settleDelaysMs: [10_000, 20_000],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export async function sendOnce(
  conn: ChannelConnection,
  message: OutgoingMessage,
  options: SendOptions,
): Promise<SendReceipt> {
  const companyId = companyOf(conn);
  if (message.syntax !== 'ubl') throw new ChannelError('Recommand sends UBL documents only', false);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(message.xml);
  } catch {
    throw new ChannelError('The e-invoice is not UTF-8 text', false);
  }
  const root = parseRoot(xml);
  const ids = root === null ? null : peppolIdsOf(root);
  const kind = ublKind(root);
  if (root === null || ids === null || (kind !== 'Invoice' && kind !== 'CreditNote')) {
    throw new ChannelError('The e-invoice is no UBL Invoice or CreditNote with a CustomizationID', false);
  }
  const lookup: SentLookup = {
    number: text(root, 'ID') ?? message.number,
    kind,
    recipient: addressOf(message.receiver),
    anyRecipient: false,
    doctypeId: ids.doctypeId,
  };
  // Nothing is sent without this answer: a lookup that fails fails the send (transient).
  const already = await findSent(conn, companyId, lookup);
  if (already !== null) return receiptOf(already);

  let answer: RecommandAnswer;
  try {
    answer = await call(conn, 'POST', `/v1/${encodeURIComponent(companyId)}/send`, {
      recipient: lookup.recipient,
      documentType: 'xml',
      document: xml,
      doctypeId: ids.doctypeId,
      processId: ids.processId,
    });
  } catch (error) {
    if (error instanceof ChannelError && error.transient)
      return settle(conn, companyId, lookup, error, options);
    throw error;
  }
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && typeof answer.json?.id === 'string') {
    return {
      providerRef: answer.json.id,
      state: answer.json.sentOverPeppol === true ? 'delivered' : 'submitted',
      raw: answer.raw,
    };
  }
  // A 2xx without its id (a proxy's page) is as unknown an outcome as a gateway's 5xx: transient.
  const error = failure(ok ? { ...answer, json: null } : answer, 'the send');
  // 429 and 503 say the request was not taken; other 5xx may come after Recommand sent the document.
  if (error.transient && answer.status !== 429 && answer.status !== 503) {
    return settle(conn, companyId, lookup, error, options);
  }
  throw error;
}

/** Asks again, after each pause, whether the document went out; else reports the send's own failure. */
async function settle(
  conn: ChannelConnection,
  companyId: string,
  lookup: SentLookup,
  lost: ChannelError,
  options: SendOptions,
): Promise<SendReceipt> {
  for (const delay of options.settleDelaysMs) {
    await options.sleep(delay);
    try {
      const found = await findSent(conn, companyId, lookup);
      if (found !== null) return receiptOf(found);
    } catch (error) {
      // Still unreachable: the next pause, then the job's own retry, whose lookup comes first again.
      if (!(error instanceof ChannelError && error.transient)) throw error;
    }
  }
  throw lost;
}

function receiptOf(doc: ListedDocument): SendReceipt {
  return {
    providerRef: doc.id,
    state: doc.sentOverPeppol === true ? 'delivered' : 'submitted',
    raw: { contentType: 'application/json', body: JSON.stringify({ success: true, document: doc }) },
  };
}
