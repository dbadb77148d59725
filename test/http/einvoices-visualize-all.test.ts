// Issue 18's "every official example visualizes": each example of the rule pack (XML and Factur-X PDF) is
// drawn by POST /einvoices/visualize into a PDF that shows its invoice number, its seller, and the
// verdict line, and the inbox's /pdf of the same file draws the same facts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, makePlan, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  await makePlan(server, { id: 'plan_visualize_all', rps: 100_000, quota: 10_000 });
  account = await makeAccount(server, { planId: 'plan_visualize_all' });
});
afterAll(() => server.stop());

const EXAMPLES = join(RULESETS_DIR, 'examples');
const examples = readdirSync(EXAMPLES).flatMap((dir) =>
  readdirSync(join(EXAMPLES, dir))
    .filter((file) => /\.(xml|pdf)$/i.test(file))
    .map((file) => `${dir}/${file}`),
);

async function post(path: string, example: string) {
  const bytes = readFileSync(join(EXAMPLES, example));
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      'content-type': /\.pdf$/i.test(example) ? 'application/pdf' : 'application/xml',
    },
    body: bytes,
  });
}

describe('every official example visualizes', () => {
  test('the rule pack has its examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(130);
    expect(examples.filter((e) => e.endsWith('.pdf')).length).toBeGreaterThanOrEqual(3);
  });

  test.each(examples)('%s', async (example) => {
    const parsed = await post('/api/v1/einvoices/parse', example);
    expect(parsed.status).toBe(200);
    const facts = (
      (await parsed.json()) as { data: { data: { invoice_number: string; seller: { name: string } } } }
    ).data.data;
    const drawn = await post('/api/v1/einvoices/visualize', example);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('application/pdf');
    const { text, pages } = await inspectPdf(new Uint8Array(await drawn.arrayBuffer()));
    expect(pages).toBeGreaterThanOrEqual(1);
    // pdftotext may break a long line; compare without whitespace, ligatures read back as letters.
    const flat = text.normalize('NFKC').replace(/\s+/g, '');
    expect(flat).toContain(facts.invoice_number.replace(/\s+/g, ''));
    expect(flat).toContain(facts.seller.name.normalize('NFKC').replace(/\s+/g, '').slice(0, 20));
    expect(flat).toContain('Receivede-invoice');
  });
});
