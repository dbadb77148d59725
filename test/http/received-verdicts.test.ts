// The official rules run once per received file: parsing it, drawing it and keeping it in the inbox reuse
// the verdict (same text, same profile, same rule pack), so a visualization after a parse costs a render.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ProfileRunner, runProfileInProcess } from '../../src/workers/rules-pool';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
const runs: string[] = [];
const counting: ProfileRunner = (pack, profile, xml, options) => {
  runs.push(profile);
  return runProfileInProcess(pack, profile, xml, options);
};

beforeAll(async () => {
  server = await startServer({ runProfile: counting });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const example = (name: string) => readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', name), 'utf8');
const send = (path: string, xml: string) =>
  server.request(path, {
    method: 'POST',
    key: account.apiKey,
    body: xml,
    headers: { 'content-type': 'application/xml' },
  });

describe('the verdict on a received file', () => {
  test('parse, visualize and receive of the same file run the official rules once, and give one verdict', async () => {
    const xml = example('01.01a-INVOICE_ubl.xml');
    const parsed = await send('/api/v1/einvoices/parse', xml);
    expect(parsed.status).toBe(200);
    const verdict = ((await parsed.json()) as { data: { compliance: unknown } }).data.compliance;
    expect(runs).toEqual(['xrechnung_ubl']);

    const drawn = await send('/api/v1/einvoices/visualize', xml);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toContain('application/pdf');
    const stored = await send('/api/v1/received-documents', xml);
    expect(stored.status).toBe(201);
    expect(((await stored.json()) as { data: { compliance: unknown } }).data.compliance).toEqual(verdict);
    expect(runs).toEqual(['xrechnung_ubl']);

    // Another file (one byte more) is checked on its own.
    expect((await send('/api/v1/einvoices/parse', `${xml}\n`)).status).toBe(200);
    expect(runs).toEqual(['xrechnung_ubl', 'xrechnung_ubl']);
  });
});
