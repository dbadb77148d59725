// The generated paths corrected for every route: media types, error statuses, the headers an integrator reads.
import {
  ACCOUNT,
  IDEMPOTENCY_KEY,
  RETRY_AFTER,
  STATUS_DESCRIPTIONS,
  SUCCESS_DESCRIPTIONS,
  SUCCESS_HEADERS,
  WRITE_SUCCESS_HEADERS,
} from './openapi-components';
import { type ApiResponse, isObject, type Paths, type Schema } from './openapi-json';

const READS = new Set(['get', 'head', 'options']);

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
export function refinePaths(paths: Paths): Paths {
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
