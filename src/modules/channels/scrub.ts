// The adapters' boundary: every word a provider says that the service keeps, shows or logs (a test's
// message, an error, a rejection's reason, a receipt, a lookup's detail, a received file's transport
// names) leaves the adapter with the connection's own secrets replaced by `***` (../deliveries/redact.ts:
// raw, URL-encoded, escaped, inside base64, split across lines), whichever channel it is. A provider, a
// proxy or a wrong base URL that echoes the API key (or the Authorization header it was sent) shows nothing
// of it to the account's members, the console or the log. Only texts already read are cleaned (src/
// outbound.ts bounds what is read); a received document's bytes are the seller's and stay as they came.
import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
  type LookupAnswer,
  type RawReceipt,
} from '../../delivery-channel';
import type { OutboundInit } from '../../outbound';
import { type Redact, redactorOf } from '../deliveries';
import { keptReason } from './receipts';

/** Request headers whose values are credentials (an OAuth token fetched for the call is one, too). */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'apikey'];

/**
 * Characters a provider's words never need and a reader is misled by: C0 and C1 controls but tab and line
 * breaks (NUL, which PostgreSQL cannot store; terminal escapes, which repaint a log read in a terminal),
 * and the bidirectional overrides and isolates, which show a text in another order than it is stored.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced
const UNSHOWABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** How a call's texts are cleaned: a provider's words (messages, reasons), and its receipts (kept as they came). */
interface Cleaner {
  words: Redact;
  receipt: Redact;
}

const wrapped = new WeakMap<ChannelAdapter, ChannelAdapter>();

/** The adapter as the core calls it: the same channel, its answers and errors cleaned of the secrets. */
export function scrubbed(adapter: ChannelAdapter): ChannelAdapter {
  const known = wrapped.get(adapter);
  if (known) return known;
  const call = <T>(
    conn: ChannelConnection,
    run: (conn: ChannelConnection) => Promise<T>,
    clean: (value: T, clean: Cleaner) => T,
  ) => scrubbing(adapter, conn, run, clean);
  const guarded: ChannelAdapter = {
    ...adapter,
    testConnection: (conn) =>
      call(
        conn,
        (c) => adapter.testConnection(c),
        (a, { words }) => ({ ...a, message: words(a.message) }),
      ),
    send: (conn, message) =>
      call(
        conn,
        (c) => adapter.send(c, message),
        (receipt, clean) => ({
          ...receipt,
          providerRef: identifier(receipt.providerRef),
          raw: rawOf(receipt.raw, clean),
        }),
      ),
  };
  const { diagnoseConnection, lookup, poll, webhook, respond } = adapter;
  if (diagnoseConnection)
    guarded.diagnoseConnection = (conn) =>
      call(
        conn,
        (c) => diagnoseConnection(c),
        (a, { words }) => ({ ...a, message: words(a.message) }),
      );
  if (lookup) guarded.lookup = (conn, receiver) => call(conn, (c) => lookup(c, receiver), lookupOf);
  if (poll)
    guarded.poll = (conn, cursor) =>
      call(
        conn,
        (c) => poll(c, cursor),
        (answer, clean) => ({ ...answer, events: answer.events.map((e) => eventOf(e, clean)) }),
      );
  if (webhook)
    guarded.webhook = (conn, request) =>
      call(
        conn,
        (c) => webhook(c, request),
        (events, clean) => events.map((e) => eventOf(e, clean)),
      );
  if (respond)
    guarded.respond = (conn, received, response) => call(conn, (c) => respond(c, received, response), rawOf);
  wrapped.set(adapter, guarded);
  wrapped.set(guarded, guarded);
  return guarded;
}

/**
 * Runs one adapter call, then cleans what it answered, or what it threw, of the connection's secrets and
 * of the credentials its requests carried (an OAuth access token is not among the secrets, but is one),
 * and of the characters nobody should be shown (UNSHOWABLE). The cleaner is made once the call is over:
 * one regular expression for the call, run once over each text.
 */
