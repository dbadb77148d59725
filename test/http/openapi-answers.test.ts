// An integrator's view of the OpenAPI document: real answers of a sample of routes (documents, customers,
// business profiles, renders, received documents, payments, exports, recurring invoices, channels, office
// accounts, API keys, templates), successes and errors, are checked against the response the document
// declares for their status: the status is listed, the media type is the one the document names, and a JSON
// body validates against its schema (JSON Schema 2020-12, as OpenAPI 3.1 writes it). The document's own
// examples validate against their schemas too, and what a generated client reads (media types, integers,
// nullable choices, the error envelope, the headers of a write) is checked over the whole document.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

// The document is untyped JSON.
type Json = Record<string, any>;

let server: TestServer;
let account: TestAccount;
let doc: Json;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null, renderWorkers: 0 });
  account = await makeAccount(server);
  doc = (await server.json('/api/v1/openapi.json')).body;
});
afterAll(() => server.stop());

// ---- a JSON Schema 2020-12 subset: what the document uses ----------------------------------------------

function resolve(node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 16) throw new Error(`$ref loop at ${node.$ref}`);
    const ref: string = current.$ref;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((at, key) => at?.[key], doc);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const FORMATS: Record<string, (value: string) => boolean> = {
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value),
  'date-time': (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value),
};

