import { lookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { ChannelError } from './delivery-channel';

/** How long the check of a host's addresses may wait for the resolver. */
const LOOKUP_TIMEOUT_MS = 10_000;

/** How long one call to a provider may take before it counts as the provider being away. */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * The most of a provider's answer that is read: a status, a receipt, an error (the largest seen are a few
 * KiB). Beyond it the answer is not read on, the connection is dropped, and the call fails as transient (an
 * answer that cannot be read says nothing of the document): a provider, or anything answering in its name,
 * cannot make the service hold hundreds of megabytes, nor store them.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The most of an answer that carries documents (a received invoice, a Factur-X PDF, a page of documents or
 * of a queue): an upload may be 10 MiB (MAX_BODY_BYTES), which base64 and JSON grow by a third or more.
 */
export const MAX_DOCUMENT_ANSWER_BYTES = 32 * 1024 * 1024;

/** A call's options beyond fetch's own: how much of its answer may be read (MAX_ANSWER_BYTES unless said). */
export type OutboundInit = RequestInit & { maxAnswerBytes?: number };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The only fetch a channel gets (docs/channels.md): HTTPS (plain HTTP to loopback only, for a local mock
 * or relay), and, with OUTBOUND_HOSTS set, only to the hosts it names, so an air-gapped site opens the one
 * host of its provider and nothing else. Refusals are permanent ChannelErrors; a timeout or a network
 * failure is transient. Every answer is read through `boundedAnswer`, whichever way the caller reads it.
 */
export function guardedFetch(
  allowed: readonly string[] | null,
  options: { plainHttp?: boolean } = {},
): (url: string, init?: OutboundInit) => Promise<Response> {
  return async (url, init) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ChannelError(`not a URL: ${url}`, false);
    }
    const host = target.hostname.toLowerCase();
    // Peppol's SMPs answer over plain HTTP (their answers are public, and signed): the lookup may use it.
    const plain = target.protocol === 'http:' && (options.plainHttp === true || LOOPBACK.has(host));
    if (target.protocol !== 'https:' && !plain) {
      throw new ChannelError(`${target.protocol} is refused: channels speak HTTPS only`, false);
    }
    if (allowed !== null && !allowed.includes(host) && !allowed.includes(target.host.toLowerCase())) {
      throw new ChannelError(
        `${host} is not in OUTBOUND_HOSTS: the service may reach ${allowed.join(', ') || 'no host'}`,
        false,
      );
    }
    // A host OUTBOUND_HOSTS names is the operator's choice, wherever it is; any other must be on the
    // internet (or loopback), not an address inside the network the service runs in.
    if (allowed === null) await refuseInternal(host);
    const { maxAnswerBytes = MAX_ANSWER_BYTES, ...request } = init ?? {};
    const signal = request.signal
      ? AbortSignal.any([request.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)])
      : AbortSignal.timeout(CALL_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, { ...request, signal, redirect: 'manual' });
    } catch (error) {
      throw new ChannelError(`${host} did not answer: ${(error as Error).message}`, true);
    }
    return boundedAnswer(response, maxAnswerBytes, host);
  };
}

/**
 * The answer with its body read through a counter: past `maxBytes` the body fails with a transient
 * ChannelError (whether read with text(), json(), arrayBuffer() or a reader) and the connection is
 * cancelled, so no more than `maxBytes` (and a chunk) is ever held. A declared Content-Length past it
 * fails at the first read, before anything is taken.
 */
export function boundedAnswer(response: Response, maxBytes: number, host: string): Response {
  const tooLarge = () =>
    new ChannelError(
      `${host} answered more than ${maxBytes} bytes: the answer was not read (a provider's answer is far smaller)`,
      true,
      { status: response.status },
    );
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (response.body === null || NO_BODY.has(response.status)) {
    void response.body?.cancel().catch(() => undefined);
    return new Response(null, init);
  }
  const declared = Number(response.headers.get('content-length'));
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      if (Number.isFinite(declared) && declared > maxBytes) controller.error(tooLarge());
    },
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), init);
}

