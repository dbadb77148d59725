import { ChannelError } from './delivery-channel';

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