/** The problems of `value` against `schema`, each naming where. */
function check(schemaOrRef: Json, value: unknown, where = ''): string[] {
  const schema = resolve(schemaOrRef);
  const problems: string[] = [];
  const type = typeOf(value);
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((one) => one === type || (one === 'number' && type === 'integer')))
      return [`${where || '/'}: ${type} where ${types.join(' or ')} is expected`];
  }
  if (schema.enum && !schema.enum.some((one: unknown) => one === value))
    problems.push(`${where || '/'}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value)
    problems.push(`${where || '/'}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  for (const part of schema.allOf ?? []) problems.push(...check(part, value, where));
  if (schema.anyOf && !schema.anyOf.some((one: Json) => check(one, value, where).length === 0))
    problems.push(`${where || '/'}: matches none of anyOf (${JSON.stringify(value)?.slice(0, 80)})`);
  if (schema.oneOf && schema.oneOf.filter((one: Json) => check(one, value, where).length === 0).length !== 1)
    problems.push(`${where || '/'}: does not match exactly one of oneOf`);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && [...value].length < schema.minLength)
      problems.push(`${where}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength)
      problems.push(`${where}: longer than ${schema.maxLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      problems.push(`${where}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    const format = FORMATS[schema.format];
    if (format && !format(value))
      problems.push(`${where}: ${JSON.stringify(value)} is not a ${schema.format}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${where}: below minimum`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${where}: above maximum`);
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((item, i) => {
      problems.push(...check(schema.items, item, `${where}/${i}`));
    });
  if (type === 'object') {
    const object = value as Json;
    for (const name of schema.required ?? [])
      if (object[name] === undefined) problems.push(`${where}/${name}: required but absent`);
    for (const [name, field] of Object.entries(object)) {
      const property = schema.properties?.[name];
      const pattern = Object.entries<Json>(schema.patternProperties ?? {}).find(([re]) =>
        new RegExp(re, 'u').test(name),
      )?.[1];
      if (property) problems.push(...check(property, field, `${where}/${name}`));
      else if (pattern) problems.push(...check(pattern, field, `${where}/${name}`));
      else if (schema.additionalProperties === false) problems.push(`${where}/${name}: not in the schema`);
      else if (typeof schema.additionalProperties === 'object')
        problems.push(...check(schema.additionalProperties, field, `${where}/${name}`));
    }
  }
  return problems;
}

// ---- requests, each answer checked against the document --------------------------------------------------

/** The operation the document declares for a concrete path: the template with the fewest parameters. */
function operationOf(method: string, path: string): { template: string; operation: Json } | null {
  const matches = Object.keys(doc.paths)
    .filter((template) =>
      new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`).test(path),
    )
    .filter((template) => doc.paths[template][method.toLowerCase()])
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const template = matches[0];
  return template ? { template, operation: doc.paths[template][method.toLowerCase()] } : null;
}

const mismatches: string[] = [];

interface Answer {
  status: number;
  body: any;
  contentType: string;
}

/** Sends the request and records where its answer and the document disagree. */
async function answer(
  method: string,
  path: string,
  init: {
    body?: unknown;
    raw?: string | Uint8Array;
    headers?: Record<string, string>;
    key?: string | null;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? account.apiKey : init.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | Uint8Array | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? '';
  const text = new TextDecoder().decode(bytes);
  const json = contentType.includes('json') && text ? JSON.parse(text) : undefined;
  const found = operationOf(method, new URL(path, server.url).pathname);
  const where = `${method} ${found?.template ?? path} ${res.status}`;
  const documented = found?.operation.responses?.[String(res.status)];
  if (!found) mismatches.push(`${where}: not in the document`);
  else if (!documented) mismatches.push(`${where}: status not in the document (${text.slice(0, 120)})`);
  else if (!documented.content) {
    if (bytes.length > 0) mismatches.push(`${where}: a body, where the document says none`);
  } else {
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    const media = documented.content[mediaType];
    if (!media)
      mismatches.push(
        `${where}: ${mediaType || 'no content type'}, the document says ${Object.keys(documented.content)}`,
      );
    else if (json !== undefined)
      for (const problem of check(media.schema, json)) mismatches.push(`${where}: ${problem}`);
  }
  return { status: res.status, body: json, contentType };
}

const line = {
  name: 'Consulting',
  quantity: '10',
  unit_price: '9.99',
  taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
};
const address = { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' };

describe('real answers match the OpenAPI document', () => {
  test('a sample of routes, successes and errors, answer as the document declares', async () => {
    const profile = await answer('POST', '/api/v1/business-profiles', {
      body: { legal_name: 'Nordlicht GmbH', address, tax_id: 'DE123456789', email: 'r@nordlicht.example' },
    });
    expect(profile.status).toBe(200);
    const profileId = profile.body.data.id;
    await answer('GET', '/api/v1/business-profiles');
    await answer('GET', `/api/v1/business-profiles/${profileId}`);
    await answer('POST', '/api/v1/business-profiles', { body: {} }); // 422
    await answer('GET', '/api/v1/business-profiles/bp_00000000000000000000000000'); // 404
    await answer('GET', '/api/v1/business-profiles', { key: null }); // 401

    const customer = await answer('POST', '/api/v1/customers', {
      body: { name: 'Acme', email: 'ap@acme.example', billing_address: address },
    });
    const customerId = customer.body.data.id;
    await answer('GET', '/api/v1/customers');
    await answer('PATCH', `/api/v1/customers/${customerId}`, { body: { metadata: { ref: '7' } } });

    const created = await answer('POST', '/api/v1/documents', {
      body: {
        number: 'INV-OA-1',
        issue_date: '2026-11-02',
        due_date: '2026-12-02',
        currency: 'EUR',
        business_profile_id: profileId,
        customer_id: customerId,
        line_items: [line],
      },
    });
    expect(created.status).toBe(200);
    const documentId = created.body.data.id;
    await answer('GET', '/api/v1/documents');
    await answer('POST', `/api/v1/documents/${documentId}/finalize`);
    await answer('POST', `/api/v1/documents/${documentId}/finalize`); // 409
    const render = await answer('POST', `/api/v1/documents/${documentId}/renders`, { body: {} });
    await answer('GET', `/api/v1/renders/${render.body.data.id}`);
    await answer('POST', `/api/v1/documents/${documentId}/mark-sent`);

    // A payment without a method: `method` is null, which the document must allow.
    const payment = await answer('POST', `/api/v1/documents/${documentId}/payments`, {
      body: { amount: '10.00', date: '2026-11-05' },
    });
    expect(payment.status).toBe(201);
    expect(payment.body.data.method).toBeNull();
    await answer('GET', `/api/v1/documents/${documentId}/payments`);
    await answer('GET', '/api/v1/payments');

    const xml = readFileSync(join(sharedPath('rulesets'), 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'));
    const received = await answer('POST', '/api/v1/received-documents', {
      raw: xml,
      headers: { 'content-type': 'application/xml' },
    });
    const receivedId = received.body.data.id;
    await answer('GET', '/api/v1/received-documents');
    await answer('POST', `/api/v1/received-documents/${receivedId}/payments`, {
      body: { amount: '1.00', date: '2026-11-05' },
    });
    await answer('GET', `/api/v1/received-documents/${receivedId}/payments`);

    await answer('GET', '/api/v1/exports/documents.csv?from=2026-01-01&to=2026-12-31');
    await answer('GET', '/api/v1/exports/received-documents.csv?from=2026-01-01&to=2026-12-31');
    await answer('GET', '/api/v1/exports/datev?from=2026-01-01&to=2026-12-31'); // 409: no consultant yet
    await answer('PUT', '/api/v1/settings/accounting', {
      body: { consultant_number: '1234567', client_number: '12345' },
    });
    await answer('GET', '/api/v1/exports/datev?from=2026-01-01&to=2026-12-31');
    await answer('GET', '/api/v1/exports/archive.zip?from=2026-01-01&to=2026-12-31');
    await answer('GET', '/api/v1/exports/audit.zip?from=2026-01-01&to=2026-12-31');

    const recurring = await answer('POST', '/api/v1/recurring-invoices', {
      body: {
        business_profile_id: profileId,
        customer_id: customerId,
        frequency: 'monthly',
        start_date: '2027-01-01',
        invoice_template: {
          number: 'R-1',
          issue_date: '2027-01-01',
          currency: 'EUR',
          business_profile_id: profileId,
          customer_id: customerId,
          line_items: [line],
        },
      },
    });
    const recurringId = recurring.body.data.id;
    await answer('PATCH', `/api/v1/recurring-invoices/${recurringId}`, { body: { interval: 2 } });
    await answer('DELETE', `/api/v1/recurring-invoices/${recurringId}`);
    await answer('POST', `/api/v1/recurring-invoices/${recurringId}/pause`); // 409

    await answer('GET', '/api/v1/channels');
    await answer('POST', '/api/v1/channels/nope/test'); // 404
    await answer('GET', '/api/v1/accounts');
    await answer('GET', '/api/v1/office/overview');
    await answer('GET', '/api/v1/usage/limits');

    const key = await answer('POST', '/api/v1/api-keys', { body: { name: 'ci' } });
    await answer('GET', '/api/v1/api-keys');
    await answer('DELETE', `/api/v1/api-keys/${key.body.data.id}`);

    const template = await answer('POST', '/api/v1/templates/custom', { body: { name: 'Mine' } });
    await answer('DELETE', `/api/v1/templates/custom/${template.body.data.id}`); // 204, no body

    // The same Idempotency-Key with another request, and a body over the limit: errors of any write.
    const idempotency = { 'idempotency-key': `oa-${Date.now()}` };
    await answer('POST', '/api/v1/products', { body: { name: 'A' }, headers: idempotency });
    const reused = await answer('POST', '/api/v1/products', { body: { name: 'B' }, headers: idempotency });
    expect(reused.status).toBe(409);
    const large = await answer('POST', '/api/v1/products', {
      raw: `{"name":"${'x'.repeat(11 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(large.status).toBe(413);

    expect(mismatches).toEqual([]);
  });
});

