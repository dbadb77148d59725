// Checks a request against a provider's OpenAPI 3.0 document, so a mock server can refuse what the real
// provider would refuse and a contract test can fail. Generic: every provider mock (Storecove, Recommand,
// AFNOR) hands in its own trimmed document (test/mocks/openapi/*.json).
//
//   validateRequest(openapi, method, path, { headers, query, body }) → string[] problems (empty: it matches)
//
// `path` is relative to the API's base (the part after the server URL, `/document_submissions`), without
// the query string. `body` is the parsed JSON body (undefined: none), or for multipart/form-data an object
// of its fields. The JSON Schema subset understood: $ref (local), type, nullable, enum, required,
// properties, additionalProperties, items, minItems, maxItems, minLength, maxLength, pattern, minimum,
// maximum, allOf / anyOf / oneOf, and the formats date, date-time, uuid, email and binary (a Blob or bytes);
// anything else in a schema is ignored (lenient, as a missing check cannot fail a good request).

// An OpenAPI document and its schema nodes are untyped JSON.
export type OpenApiDoc = Record<string, any>;
type Schema = Record<string, any>;

export interface RequestParts {
  headers?: Headers | Record<string, string>;
  query?: URLSearchParams | Record<string, string>;
  body?: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The problems of one request; each says where (`body.routing.eIdentifiers[0].scheme`) and what. */
export function validateRequest(
  openapi: OpenApiDoc,
  method: string,
  path: string,
  parts: RequestParts = {},
): string[] {
  const match = matchPath(openapi, path);
  if (!match) return [`${method.toUpperCase()} ${path}: no such path in the API`];
  const item = resolve(openapi, match.item);
  const operation = item[method.toLowerCase()];
  if (!operation || !METHODS.includes(method.toLowerCase()))
    return [`${method.toUpperCase()} ${match.template}: no such operation in the API`];

  const problems: string[] = [];
  const headers = new Headers(parts.headers ?? {});
  const query = parts.query instanceof URLSearchParams ? parts.query : new URLSearchParams(parts.query ?? {});
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(openapi, raw);
    const name: string = parameter.name;
    const schema: Schema = parameter.schema ?? {};
    const where = `${parameter.in} parameter ${name}`;
    let values: string[];
    if (parameter.in === 'path') values = match.params[name] === undefined ? [] : [match.params[name]];
    else if (parameter.in === 'query') values = query.getAll(name);
    else if (parameter.in === 'header') values = headers.has(name) ? [headers.get(name) ?? ''] : [];
    else continue;
    if (values.length === 0) {
      if (parameter.required) problems.push(`${where}: required`);
      continue;
    }
    const target = resolve(openapi, schema);
    const value = target.type === 'array' ? values : (values[0] ?? '');
    problems.push(...validateValue(openapi, schema, coerce(openapi, schema, value), where));
  }

  const requestBody = operation.requestBody ? resolve(openapi, operation.requestBody) : null;
  if (requestBody) {
    if (parts.body === undefined) {
      if (requestBody.required) problems.push('body: required');
    } else {
      const content: Record<string, { schema?: Schema }> = requestBody.content ?? {};
      const types = Object.keys(content);
      const sent = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const media = types.find((type) => type.toLowerCase() === sent);
      if (sent && !media) problems.push(`content-type ${sent}: the API takes ${types.join(', ')}`);
      const schema = content[media ?? types[0] ?? '']?.schema;
      if (schema) problems.push(...validateValue(openapi, schema, parts.body, 'body'));
    }
  } else if (parts.body !== undefined) {
    problems.push('body: the operation takes none');
  }
  return problems;
}

/** The path item a concrete path falls under: literal templates first, then the most literal segments. */
export function matchPath(
  openapi: OpenApiDoc,
  path: string,
): { template: string; item: Schema; params: Record<string, string> } | null {
  const segments = path.split('/');
  let best: { template: string; item: Schema; params: Record<string, string>; literals: number } | null =
    null;
  for (const [template, item] of Object.entries<Schema>(openapi.paths ?? {})) {
    const wanted = template.split('/');
    if (wanted.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < wanted.length && ok; i++) {
      const want = wanted[i] ?? '';
      const have = segments[i] ?? '';
      const param = /^\{(.+)\}$/.exec(want);
      if (param?.[1]) {
        if (have === '') ok = false;
        else params[param[1]] = decodeURIComponent(have);
      } else if (want === have) literals++;
      else ok = false;
    }
    if (ok && (!best || literals > best.literals)) best = { template, item, params, literals };
  }
  return best && { template: best.template, item: best.item, params: best.params };
}