/**
 * Refuses a host that is, or whose name resolves to, an address inside a network rather than on the
 * internet: private (10/8, 172.16/12, 192.168/16, fc00::/7), shared (100.64/10), link-local (169.254/16
 * with the clouds' metadata service, fe80::/10), unspecified (0.0.0.0, ::), multicast and reserved. A
 * connection's `base_url` or an SMP's answer would otherwise let an account reach (and, by the errors,
 * map) the machines around the service. Loopback stays open, as documented (a local relay, a test's
 * mock); OUTBOUND_HOSTS opens any host it names. A name that does not resolve is a transient failure.
 */
async function refuseInternal(host: string): Promise<void> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIPv4(bare) || isIPv6(bare)) addresses = [bare];
  else {
    // A name that does not resolve now is not let through to fetch, which would resolve it again (a
    // resolver failing the first query and answering 10.x to the second): a try again later, as an
    // unreachable host is. Bounded as a call is.
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer from the resolver')), LOOKUP_TIMEOUT_MS);
      });
      const found = await Promise.race([lookup(bare, { all: true, verbatim: true }), timeout]);
      addresses = found.map((entry) => entry.address);
    } catch (error) {
      throw new ChannelError(`${host} could not be resolved: ${(error as Error).message}`, true);
    } finally {
      clearTimeout(timer);
    }
  }
  const inside = addresses.find((address) => addressScope(address) === 'internal');
  if (inside === undefined) return;
  throw new ChannelError(
    `${host} is ${inside === bare ? 'an address' : `at ${inside}, an address`} inside a private network, not on the internet: the service reaches such a host only when OUTBOUND_HOSTS names it`,
    false,
  );
}

/** Where an IP address is: loopback, inside a network (not routed on the internet), or public. */
export function addressScope(address: string): 'loopback' | 'internal' | 'public' {
  if (isIPv4(address)) return ipv4Scope(address);
  if (!isIPv6(address)) return 'public';
  const words = ipv6Words(address);
  if (words === null) return 'internal';
  const [a = 0, b = 0, c = 0] = words;
  const zeroHigh = words.slice(0, 5).every((w) => w === 0);
  const embedded = (hi: number, lo: number) => ipv4Scope(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4
  // address inside them; so does 2002:AABB:CCDD::/48 (6to4, the address in words 1-2).
  if (
    (zeroHigh && words[5] === 0xffff) ||
    (words.slice(0, 4).every((w) => w === 0) && words[4] === 0xffff && words[5] === 0) ||
    (a === 0x64 && b === 0xff9b && words.slice(2, 6).every((w) => w === 0))
  ) {
    return embedded(words[6] ?? 0, words[7] ?? 0);
  }
  if (a === 0x2002) return embedded(b, c);
  // 64:ff9b:1::/48, local-use translation (RFC 8215), and Teredo's 2001::/32 (tunnels to addresses written
  // inside them in ways a check cannot follow): never a provider's address on the internet.
  if (a === 0x64 && b === 0xff9b && c === 1) return 'internal';
  if (a === 0x2001 && b === 0) return 'internal';
  if (words.every((w, i) => w === (i === 7 ? 1 : 0))) return 'loopback';
  if (words.every((w) => w === 0)) return 'internal'; // ::
  if (zeroHigh && words[5] === 0) return 'internal'; // ::a.b.c.d, deprecated IPv4-compatible
  if ((a & 0xfe00) === 0xfc00) return 'internal'; // fc00::/7 unique local
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return 'internal'; // link-local, site-local
  if ((a & 0xff00) === 0xff00) return 'internal'; // multicast
  return 'public';
}

function ipv4Scope(address: string): 'loopback' | 'internal' | 'public' {
  const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
  if (a === 127) return 'loopback';
  const internal =
    a === 0 || // "this network", 0.0.0.0 among it: Linux connects it to the host itself
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) || // shared address space (carrier-grade NAT)
    (a === 169 && b === 254) || // link-local: the cloud metadata service (169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224; // multicast, reserved, broadcast
  return internal ? 'internal' : 'public';
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included); null when unreadable. */
function ipv6Words(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [p = 0, q = 0, r = 0, s = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) => (half ? half.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const words = [...head, ...Array<number>(Math.max(missing, 0)).fill(0), ...tail];
  return words.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffff) ? null : words;
}
