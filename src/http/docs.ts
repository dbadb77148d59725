import { type AnyElysia, Elysia, t } from 'elysia';
import swaggerCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' };
import swaggerBundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' };
import { SERVICE_NAME, VERSION } from '../version';

export const OPENAPI_JSON_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/v1/docs';

// Swagger UI is served from files embedded in the executable: an air-gapped host has no CDN.
const ASSETS: Record<string, { path: string; type: string }> = {
  'swagger-ui.css': { path: swaggerCss, type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { path: swaggerBundle, type: 'text/javascript; charset=utf-8' },
};

// The page's one inline script, allowed by its hash: the page lives on the console's origin, so it gets the
// console's protections (no other script, never framed, no sniffing). Swagger UI needs data: images (its
// icons) and inline styles (it positions its own elements); it calls only this origin.
const INIT_SCRIPT = `
    window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true,
      persistAuthorization: true, tryItOutEnabled: true });
  `;

const INIT_HASH = new Bun.CryptoHasher('sha256').update(INIT_SCRIPT).digest('base64');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    "default-src 'none'",
    `script-src 'self' 'sha256-${INIT_HASH}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${SERVICE_NAME} API ${VERSION}</title>
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script>${INIT_SCRIPT}</script>
</body>
</html>`;

const DESCRIPTION = `Invoice document service: sellers, buyers and documents with exact totals, PDFs, EN 16931
e-invoices. Authenticate with \`Authorization: Bearer <API_KEY>\` (or \`X-API-Key\`). Successful responses are
\`{data: ...}\`; errors are \`{error: {status, code, message, request_id, details?}}\`. A signed-in person in
several accounts acts in one at a time: their session's (POST /api/v1/sessions/current/account), or the one a
request's \`Account: acc_…\` header names (docs/office.md); an API key acts in its own account only.`;

const DOCUMENTATION = {
  info: { title: `${SERVICE_NAME} API`, version: VERSION, description: DESCRIPTION },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'invoice_session',
        description:
          'Set by POST /api/v1/sessions (docs/sign-in.md); writes with it need an Origin of the service itself. The `Account` header chooses the account for one request (docs/office.md)',
      },
    },
  },
  security: [{ bearer: [] }, { apiKeyHeader: [] }, { sessionCookie: [] }],
};

const OPENAPI_VERSION = '3.1.2';

/**
 * The OpenAPI document of every route `app` serves, built on the first request for it and kept while the
 * route table stays the same. `@elysiajs/openapi`'s plugin would do the same but its entry module bundles
 * a copy of zod (264 KB) that every start evaluated; its generator alone is loaded here, on first use.
 */
function openApiDocument(app: () => AnyElysia) {
  let cached: { routes: number; document: unknown } | null = null;
  return async () => {
    const routes = app().routes.length;
    if (cached?.routes === routes) return cached.document;
    const { toOpenAPISchema } = await import('@elysiajs/openapi/openapi');
    // Paths with a file extension (`/exports/documents.csv`) are API routes here, not static files.
    const { paths, components } = toOpenAPISchema(
      app(),
      { staticFile: false },
      undefined,
      undefined,
      OPENAPI_VERSION,
    );
    const schemas: Record<string, unknown> = { ...components.schemas };
    const described = withChoiceOptions(app(), paths as Paths);
    const refined = hoistNamed(withNullInEnums(refinePaths(integersOnly(described) as Paths)), schemas);
    const document = {
      ...DOCUMENTATION,
      openapi: OPENAPI_VERSION,
      paths: refined,
      components: { ...DOCUMENTATION.components, parameters: PARAMETERS, headers: HEADERS, schemas },
    };
    cached = { routes, document };
    return document;
  };
}

// The document's JSON is walked untyped: these name only what the refinements below read or write.
type Json = Record<string, unknown>;
type Schema = Json;
type ApiResponse = {
  description?: string;
  headers?: Json;
  content?: Record<string, { schema?: Schema }> | Json;
};
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, ApiResponse>;
};
type Paths = Record<string, Record<string, Operation>>;