/** The problems of one value against one schema. */
export function validateValue(
  openapi: OpenApiDoc,
  schemaOrRef: Schema,
  value: unknown,
  where: string,
): string[] {
  const schema = resolve(openapi, schemaOrRef);
  const problems: string[] = [];
  if (value === null) {
    if (schema.nullable || schema.type === undefined) return [];
    return [`${where}: null is not allowed`];
  }
  for (const part of schema.allOf ?? []) problems.push(...validateValue(openapi, part, value, where));
  for (const [keyword, wanted] of [
    ['anyOf', 'at least one'],
    ['oneOf', 'exactly one'],
  ] as const) {
    const options: Schema[] | undefined = schema[keyword];
    if (!options) continue;
    const passing = options.filter((option) => validateValue(openapi, option, value, where).length === 0);
    if (keyword === 'anyOf' ? passing.length === 0 : passing.length !== 1)
      problems.push(`${where}: matches ${passing.length} of the ${keyword} schemas, ${wanted} wanted`);
  }
  if (schema.enum && !schema.enum.some((option: unknown) => option === value))
    problems.push(`${where}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);

  const type = typeOf(value);
  if (schema.type && !typeFits(schema.type, type, schema.format)) {
    problems.push(`${where}: ${type} where ${schema.type} is expected`);
    return problems;
  }
  if (typeof value === 'string') problems.push(...stringProblems(schema, value, where));
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push(`${where}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push(`${where}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      problems.push(`${where}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      problems.push(`${where}: more than ${schema.maxItems} items`);
    if (schema.items)
      value.forEach((item, i) => {
        problems.push(...validateValue(openapi, schema.items, item, `${where}[${i}]`));
      });
  }
  if (type === 'object')
    problems.push(...objectProblems(openapi, schema, value as Record<string, unknown>, where));
  return problems;
}

function objectProblems(
  openapi: OpenApiDoc,
  schema: Schema,
  value: Record<string, unknown>,
  where: string,
): string[] {
  const problems: string[] = [];
  const properties: Record<string, Schema> = schema.properties ?? {};
  for (const name of schema.required ?? [])
    if (value[name] === undefined) problems.push(`${where}.${name}: required`);
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const property = properties[name];
    if (property) problems.push(...validateValue(openapi, property, field, `${where}.${name}`));
    else if (schema.additionalProperties === false) problems.push(`${where}.${name}: not allowed`);
    else if (typeof schema.additionalProperties === 'object')
      problems.push(...validateValue(openapi, schema.additionalProperties, field, `${where}.${name}`));
  }
  return problems;
}

function stringProblems(schema: Schema, value: string, where: string): string[] {
  const problems: string[] = [];
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength)
    problems.push(`${where}: shorter than ${schema.minLength} characters`);
  if (schema.maxLength !== undefined && length > schema.maxLength)
    problems.push(`${where}: longer than ${schema.maxLength} characters`);
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
    problems.push(`${where}: does not match ${schema.pattern}`);
  const format = FORMATS[schema.format as string];
  if (format && !format(value)) problems.push(`${where}: not a valid ${schema.format}`);
  return problems;
}

const FORMATS: Record<string, (value: string) => boolean> = {
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value),
  'date-time': (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    isRealDate(value.slice(0, 10)),
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value instanceof Blob || value instanceof Uint8Array) return 'binary';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFits(wanted: string, actual: string, format: unknown): boolean {
  if (wanted === actual) return true;
  if (wanted === 'number' && actual === 'integer') return true;
  if (wanted === 'string' && actual === 'binary') return format === 'binary' || format === 'byte';
  return false;
}

/** A parameter's text as its schema's type, so `?limit=abc` fails `type: integer` and `42` passes. */
function coerce(openapi: OpenApiDoc, schemaOrRef: Schema, value: string | string[]): unknown {
  const schema = resolve(openapi, schemaOrRef);
  if (Array.isArray(value)) return value.map((one) => coerce(openapi, schema.items ?? {}, one));
  if (schema.type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (schema.type === 'number' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Follows local `$ref`s (`#/components/schemas/X`); a node without one is answered as is. */
export function resolve(openapi: OpenApiDoc, node: Schema): Schema {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref loop at ${node.$ref}`);
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Schema>((at, key) => at?.[key], openapi);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current;
}
