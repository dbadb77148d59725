// Asking a participant's SMP whether it receives a document type (SMP 1.x REST): one GET of its
// ServiceMetadata, an SMP Redirect followed once. Every request goes through the injected `fetch`, the
// service's guarded one (OUTBOUND_HOSTS, time limit), HTTP redirects included.
import { ChannelError, type ParticipantId, type RawReceipt } from '../../delivery-channel';
import { DOCUMENT_TYPE_SCHEME } from './document-types';
import { PARTICIPANT_SCHEME } from './participant';
import { parseServiceMetadata, supportsBilling } from './smp-xml';

export type OutboundFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** An SMP answering slower than this is treated as down (the guarded fetch may cut it shorter). */
const SMP_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_HTTP_REDIRECTS = 3;

/**
 * `{smp}/iso6523-actorid-upis%3A%3A0088%3A…/services/busdox-docid-qns%3A%3A…`: each identifier with its
 * scheme percent-encoded as one path segment, as the Peppol SMP client does (`#` must become `%23`).
 */
export function serviceMetadataUrl(smpUrl: string, participant: ParticipantId, documentType: string): string {
  const who = encodeURIComponent(`${PARTICIPANT_SCHEME}::${participant.scheme}:${participant.value}`);
  const what = encodeURIComponent(`${DOCUMENT_TYPE_SCHEME}::${documentType}`);
  return `${smpUrl.replace(/\/+$/, '')}/${who}/services/${what}`;
}

export interface DocumentTypeAnswer {
  supported: boolean;
  /** The ServiceMetadata as the SMP sent it; null when it has none for the type (404). */
  raw: RawReceipt | null;
}

/** Whether the SMP publishes an AS4 endpoint of the billing process for `documentType` at `now`. */
export async function checkDocumentType(
  fetch: OutboundFetch,
  smpUrl: string,
  participant: ParticipantId,
  documentType: string,
  now: Date,
): Promise<DocumentTypeAnswer> {
  let url = serviceMetadataUrl(smpUrl, participant, documentType);
  for (let redirects = 0; ; redirects++) {
    const response = await get(fetch, url);
    if (response.status === 404 || response.status === 410) return { supported: false, raw: null };
    const raw = {
      contentType: response.headers.get('content-type') ?? 'text/xml',
      body: await bodyOf(response),
    };
    const metadata = await parseServiceMetadata(raw.body);
    if (metadata.kind === 'redirect') {
      if (redirects > 0) throw new ChannelError(`the SMP redirected twice (last to ${metadata.href})`, false);
      url = httpUrl(metadata.href, 'an SMP Redirect');
      continue;
    }
    const stated = metadata.participant?.value.toLowerCase();
    if (stated !== `${participant.scheme}:${participant.value}`.toLowerCase()) {
      throw new ChannelError(`the SMP answered for another participant (${stated ?? 'none'})`, false, {
        raw,
      });
    }
    if (metadata.documentType?.value !== documentType) {
      throw new ChannelError(`the SMP answered for another document type`, false, { raw });
    }
    return { supported: supportsBilling(metadata, now), raw };
  }
}

/** A GET, following HTTP redirects ourselves so that each hop passes the guarded fetch's host check. */
async function get(fetch: OutboundFetch, first: string): Promise<Response> {
  let url = first;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(SMP_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof ChannelError) throw error;
      throw new ChannelError(
        `the SMP at ${new URL(url).host} could not be reached: ${(error as Error).message}`,
        true,
      );
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      if (hops >= MAX_HTTP_REDIRECTS) throw new ChannelError('the SMP redirected too often', false);
      await response.body?.cancel();
      url = httpUrl(new URL(location, url).href, 'an HTTP redirect');
      continue;
    }
    if (response.ok || response.status === 404 || response.status === 410) return response;
    await response.body?.cancel();
    const transient = response.status === 429 || response.status >= 500;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ChannelError(`the SMP answered HTTP ${response.status}`, transient, {
      status: response.status,
      ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    });
  }
}

function httpUrl(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ChannelError(`${what} names no valid URL: ${text}`, false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ChannelError(`${what} names no http(s) URL: ${text}`, false);
  }
  return url.href;
}

/** The body as text, refused beyond MAX_ANSWER_BYTES without reading the rest. */
async function bodyOf(response: Response): Promise<string> {
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new ChannelError(`the SMP's answer broke off: ${(error as Error).message}`, true);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ChannelError(`the SMP's answer is larger than ${MAX_ANSWER_BYTES} bytes`, false);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
