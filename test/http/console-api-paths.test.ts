// The web console's API paths come from the service's own OpenAPI document: src/console/api-paths.ts is
// generated from it, and the console's calls are typed against it (a path the API lacks does not compile).
// This test fails when the file is stale; `UPDATE_API_PATHS=1 bun test test/http/console-api-paths.test.ts`
// writes it anew.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { expectGenerated } from '../generated';
import { ROOT, startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const FILE = join(ROOT, 'src', 'console', 'api-paths.ts');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/api/v1/documents/{document_id}/finalize` as the type `/documents/${string}/finalize`. */
const typeOf = (path: string) => {
  const relative = path.slice('/api/v1'.length);
  return relative.includes('{') ? `\`${relative.replace(/\{[^}]+\}/g, '${string}')}\`` : `'${relative}'`;
};

function generated(paths: Record<string, Record<string, unknown>>): string {
  const lines = [
    '// Generated from the service OpenAPI document (GET /api/v1/openapi.json) by',
    '// test/http/console-api-paths.test.ts; run it with UPDATE_API_PATHS=1 to write it anew. Do not edit.',
    '',
    '/** Every /api/v1 path (without the prefix) by method; `${string}` stands for a path parameter. */',
    'export interface ApiPaths {',
  ];
  for (const method of METHODS) {
    const names = Object.keys(paths)
      .filter((path) => path.startsWith('/api/v1/') && paths[path]?.[method] !== undefined)
      .sort()
      .map(typeOf);
    // As the formatter writes it: on one line when that fits its width (110), else one member a line.
    const oneLine = `  ${method.toUpperCase()}: ${names.join(' | ')};`;
    if (oneLine.length <= 110) {
      lines.push(oneLine);
      continue;
    }
    lines.push(`  ${method.toUpperCase()}:`);
    names.forEach((name, index) => {
      lines.push(`    | ${name}${index === names.length - 1 ? ';' : ''}`);
    });
  }
  lines.push('}', '');
  return lines.join('\n');
}

describe('the console knows the API from its OpenAPI document', () => {
  test('src/console/api-paths.ts is what the OpenAPI document says today', async () => {
    const document = await server.json('/api/v1/openapi.json');
    expect(document.status).toBe(200);
    const expected = generated(document.body.paths);
    expect(expected).toContain("'/documents/calculate'");
    expect(expected).toContain('`/documents/${string}/finalize`');
    expectGenerated(FILE, expected, 'UPDATE_API_PATHS');
  });
});