const READS = new Set(['get', 'head', 'options']);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What each error status means, in place of the generator's "Response for status 4xx"; the codes and when
 * they come are docs/api-conventions.md's. 503 and 507 are listed on every operation (see refinePaths).
 */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400':
    'bad_request: malformed JSON, a body that is not application/json (multipart/form-data for uploads), or an invalid Idempotency-Key',
  '401': 'unauthorized: no API key or session, or one that is unknown, revoked or of a disabled account',
  '403':
    "forbidden: the caller's role may not do this (docs/roles.md), an `Account` header naming an account the caller does not reach, or a cookie write without the service's own Origin",
  '404': 'not_found: no such resource in the account acted in',
  '409':
    'conflict: the resource is not in a state that allows this (the message says why), or the Idempotency-Key was used with another request or its first request is still running',
  '413': 'payload_too_large: the body is larger than MAX_BODY_BYTES (details.max_bytes)',
  '415':
    'unsupported_media_type: a Content-Type the route does not read (it reads application/xml, application/pdf or JSON)',
  '422':
    'unprocessable_entity: the request is not valid, details.fields lists each problem as {loc, msg, type} (also compliance_failed, invalid_base_template where the operation says so)',
  '429':
    "rate_limited: over the account's requests per second (Retry-After says when to try again; details.requests_per_second), or quota_exceeded: the plan's renders of the month are used up",
  '500': 'internal_error: an unexpected failure, logged with the request_id',
  '501': 'not_configured: the service is not set up for this (SMTP_URL, STRIPE_SECRET_KEY, a channel)',
  '502': 'provider_error: the provider answered an error or could not be reached',
  '503':
    'service_unavailable: the database or the file store cannot be reached just now (restarting, stopped, out of connections); nothing was done, retry after the Retry-After seconds',
  '507':
    'insufficient_storage: the database or disk is full (or a file write met a full or read-only disk); nothing was written, retry once space is freed',
};

/** A success's status, said in words where the route's schema has no description of its own. */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background; the answer says where to follow it',
  '204': 'Done; no content',
};

