// SQLITE-ONLY TEST: a compliance check keeps nothing in the database; the PostgreSQL lane would run the same rules again for nothing.
// One compliance check must never stall the service: tier 2 runs in a worker with a time limit, hostile
// XML is refused before any parser sees it, and one account may run only a few checks at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount } from '../factories';
import { healthAnswersDuring, startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

const EXAMPLES = sharedPath('rulesets/examples');
const example = readFileSync(join(EXAMPLES, 'peppol_bis_billing_3/base-example.xml'), 'utf8');

/** The official example with its invoice lines repeated `times` (a large but ordinary Peppol invoice). */
function manyLines(times: number): string {
  const start = example.indexOf('<cac:InvoiceLine>');
  const end = example.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length;
  const lines = example.slice(start, end);
  return example.slice(0, start) + lines.repeat(times) + example.slice(end);
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    rulesWorkers: { count: 1, timeLimitMs: 8_000 },
    maxBodyBytes: 32 * 1024 * 1024,
  });
});
afterAll(() => server.stop());

const check = (key: string, xml: string) =>
  server.json('/api/v1/documents/validate-compliance', {
    method: 'POST',
    key,
    body: { profile: 'peppol_bis_billing_3', xml },
  });

describe('compliance checks under hostile or heavy input', () => {
  test('an Invoice element with 40,000 attributes is refused by the scan before any parser, naming the limit', async () => {
    const account = await makeAccount(server);
    const attributes = Array.from({ length: 40_000 }, (_, i) => `a${i}="x"`).join(' ');
    const xml = example.replace('<Invoice ', `<Invoice ${attributes} `);
    const res = await check(account.apiKey, xml);
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body.xml', type: 'too_large' });
    // This wording comes only from the linear scan that runs before the parser (einvoicing/xsd/xml-limits.ts).
    expect(res.body.error.message).toContain('An element of the XML has more than 100 attributes');
  });

  test('XML nested deeper than 64 elements and XML over 16 MiB are refused before parsing', async () => {
    const account = await makeAccount(server);
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    const res = await check(account.apiKey, example.replace('<cbc:Note>', `<cbc:Note>${deep}`));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('deeper than 64');
    const huge = example.replace('<cbc:Note>', `<cbc:Note>${'x'.repeat(17 * 1024 * 1024)}`);
    const big = await check(account.apiKey, huge);
    expect(big.status).toBe(422);
    expect(big.body.error.details.fields[0]).toMatchObject({ loc: 'body.xml', type: 'string_too_long' });
  });

  test('a check past its time limit is cut short (never a pass), the server answers meanwhile, the next check runs', async () => {
    const account = await makeAccount(server);
    // No warm-up check first: a worker's cold start only adds to the heavy check's time.
    // 4,000 invoice lines (the example's two, 2,000 times; under the XML limit) take far longer than 8 s.
    const heavy = check(account.apiKey, manyLines(2000));
    // The check runs on a worker thread: this process's event loop answers /health meanwhile, again and again
    // (were it held by the check, no answer could come back before the check's own).
    const answered = await healthAnswersDuring(server, heavy);
    const res = await heavy;
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.fully_checked).toBe(false);
    expect(res.body.data.violations).toContainEqual(
      expect.objectContaining({ rule: 'CHECK-TIME-LIMIT', severity: 'fatal' }),
    );
    expect(res.body.data.rulesets.every((r: { ran: boolean }) => !r.ran)).toBe(true);
    // The next check runs on a replacement worker. Loading saxon-js and the profile's rules into it is the
    // service's own cost, bounded on its own (RULES_LOAD_LIMIT_MS): the check's limit starts once they are
    // loaded, so the next check runs to the end however busy the machine is (it failed under load before).
    const next = await check(account.apiKey, example);
    expect(next.status).toBe(200);
    expect(next.body.data.fully_checked).toBe(true);
    expect(next.body.data.valid).toBe(true);
  }, 120_000);

  test('one account runs at most two checks at once; a third is 429 with Retry-After', async () => {
    const account = await makeAccount(server);
    const slow = manyLines(20);
    const answers = await Promise.all([1, 2, 3].map(() => check(account.apiKey, slow)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(refused?.body.error.code).toBe('rate_limited');
  }, 60_000);
});