describe('the document as a generated client reads it', () => {
  test('request bodies are JSON only (the API refuses other encodings), uploads multipart', () => {
    const encodings = new Set<string>();
    for (const methods of Object.values<Json>(doc.paths))
      for (const operation of Object.values<Json>(methods)) {
        const content = operation.requestBody?.content;
        if (content) encodings.add(Object.keys(content).sort().join(','));
      }
    expect(
      [...encodings].filter((e) => e.includes('x-www-form-urlencoded') || e.includes(',multipart')),
    ).toEqual([]);
    expect(Object.keys(doc.paths['/api/v1/customers'].post.requestBody.content)).toEqual([
      'application/json',
    ]);
    expect(Object.keys(doc.paths['/api/v1/files'].post.requestBody.content)).toEqual(['multipart/form-data']);
    const logo = doc.paths['/api/v1/branding-profiles/{id}/logo'].post.requestBody.content;
    expect(Object.keys(logo)).toEqual(['multipart/form-data']);
  });

  test('the error envelope is one named schema whose status is an integer', () => {
    const error = doc.components.schemas.Error;
    const { status, code, details } = error.properties.error.properties;
    expect(status.type).toBe('integer');
    expect(status.anyOf).toBeUndefined();
    expect(code.enum).toEqual(expect.arrayContaining(['not_found', 'unprocessable_entity', 'conflict']));
    expect(details.properties.fields.items.required).toEqual(['loc', 'msg', 'type']);
    const notFound = doc.paths['/api/v1/customers/{id}'].get.responses['404'];
    expect(notFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(notFound.description).toStartWith('not_found');
  });

  test('integers are integers, not numeral strings defaulting to 0', () => {
    const numerals: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) for (const [i, one] of node.entries()) walk(one, `${where}/${i}`);
      else if (node && typeof node === 'object') {
        const schema = node as Json;
        if (schema.type === 'string' && schema.format === 'integer') numerals.push(where);
        for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
      }
    };
    for (const [path, methods] of Object.entries<Json>(doc.paths))
      for (const [method, operation] of Object.entries<Json>(methods)) walk(operation, `${method} ${path}`);
    expect(numerals).toEqual([]);
  });

  test('a nullable choice of values lists null among them', () => {
    const method =
      doc.paths['/api/v1/payments'].get.responses['200'].content['application/json'].schema.properties.data
        .items.properties.method;
    expect(method.enum).toContain(null);
  });

  test('a choice of values keeps its description (query, body and answer)', () => {
    const sort = doc.paths['/api/v1/office/overview'].get.parameters.find((p: Json) => p.name === 'sort');
    expect(sort.schema.enum).toContain('overdue');
    expect(sort.schema.description).toStartWith('The order of the clients');
    const customer = doc.paths['/api/v1/customers'].post;
    const body = customer.requestBody.content['application/json'].schema.properties.einvoice_profile;
    expect(body.description).toStartWith('The e-invoice this buyer needs');
    const answer = customer.responses['200'].content['application/json'].schema.properties.data.properties;
    expect(answer.einvoice_profile.description).toStartWith('The e-invoice this buyer needs');
  });

  test('every authenticated write takes Idempotency-Key and lists 409 and 413; every operation the Account header', () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries<Json>(doc.paths))
      for (const [method, operation] of Object.entries<Json>(methods)) {
        const secured = (operation.security ?? doc.security).length > 0;
        if (!secured || !operation.responses?.['500']) continue;
        const refs = (operation.parameters ?? []).map((p: Json) => p.$ref);
        if (!refs.includes('#/components/parameters/Account')) missing.push(`${method} ${path}: Account`);
        if (method === 'get') continue;
        if (!refs.includes('#/components/parameters/IdempotencyKey'))
          missing.push(`${method} ${path}: Idempotency-Key`);
        for (const status of ['409', '413'])
          if (!operation.responses[status]) missing.push(`${method} ${path}: ${status}`);
      }
    expect(missing).toEqual([]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });

  test('operation ids are distinct identifiers; 429 and 503 carry Retry-After', () => {
    const ids: string[] = [];
    for (const [path, methods] of Object.entries<Json>(doc.paths))
      for (const [method, operation] of Object.entries<Json>(methods)) {
        ids.push(operation.operationId);
        for (const status of ['429', '503'])
          if (
            operation.responses?.[status]?.content?.['application/json']?.schema?.$ref ===
              '#/components/schemas/Error' &&
            !operation.responses[status].headers?.['Retry-After']
          )
            ids.push(`${method} ${path} ${status} without Retry-After`);
      }
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/api-keys/{api_key_id}'].get.operationId).toBe('getApiV1ApiKeysByApiKeyId');
  });

  test('files are documented under their media types: PDFs, ZIPs, XML, beside JSON where either comes', () => {
    const types = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses?.['200']?.content ?? {}).sort();
    expect(types('/api/v1/renders/{render_id}/download', 'get')).toEqual(['application/pdf']);
    expect(types('/api/v1/documents/{document_id}/renders', 'post')).toEqual([
      'application/json',
      'application/pdf',
    ]);
    expect(types('/api/v1/batches/{batch_id}/download', 'get')).toEqual(['application/zip']);
    expect(types('/api/v1/customers/{id}/statement', 'get')).toEqual(['application/json', 'application/pdf']);
    expect(types('/api/v1/documents/{document_id}/xml', 'get')).toEqual(['application/xml']);
    expect(types('/api/v1/documents/xml', 'post')).toEqual(['application/xml']);
  });

  test('error responses say what the status means', () => {
    const generic: string[] = [];
    for (const [path, methods] of Object.entries<Json>(doc.paths))
      for (const [method, operation] of Object.entries<Json>(methods))
        for (const [status, response] of Object.entries<Json>(operation.responses ?? {}))
          if (/^[45]/.test(status) && String(response.description).startsWith('Response for status'))
            generic.push(`${method} ${path} ${status}`);
    expect(generic).toEqual([]);
  });

  test("the document's examples validate against their schemas", () => {
    const wrong: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) for (const [i, one] of node.entries()) walk(one, `${where}/${i}`);
      else if (node && typeof node === 'object') {
        const { examples, ...schema } = node as Json;
        if (Array.isArray(examples) && (schema.type || schema.properties || schema.enum))
          for (const example of examples)
            for (const problem of check(schema, example)) wrong.push(`${where}: ${problem}`);
        for (const [key, child] of Object.entries(node as Json)) walk(child, `${where}/${key}`);
      }
    };
    walk(doc.paths, '#/paths');
    expect(wrong).toEqual([]);
  });
});