/** Headers every authenticated operation (Account) or write (Idempotency-Key) takes, defined once. */
const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write safe to retry: the same key with the same request within 24 hours replays the first answer (with `Idempotent-Replayed: true`), except a 429 or 5xx, which are not kept (the retry runs); with another request, or while the first still runs, it is a 409 (docs/api-conventions.md#idempotency)',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  },
  Account: {
    name: 'Account',
    in: 'header',
    required: false,
    description:
      "For a signed-in person in several accounts: the account (`acc_…`) this request acts in, instead of the session's; an API key acts in its own account only (another is a 403). docs/office.md",
    schema: { type: 'string', examples: ['acc_01jd0000000000000000000000'] },
  },
};
/** Response headers an integrator acts on. */
const HEADERS = {
  RetryAfter: {
    description:
      'Whole seconds to wait before trying again: on rate_limited and service_unavailable (a quota_exceeded 429 has none: the renders come back with the next month)',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitLimit: {
    description: "The account's requests per second (its plan's), on an answer the rate limit counted",
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: {
    description:
      'Requests left in the current second, on an answer the rate limit counted (docs/api-conventions.md#rate-limits)',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      '`true` on an answer replayed for an Idempotency-Key (the first answer, stored; nothing ran again); absent otherwise',
    schema: { type: 'string', enum: ['true'] },
  },
  TraceId: {
    description: "The request's id (`req_…`), as an error's `request_id` and the server log name it",
    schema: { type: 'string' },
  },
};
const RETRY_AFTER = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
/** What a success of an authenticated operation carries; a write's may be a replay. */
const SUCCESS_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'X-Trace-Id': { $ref: '#/components/headers/TraceId' },
};
const WRITE_SUCCESS_HEADERS = {
  ...SUCCESS_HEADERS,
  'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
};
const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' };
const ACCOUNT = { $ref: '#/components/parameters/Account' };

/**
 * What the generator leaves for an integrator to trip over, corrected once here for every route:
 * - request bodies are JSON only, uploads multipart only (the generator lists both and form encoding
 *   for every body; docs/api-conventions.md says JSON);
 * - a response declared with `fileResponse` (src/http/schemas.ts) is listed under its own media type, not
 *   as JSON; a body-less response (204) has no content;
 * - error statuses are described; every write that answers the error envelope lists 413 and 507, and every
 *   operation 503 (src/http/error-handler.ts answers them for every route);
 * - an authenticated write takes `Idempotency-Key` and may answer 409 for it; an authenticated operation
 *   takes the `Account` header; 429 and 503 carry Retry-After;
 * - operation ids are identifiers (camelCase), as client generators name functions by them.
 */
function refinePaths(paths: Paths): Paths {
  for (const methods of Object.values(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // `getApiV1Api-keysByApi_key_id`, `getApiV1ExportsDocuments.csv`: a client generator makes function
      // names of these; camelCase them (`getApiV1ApiKeysByApiKeyId`, `getApiV1ExportsDocumentsCsv`).
      operation.operationId = operation.operationId?.replace(/[-._]+([A-Za-z0-9])/g, (_, next: string) =>
        next.toUpperCase(),
      );
      const content = operation.requestBody?.content;
      if (content?.['application/json']) {
        // An upload (a `t.File()` field) is multipart only; any other body JSON only.
        const upload = isUpload(content['application/json']);
        delete content['application/x-www-form-urlencoded'];
        delete content[upload ? 'application/json' : 'multipart/form-data'];
      }
      const responses = operation.responses;
      if (!responses) continue;
      for (const [status, response] of Object.entries(responses)) {
        refineResponse(status, response);
      }
      for (const status of ['429', '503']) {
        const response = responses[status];
        if (response && isEnvelope(response)) responses[status] = { ...response, headers: RETRY_AFTER };
      }
      const envelope = responses['500'];
      if (!envelope) continue;
      const write = !READS.has(method);
      const secured = operation.security === undefined || operation.security.length > 0;
      const add = (status: string) => {
        responses[status] ??= {
          ...envelope,
          description: STATUS_DESCRIPTIONS[status],
          ...(status === '503' ? { headers: RETRY_AFTER } : {}),
        };
      };
      add('503');
      if (write) {
        add('413');
        add('507');
      }
      if (secured) {
        // A success names the headers an integrator reads: the rate limit's, the trace id, a write's replay.
        for (const [status, response] of Object.entries(responses)) {
          if (!status.startsWith('2')) continue;
          response.headers = {
            ...(response.headers ?? {}),
            ...(write ? WRITE_SUCCESS_HEADERS : SUCCESS_HEADERS),
          };
        }
        operation.parameters = [...(operation.parameters ?? []), ACCOUNT];
        if (write) {
          add('409');
          operation.parameters.push(IDEMPOTENCY_KEY);
        }
      }
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
  }
  return paths;
}

/** An answer in the error envelope (src/http/schemas.ts, named Error). */
function isEnvelope(response: ApiResponse): boolean {
  const json = (response.content as Record<string, { schema?: Schema }> | undefined)?.['application/json'];
  return json?.schema?.$id === '#/components/schemas/Error';
}

/** A request body with a file field (`t.File()`: `format: binary`), sent as multipart/form-data. */
function isUpload(media: unknown): boolean {
  const properties = isObject(media) && isObject(media.schema) ? media.schema.properties : undefined;
  return (
    isObject(properties) && Object.values(properties).some((one) => isObject(one) && one.format === 'binary')
  );
}

function refineResponse(status: string, response: ApiResponse) {
  const said = STATUS_DESCRIPTIONS[status] ?? SUCCESS_DESCRIPTIONS[status];
  if (said && (response.description ?? '').startsWith('Response for status')) response.description = said;
  const content = response.content;
  if (!content) return;
  // t.Void(): the generator writes `content: {type: 'void'}`, which is no content at all.
  if (typeof content.type === 'string') {
    delete response.content;
    return;
  }
  const json = (content as Record<string, { schema?: Schema }>)['application/json'];
  if (!json?.schema) return;
  const { rest, files } = splitFiles(json.schema);
  if (files.length === 0) return;
  const refined: Record<string, { schema: Schema }> = {};
  if (rest) refined['application/json'] = { schema: rest };
  for (const file of files) refined[file.mediaType] = { schema: file.schema };
  response.content = refined;
  if (!rest && files[0]?.schema.description && response.description === SUCCESS_DESCRIPTIONS[status]) {
    response.description = String(files[0].schema.description);
  }
}

/** The marker `fileResponse` leaves on a schema (src/http/schemas.ts). */
const MEDIA_TYPE = 'x-media-type';

/** A response schema's files (by media type) apart from its JSON alternative, if any. */
function splitFiles(schema: Schema): {
  rest: Schema | null;
  files: { mediaType: string; schema: Schema }[];
} {
  const asFile = (one: Schema) => {
    const { [MEDIA_TYPE]: mediaType, ...described } = one;
    const text = String(mediaType).startsWith('text/') || String(mediaType).endsWith('xml');
    return {
      mediaType: String(mediaType),
      schema: { type: 'string', ...(text ? {} : { format: 'binary' }), ...described },
    };
  };
  if (typeof schema[MEDIA_TYPE] === 'string') return { rest: null, files: [asFile(schema)] };
  const alternatives = schema.anyOf;
  if (!Array.isArray(alternatives)) return { rest: schema, files: [] };
  const files = alternatives.filter((one) => isObject(one) && typeof one[MEDIA_TYPE] === 'string');
  if (files.length === 0) return { rest: schema, files: [] };
  const others = alternatives.filter((one) => !files.includes(one));
  const rest =
    others.length === 0 ? null : others.length === 1 ? (others[0] as Schema) : { ...schema, anyOf: others };
  return { rest, files: files.map(asFile) };
}

/**
 * Elysia's `t.Integer` is `anyOf: [{type: 'string', format: 'integer', default: 0}, {type: 'integer'}]`
 * so that a query's `?limit=5` passes: the document said every whole number was a string or a number, and
 * a string one defaulting to 0 (`interval`, whose default is 1). The service sends integers and takes them
 * (a query's numeral is an integer parameter's serialisation): the union becomes its integer, with the
 * union's own description and limits.
 */
function integersOnly(node: unknown): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = walk(child);
    const alternatives = out.anyOf;
    if (Array.isArray(alternatives) && alternatives.length === 2) {
      const numeral = alternatives.find(
        (one) => isObject(one) && one.type === 'string' && one.format === 'integer',
      );
      const integer = alternatives.find((one) => isObject(one) && one.type === 'integer');
      if (numeral && isObject(integer)) {
        const { anyOf: _union, ...own } = out;
        return { ...integer, ...own };
      }
    }
    return out;
  };
  return walk(node);
}

