import { createHash } from 'node:crypto';

export type PreparedBody =
  /** `identity` is what Idempotency-Key compares: the JSON text, or a digest of any other body's bytes. */
  | { kind: 'ok'; request: Request; identity: string }
  | { kind: 'too_large' }
  | { kind: 'malformed_json' }
  | { kind: 'too_deep' }
  /** Bytes that are not text in the body's charset (UTF-8 unless Content-Type names another). */
  | { kind: 'not_text'; message: string }
  /** A JSON string (or key) holding U+0000, at this dotted place (`body.name`): no text column stores it. */
  | { kind: 'nul_character'; loc: string }
  /** A JSON string (or key) holding a lone surrogate (`"\\ud800"`), at this dotted place: no character. */
  | { kind: 'not_unicode'; loc: string };

/** What makes a JSON string unfit to keep: U+0000, or a lone surrogate (no Unicode character). */
export type BadText = 'nul_character' | 'not_unicode';

/** What a field refused for its text says (at the door, or the database's refusal of a kept draft's). */
export const BAD_TEXT_MESSAGES: Record<BadText, string> = {
  nul_character: 'Text must not contain the NUL character (U+0000)',
  not_unicode: 'Text must be Unicode: a lone surrogate (\\ud800-\\udfff without its pair) is no character',
};

const badText = (text: string): BadText | null =>
  text.includes('\u0000') ? 'nul_character' : text.isWellFormed() ? null : 'not_unicode';

/** `key` as a dotted place shows it: U+0000 and lone surrogates written as their JSON escapes. */
const shownKey = (key: string) =>
  key.replaceAll('\u0000', '\\u0000').replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) =>
      // A pair stays the character it is; only a lone half is written as its escape.
      `\\u${c.charCodeAt(0).toString(16)}`,
  );

/**
 * Where in a parsed JSON value a string or key holds U+0000 or a lone surrogate
 * (`body.line_items.0.name`), and which, or null. Such text is refused at the door: PostgreSQL's text
 * cannot hold NUL and its jsonb refuses a lone surrogate's escape (the service keeps JSON in text columns
 * that its SQL reads as jsonb there), XML forbids both, SQLite would keep either or U+FFFD instead, and no
 * field means one.
 */
export function badTextAt(value: unknown, loc = 'body'): { loc: string; kind: BadText } | null {
  if (typeof value === 'string') {
    const kind = badText(value);
    return kind === null ? null : { loc, kind };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badTextAt(value[i], `${loc}.${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const kind = badText(key);
      if (kind !== null) return { loc: `${loc}.${shownKey(key)}`, kind };
      const found = badTextAt(item, `${loc}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Deeper than any body the API defines. A 100,000-level array is valid JSON, but Elysia's validation error
 * stringifies the value recursively: a stack overflow (a 500) after seconds of work. Refused up front.
 */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of JSON text, counted by a linear scan that skips brackets inside strings. */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

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
 * What makes two non-JSON bodies "the same request" for Idempotency-Key. Multipart bodies are compared by
 * their parts (every client picks a fresh random boundary, so the raw bytes never repeat).
 */
async function bytesIdentity(request: Request, bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    try {
      for (const [name, value] of await request.clone().formData()) {
        hash.update(`${name}\0`);
        if (typeof value === 'string') hash.update(`text\0${value}\0`);
        else hash.update(`file\0${value.name}\0`).update(new Uint8Array(await value.arrayBuffer()));
      }
      return `multipart:${hash.digest('hex')}`;
    } catch {
      // Not parseable as multipart: fall back to the bytes; the route will refuse it anyway.
    }
  }
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * A JSON body's text. JSON is UTF-8 (RFC 8259), and bytes that are not are refused rather than read as
 * U+FFFD: a Windows-1252 export posted as it is would otherwise store "B\uFFFDckerei" without a word. A
 * `charset` the Content-Type names (`iso-8859-1`, `windows-1252`) is honoured: the client said what it sent.
 */
function decodeJsonText(
  bytes: Uint8Array,
  contentType: string,
): { kind: 'ok'; text: string; transcoded: boolean } | { kind: 'not_text'; message: string } {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  const utf8 = charset === 'utf-8' || charset === 'utf8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(utf8 ? 'utf-8' : (charset as 'utf-8'), { fatal: true });
  } catch {
    return {
      kind: 'not_text',
      message: `Content-Type names charset '${charset}', which is not supported: send UTF-8`,
    };
  }
  try {
    return { kind: 'ok', text: decoder.decode(bytes), transcoded: !utf8 };
  } catch {
    const message = utf8
      ? 'The request body is not valid UTF-8 (JSON is UTF-8): convert the text, or name its charset in Content-Type (application/json; charset=windows-1252)'
      : `The request body is not valid ${charset}`;
    return { kind: 'not_text', message };
  }
}

/**
 * Reads a request body once, under the size limit whether or not Content-Length was sent, and settles
 * JSON here: malformed JSON is refused (Elysia would quietly treat it as "no body" on routes whose body is
 * optional), and an empty JSON body counts as no body at all.
 */
export async function prepareBody(request: Request, maxBytes: number): Promise<PreparedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { kind: 'too_large' };
  if (request.body === null) return { kind: 'ok', request, identity: '' };
  const bytes = await readLimited(request.body, maxBytes);
  if (bytes === null) return { kind: 'too_large' };
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  // No route reads a form's fields (bodies are JSON; uploads multipart): Elysia would parse one into the
  // body and a form that passes the schema would be taken, where docs/api-conventions.md says 400.
  if (/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
    return {
      kind: 'not_text',
      message: 'A form body (application/x-www-form-urlencoded) is not read: send application/json',
    };
  }
  if (!isJson(request)) {
    const rebuilt = new Request(request.url, { method: request.method, headers, body: bytes });
    return { kind: 'ok', request: rebuilt, identity: await bytesIdentity(rebuilt, bytes) };
  }
  const decoded = decodeJsonText(bytes, request.headers.get('content-type') ?? '');
  if (decoded.kind !== 'ok') return decoded;
  const text = decoded.text;
  if (decoded.transcoded) headers.set('content-type', 'application/json');
  if (text.trim() === '') {
    headers.delete('content-type');
    return {
      kind: 'ok',
      request: new Request(request.url, { method: request.method, headers }),
      identity: '',
    };
  }
  // Checked here, parsed again by Elysia: a global parse hook would hide every request body from the
  // OpenAPI document (the generator skips function parsers), and a second parse costs well under 1 ms.
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return { kind: 'too_deep' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'malformed_json' };
  }
  // Only text that spells U+0000 or a surrogate (a JSON escape: decoded UTF-8 holds no lone one) is walked.
  const bad = /\\u(0000|d[89a-f])/i.test(text) || text.includes('\u0000') ? badTextAt(parsed) : null;
  if (bad !== null) return { kind: bad.kind, loc: bad.loc };
  const rebuilt = new Request(request.url, { method: request.method, headers, body: text });
  return { kind: 'ok', request: rebuilt, identity: text };
}
