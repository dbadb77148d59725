import { Elysia } from 'elysia';

// Bodies the front door has already parsed, so Elysia does not parse them twice.
const parsedBodies = new WeakMap<Request, unknown>();

export type PreparedBody =
  | { kind: 'ok'; request: Request; text: string | null }
  | { kind: 'too_large' }
  | { kind: 'malformed_json' };

async function readLimited(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isJson(request: Request): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get('content-type') ?? '');
}

/**
 * Reads a request body once, under the size limit whether or not Content-Length was sent, and settles
 * JSON here: malformed JSON is refused (Elysia would quietly treat it as "no body" on routes whose body is
 * optional), and an empty JSON body counts as no body at all.
 */
export async function prepareBody(request: Request, maxBytes: number): Promise<PreparedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { kind: 'too_large' };
  if (request.body === null) return { kind: 'ok', request, text: null };
  const bytes = await readLimited(request.body, maxBytes);
  if (bytes === null) return { kind: 'too_large' };
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  if (!isJson(request)) {
    const rebuilt = new Request(request.url, { method: request.method, headers, body: bytes });
    return { kind: 'ok', request: rebuilt, text: null };
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') {
    headers.delete('content-type');
    return { kind: 'ok', request: new Request(request.url, { method: request.method, headers }), text: '' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'malformed_json' };
  }
  const rebuilt = new Request(request.url, { method: request.method, headers, body: text });
  parsedBodies.set(rebuilt, parsed);
  return { kind: 'ok', request: rebuilt, text };
}

/** Hands Elysia the value the front door parsed (falsy JSON values fall through to Elysia's own parser). */
export function preparsedJson() {
  return new Elysia({ name: 'preparsed-json' }).onParse({ as: 'global' }, ({ request }) =>
    parsedBodies.get(request),
  );
}