/** What a choice of literals carries beside its values, which the generator drops. */
const CHOICE_OPTIONS = ['description', 'default', 'examples', 'title', 'deprecated'];

/**
 * A union of literals (`t.Union([t.Literal('a'), t.Literal('b')], {description})`) comes out of the generator
 * as `{type: 'string', enum}`, its description and default dropped: every such field of a query, a body or
 * an answer had none in the document. Each route's own schemas (the TypeBox objects it validates with) are
 * walked beside the generated ones, and the options put back where the generator left them out.
 */
function withChoiceOptions(app: AnyElysia, paths: Paths): Paths {
  for (const route of app.routes) {
    const path = route.path.replace(/:([^/]+)/g, '{$1}');
    const operation = paths[path]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const hooks = (route.hooks ?? {}) as Record<string, unknown>;
    for (const [part, where] of [
      ['query', 'query'],
      ['params', 'path'],
      ['headers', 'header'],
    ] as const) {
      const properties = isObject(hooks[part]) ? (hooks[part] as Json).properties : undefined;
      if (!isObject(properties)) continue;
      for (const parameter of operation.parameters ?? []) {
        if (!isObject(parameter) || parameter.in !== where || !isObject(parameter.schema)) continue;
        restoreChoices(properties[String(parameter.name)], parameter.schema);
      }
    }
    for (const media of Object.values(operation.requestBody?.content ?? {})) {
      if (isObject(media)) restoreChoices(hooks.body, media.schema);
    }
    const declared = hooks.response;
    if (!isObject(declared)) continue;
    // One schema per status, or one schema for 200.
    const perStatus = Object.keys(declared).every((key) => /^\d{3}$/.test(key));
    const byStatus: Json = perStatus ? declared : { 200: declared };
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const content = response.content as Record<string, { schema?: unknown }> | undefined;
      restoreChoices(byStatus[status], content?.['application/json']?.schema);
    }
  }
  return paths;
}

