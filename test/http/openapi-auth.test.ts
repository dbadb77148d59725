// Generated from the OpenAPI document: every operation it declares secured answers 401 without a key (and
// with a key that does not exist), before it looks at parameters or body; every operation it declares
// public (`security: []`) answers without one. A route added later is covered without anyone listing it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startServer, type TestServer } from '../harness';

interface Operation {
  method: string;
  path: string;
  secured: boolean;
}

let server: TestServer;
let operations: Operation[] = [];

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null, renderWorkers: 0 });
  const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    security?: unknown[];
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      secured: (op.security ?? doc.security ?? []).length > 0,
    })),
  );
});
afterAll(() => server.stop());

/** The path with every `{param}` filled by an id that exists nowhere. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x_00000000000000000000000000');

async function call(op: Operation, headers: Record<string, string>) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
  const res = await fetch(`${server.url}${concrete(op.path)}`, {
    method: op.method,
    headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
    body: withBody ? '{}' : undefined,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('the OpenAPI document and authentication agree', () => {
  test('the document lists the API (a broken document would make the checks below vacuous)', () => {
    expect(operations.filter((op) => op.secured).length).toBeGreaterThan(100);
    expect(operations).toContainEqual({ method: 'GET', path: '/health', secured: false });
  });

  test('every secured operation answers 401 in the envelope without a key and with an unknown one', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.secured)) {
      const tries: Record<string, string>[] = [
        {},
        { authorization: 'Bearer sk_live_not_a_key_00000000000000000' },
      ];
      for (const headers of tries) {
        const res = await call(op, headers);
        const code = res.status === 401 ? JSON.parse(res.text).error?.code : null;
        if (res.status !== 401 || code !== 'unauthorized')
          wrong.push(`${op.method} ${op.path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('every operation declared public answers without a key', async () => {
    const wrong: string[] = [];
    // A signed link's route ({render_id}/download) takes its own credential instead: not checked here.
    for (const op of operations.filter((o) => !o.secured && !o.path.includes('{'))) {
      const res = await call(op, {});
      if (res.status === 401) wrong.push(`${op.method} ${op.path}`);
    }
    expect(wrong).toEqual([]);
  });
});
