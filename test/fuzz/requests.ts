// Hostile requests for one OpenAPI operation: path params (a real id of the account or a random string),
// query strings, headers and bodies in every shape the fuzz test sends.
import fc from 'fast-check';
import { deeplyNested, NASTY_STRINGS, nastyJson, nastySegment, nastyString, shapedBy } from './hostile';

export interface Operation {
  method: string;
  path: string;
  op: Record<string, any>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** What was generated, for the failure message. */
  label: string;
}

/** Every method and path of the OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** A body over the server's size limit, built once (a 70 KB string repeated would be slow to generate). */
const OVERSIZED = `{"a":"${'x'.repeat(11 * 1024 * 1024)}"}`;

const rawBodies = fc.constantFrom(
  '{',
  '{"a":1,}',
  '[1,2',
  "{'single': 'quotes'}",
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  'null',
  '"just a string"',
  '12',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1e999999}',
  deeplyNested(100_000, 'array'),
  deeplyNested(20_000, 'object'),
  OVERSIZED,
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=nothing-matches',
  'application/xml',
  'image/png',
  '*/*',
);

/** Header values fetch can send (Latin-1, no CR/LF): others are dropped, the client would refuse them. */
function headerSafe(value: string): string | null {
  // Long values are left out too: past Bun's header limit the HTTP layer answers a bare 431 itself.
  return value.length <= 1024 && /^[\x20-\x7e\x80-\xff]*$/.test(value) ? value : null;
}

const extraHeaders = fc.dictionary(
  fc.constantFrom('idempotency-key', 'accept', 'accept-language', 'x-request-id', 'if-none-match', 'range'),
  nastyString,
  { maxKeys: 3 },
);

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Query values and path params stay under Bun's URL limit: past it the HTTP layer answers a bare 431 before the app. */
const clipped = (value: string) => value.slice(0, 1024);

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.toWellFormed()); // a lone surrogate cannot be percent-encoded as UTF-8
  }
}

export function requestFor(
  operation: Operation,
  idsByParam: (path: string, param: string) => string | undefined,
  keys: { valid: string },
): fc.Arbitrary<FuzzRequest> {
  const params: any[] = operation.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name as string);
  const queryParams = params.filter((p) => p.in === 'query');
  const schema = operation.op.requestBody?.content?.['application/json']?.schema;
  const hasBody = operation.method !== 'GET';

  const pathValues = fc.tuple(
    ...pathParams.map((name) => {
      const real = idsByParam(operation.path, name);
      return real
        ? fc.oneof({ weight: 4, arbitrary: fc.constant(real) }, { weight: 1, arbitrary: nastySegment })
        : nastySegment;
    }),
  );
  const query = fc.tuple(
    fc.tuple(
      ...queryParams.map((p) =>
        fc.option(fc.oneof(shapedBy(p.schema).map(asText), nastyString).map(clipped), { freq: 2 }),
      ),
    ),
    fc.dictionary(nastyString.map(clipped), nastyString.map(clipped), { maxKeys: 2 }),
  );
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${keys.valid}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Basic Zm9vOmJhcg==', `Bearer ${keys.valid}x`) },
  );
  const body: fc.Arbitrary<{ body?: string | FormData; contentType?: string; label: string }> = hasBody
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: shapedBy(schema).map((value) => ({
            body: JSON.stringify(value),
            contentType: 'application/json',
            label: 'shaped json',
          })),
        },
        {
          weight: 2,
          arbitrary: fc.tuple(nastyJson, contentTypes).map(([value, contentType]) => ({
            body: JSON.stringify(value) ?? 'null',
            contentType,
            label: 'any json',
          })),
        },
        {
          weight: 2,
          arbitrary: fc.tuple(rawBodies, contentTypes).map(([raw, contentType]) => ({
            body: raw,
            contentType,
            label: `raw ${raw.slice(0, 40)}`,
          })),
        },
        {
          weight: 1,
          arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }).map((fields) => {
            const form = new FormData();
            for (const [name, value] of Object.entries(fields)) form.append(name, value);
            form.append('file', new Blob([NASTY_STRINGS[2] ?? '']), '../\u0000evil.png');
            return { body: form, label: 'multipart' };
          }),
        },
        { weight: 1, arbitrary: fc.constant({ label: 'no body' }) },
      )
    : fc.constant({ label: 'no body' });

  return fc
    .record({ pathValues, query, auth, body, extra: extraHeaders })
    .map(({ pathValues, query, auth, body, extra }) => {
      let path = operation.path;
      pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeSegment(clipped(pathValues[i] ?? '')));
      });
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => {
        const value = query[0][i];
        if (value !== null && value !== undefined) search.append(p.name, value);
      });
      for (const [name, value] of Object.entries(query[1])) search.append(name, value);
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      for (const [name, value] of Object.entries(extra)) {
        const safe = headerSafe(value);
        if (safe !== null) headers[name] = safe;
      }
      if (body.contentType) headers['content-type'] = body.contentType;
      const qs = search.toString();
      return {
        method: operation.method,
        url: qs ? `${path}?${qs}` : path,
        headers,
        body: body.body,
        label: `${operation.method} ${path.slice(0, 200)}${qs ? `?${qs.slice(0, 200)}` : ''} [${body.label}] ${JSON.stringify(headers).slice(0, 300)} ${typeof body.body === 'string' ? body.body.slice(0, 300) : ''}`,
      };
    });
}