/** Walks a route's TypeBox schema and its generated JSON Schema together (see withChoiceOptions). */
function restoreChoices(source: unknown, target: unknown, depth = 0): void {
  if (!isObject(source) || !isObject(target) || depth > 32) return;
  const alternatives = Array.isArray(source.anyOf) ? source.anyOf.filter(isObject) : [];
  if (Array.isArray(target.enum) && alternatives.length > 0) {
    const literals = alternatives.every((one) => 'const' in one);
    // A nullable choice (`t.Union([choice, t.Null()])`) was merged into one enum: its choice carries the options.
    const choice = literals ? source : alternatives.find((one) => Array.isArray(one.anyOf));
    for (const from of [choice, source]) {
      if (!isObject(from)) continue;
      for (const key of CHOICE_OPTIONS) {
        if (from[key] !== undefined && target[key] === undefined) target[key] = from[key];
      }
    }
    return;
  }
  if (isObject(source.properties) && isObject(target.properties)) {
    for (const [name, property] of Object.entries(target.properties)) {
      restoreChoices(source.properties[name], property, depth + 1);
    }
  }
  if (isObject(source.items)) restoreChoices(source.items, target.items, depth + 1);
  if (alternatives.length > 0 && Array.isArray(target.anyOf)) {
    const targets = target.anyOf;
    if (targets.length === alternatives.length) {
      alternatives.forEach((one, i) => {
        restoreChoices(one, targets[i], depth + 1);
      });
    }
  } else if (alternatives.length > 0) {
    // A nullable object or array (`t.Union([t.Object(…), t.Null()])`) merged into one schema.
    const nonNull = alternatives.filter((one) => one.type !== 'null');
    if (nonNull.length === 1) restoreChoices(nonNull[0], target, depth + 1);
  }
}

/**
 * A nullable union of literals (`t.Union([t.Union([t.Literal('a'), …]), t.Null()])`) comes out of the
 * generator as `type: ['string', 'null']` beside an `enum` without null, which no JSON Schema validator
 * lets a null through: the null goes into the enum.
 */
function withNullInEnums<T>(node: T): T {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const one of value) walk(one);
      return;
    }
    if (!isObject(value)) return;
    const { type, enum: choices } = value;
    if (Array.isArray(choices) && Array.isArray(type) && type.includes('null') && !choices.includes(null)) {
      value.enum = [...choices, null];
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  return node;
}

/**
 * A schema declared with `$id: '#/components/schemas/<Name>'` (the error envelope, src/http/schemas.ts)
 * is written once under components.schemas and referenced everywhere else, so that a generated client has
 * one named type for it (and the document is not the same object a thousand times over).
 */
function hoistNamed<T>(node: T, schemas: Record<string, unknown>): T {
  const prefix = '#/components/schemas/';
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const id = value.$id;
    if (typeof id === 'string' && id.startsWith(prefix)) {
      const { $id: _id, ...schema } = value;
      const name = id.slice(prefix.length);
      schemas[name] ??= walk(schema);
      return { $ref: id };
    }
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = walk(child);
    return out;
  };
  return walk(node) as T;
}

/** `app` gives the whole application, whose routes the OpenAPI document describes. */
export function docsRoutes(app: () => AnyElysia) {
  return new Elysia()
    .get(OPENAPI_JSON_PATH, openApiDocument(app), { detail: { hide: true } })
    .get(DOCS_PATH, () => new Response(PAGE, { headers: PAGE_HEADERS }), { detail: { hide: true } })
    .get(
      `${DOCS_PATH}/assets/:file`,
      ({ params, set }) => {
        const asset = ASSETS[params.file];
        if (!asset) return undefined;
        set.headers['cache-control'] = 'public, max-age=86400';
        return new Response(Bun.file(asset.path), {
          headers: { 'content-type': asset.type, 'x-content-type-options': 'nosniff' },
        });
      },
      { params: t.Object({ file: t.String() }), detail: { hide: true } },
    );
}