async function scrubbing<T>(
  adapter: ChannelAdapter,
  conn: ChannelConnection,
  run: (conn: ChannelConnection) => Promise<T>,
  clean: (value: T, clean: Cleaner) => T,
): Promise<T> {
  const sent = new Set<string>();
  const watched: ChannelConnection = {
    ...conn,
    fetch: (url: string, init?: OutboundInit) => {
      noteCredentials(init?.headers, sent);
      return conn.fetch(url, init);
    },
  };
  const cleaner = (): Cleaner => {
    const redact = redactorOf([...Object.values(conn.secrets), ...sent]);
    return {
      // Bounded as a stored reason is (after the secrets are gone, so none is cut in half and left): a
      // provider's megabyte of words is not answered by a test, stored as last_poll_error, nor logged.
      words: (text) => keptReason(redact(text).replace(UNSHOWABLE, '\ufffd')) ?? '',
      receipt: (text) => redact(text).replaceAll('\u0000', '\ufffd'),
    };
  };
  let value: T;
  try {
    value = await run(watched);
  } catch (error) {
    throw scrubError(adapter, error, cleaner());
  }
  return clean(value, cleaner());
}

function noteCredentials(headers: RequestInit['headers'], into: Set<string>): void {
  if (headers === undefined) return;
  const read = new Headers(headers);
  for (const name of CREDENTIAL_HEADERS) {
    const value = read.get(name)?.trim();
    if (!value) continue;
    into.add(value);
    // `Bearer <token>`, `Basic <base64>`: the credential itself, wherever it is echoed without its scheme.
    const credential = /^[A-Za-z-]+ +(\S+)$/.exec(value)?.[1];
    if (credential) into.add(credential);
  }
}

/**
 * A ChannelError's words (its message, its stack that repeats them, its receipt) cleaned in place. Anything
 * else an adapter throws (a TypeError, a RangeError from an answer it could not take apart) is a bug met
 * on a provider's answer: it becomes a transient ChannelError saying so (tried again later, a 503 to a
 * request, never a 500), its words cleaned too.
 */
function scrubError(adapter: ChannelAdapter, error: unknown, clean: Cleaner): ChannelError {
  if (error instanceof ChannelError) {
    error.message = clean.words(error.message);
    if (typeof error.stack === 'string') error.stack = clean.words(error.stack);
    if (error.details.raw) error.details.raw = rawOf(error.details.raw, clean);
    return error;
  }
  const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ChannelError(`${adapter.name}: its answer could not be read (${clean.words(said)})`, true);
}

/**
 * A receipt as it came, but for the secrets in it and NUL (which PostgreSQL's text cannot hold): its other
 * characters are the provider's, kept.
 */
const rawOf = (raw: RawReceipt, clean: Cleaner): RawReceipt => ({ ...raw, body: clean.receipt(raw.body) });

function lookupOf(answer: LookupAnswer, clean: Cleaner): LookupAnswer {
  return {
    ...answer,
    detail: answer.detail === null ? null : clean.words(answer.detail),
    raw: answer.raw === null ? null : rawOf(answer.raw, clean),
  };
}

/**
 * A provider's identifier (a document's ref, a flow id in a received file's transport) as it came, but for
 * NUL: the adapter asks for it again by it, so redacting a short secret that happens to be in it (`flow-2024-…`
 * under a token `2024`) would lose the document's later statuses.
 */
const identifier = (value: string) => value.replaceAll('\u0000', '\ufffd');

function eventOf(event: ChannelEvent, clean: Cleaner): ChannelEvent {
  const { words } = clean;
  const providerRef = identifier(event.providerRef);
  const raw = rawOf(event.raw, clean);
  switch (event.kind) {
    case 'status':
      return { ...event, providerRef, raw, reason: event.reason === null ? null : words(event.reason) };
    case 'left':
      return { ...event, providerRef, raw, why: words(event.why) };
    case 'received':
      return {
        ...event,
        providerRef,
        raw,
        fileName: event.fileName === null ? null : words(event.fileName),
        transport: Object.fromEntries(Object.entries(event.transport).map(([k, v]) => [k, identifier(v)])),
      };
  }
}
