// Property-based fuzzing of every endpoint in the OpenAPI document: generated bodies, query strings and
// headers (wrong types, huge and deeply nested JSON, unicode edge cases, numbers as strings and the reverse,
// missing and extra fields). Every answer is a 2xx (the input happened to be valid) or a 4xx in the error
// envelope, never a 5xx; a refused request leaves every table's row count and the data dir's files as
// they were. Fixed seed; FUZZ_RUNS raises the runs per endpoint (default 30).
import { afterAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount } from '../factories';
import { dataFingerprint } from '../fuzz/fingerprint';
import { type FuzzRequest, operationsOf, requestFor } from '../fuzz/requests';
import { startServer } from '../harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/** Calls that answer 501 `not_configured` by design when no payment provider is set up (as here). */
const NOT_CONFIGURED_HERE = new Set([
  'POST /api/v1/billing/checkout-session',
  'POST /api/v1/billing/portal-session',
  'POST /api/v1/billing/webhook',
]);

// Jobs never run: a refused request must not even enqueue one, and nothing else may write meanwhile.
// SMTP_URL is set (to a port nothing listens on) so sends are checked instead of answering 501.
const server = await startServer({ startJobs: false, smtpUrl: 'smtp://127.0.0.1:9?from=fuzz@example.com' });
afterAll(() => server.stop());
const account = await makeAccount(server);
const ids = await seed();

async function seed(): Promise<Record<string, string>> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await server.json(path, { method, key: account.apiKey, body });
    return res.status >= 200 && res.status < 300 ? (res.body.data as Record<string, any>) : null;
  };
  const parties = await makeParties(server, account);
  const draft = await makeDocument(server, account, parties);
  const finalized = await makeDocument(server, account, parties, {}, ['finalize']);
  const render = await call('POST', `/api/v1/documents/${finalized.id}/renders`, {});
  // A second key: the fuzzer may revoke or rotate it; the key the test uses stays untouched.
  const key = await call('POST', '/api/v1/api-keys', { name: 'fuzz target' });
  const workspace = await call('POST', '/api/v1/workspaces', { name: 'Fuzz workspace' });
  const branding = await call('POST', '/api/v1/branding-profiles', { name: 'Fuzz brand' });
  const sequence = await call('POST', '/api/v1/numbering-sequences', { name: 'Fuzz', prefix: 'FZ-' });
  const template = await call('POST', '/api/v1/templates/custom', {
    name: 'Fuzz template',
    base_template_id: 'tpl_classic',
  });
  const delivery = await call('POST', `/api/v1/documents/${finalized.id}/send`, { to: ['a@example.com'] });
  const found: Record<string, string | undefined> = {
    'api-keys': key?.id,
    workspaces: workspace?.id,
    'business-profiles': parties.profileId,
    customers: parties.customerId,
    documents: draft.id,
    renders: render?.id,
    'branding-profiles': branding?.id,
    'numbering-sequences': sequence?.id,
    custom: template?.id,
    templates: 'classic',
    deliveries: delivery?.id,
    finalized: finalized.id,
  };
  // Every resource must exist: a seed that failed would silently leave its routes unfuzzed.
  const missing = Object.entries(found)
    .filter((entry) => !entry[1])
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`fuzz seed failed for: ${missing.join(', ')}`);
  return found as Record<string, string>;
}

/** A real id for a path param: looked up by the path segment just before it (`/customers/{id}`). */
function idFor(path: string, param: string): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const owner = segments[at - 1] ?? '';
  if (owner === 'documents' && /send|deliveries|renders|xml/.test(path)) return ids.finalized;
  return ids[owner];
}

async function send(request: FuzzRequest): Promise<Response> {
  return fetch(server.url + request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
}

function expectEnvelope(status: number, body: any, label: string) {
  const error = body?.error;
  const shaped =
    error &&
    error.status === status &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    typeof error.request_id === 'string';
  if (!shaped) throw new Error(`${status} without the error envelope for ${label}: ${JSON.stringify(body)}`);
}

const doc = (await server.json('/api/v1/openapi.json')).body;
const operations = operationsOf(doc);

describe('fuzz: every OpenAPI operation', () => {
  test('the document lists the API (sanity: the fuzzer reaches every module)', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(Object.keys(ids)).toEqual(
      expect.arrayContaining(['documents', 'renders', 'api-keys', 'deliveries']),
    );
  });

  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    test(name, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(operation, idFor, { valid: account.apiKey }), async (request) => {
          const before = dataFingerprint(server);
          const res = await send(request);
          const text = await res.text();
          const allowed = res.status < 500 || (res.status === 501 && NOT_CONFIGURED_HERE.has(name));
          if (!allowed) throw new Error(`${res.status} for ${request.label}: ${text.slice(0, 500)}`);
          if (res.status >= 400) {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              throw new Error(
                `${res.status} with a non-JSON body for ${request.label}: ${text.slice(0, 200)}`,
              );
            }
            expectEnvelope(res.status, body, request.label);
            const after = dataFingerprint(server);
            if (after !== before) {
              throw new Error(
                `refused ${res.status} changed the data for ${request.label}: ${diff(before, after)}`,
              );
            }
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});

function diff(before: string, after: string): string {
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  return JSON.stringify({
    gone: [...was].filter((line) => !now.has(line)),
    added: [...now].filter((line) => !was.has(line)),
  });
}
