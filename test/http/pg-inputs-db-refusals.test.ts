// Values the database refuses for their type or size, answered as the spec's 422 and never a 500 (the
// PostgreSQL lane runs this file against a real cluster: scripts/test-lanes.ts `postgres pg-inputs`):
// - a received e-invoice whose amount is past any 64-bit integer (the payables' trigger casts it to bigint:
//   SQLSTATE 22003) or whose currency is thousands of characters long (an index row past its size: 54000)
//   was a 500 on PostgreSQL;
// - a draft kept before 2026-12-07 (commit 3fe5a19f) with a lone surrogate in a line's tax name: its JSON
//   is kept as text with the escape `\ud800`, which PostgreSQL's jsonb refuses when finalizing reads it
//   (22P02): a 500. Now the 422 names the field, and the draft is corrected with a PATCH as any other.
// On SQLite the received file with such an amount is still a 500 and the currency kept (the reader of
// received files, src/einvoicing/receive, takes both: reported), and the old draft finalizes as it is.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { documents } from '../../src/modules/documents/schema';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { testDatabaseUrl } from '../pg-databases';

const onPostgres = testDatabaseUrl !== null;

let server: TestServer;
let account: TestAccount;
let profileId: string;
let customerId: string;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
  profileId = (await makeBusinessProfile(server, account)).id;
  customerId = (await makeCustomer(server, account)).id;
});
afterAll(() => server.stop());

const locsOf = (body: any): string[] =>
  (body?.error?.details?.fields ?? []).map((field: { loc: string }) => field.loc);

/** Text that compresses to nothing smaller (an index row holds PostgreSQL's compressed value). */
const incompressible = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

const XRECHNUNG = () =>
  readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.10a-INVOICE_ubl.xml'), 'utf8');

async function receive(xml: string) {
  const res = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}

describe('a received e-invoice the database cannot keep', () => {
  test.skipIf(!onPostgres)(
    'an amount past any bigint: 422, nothing kept (PostgreSQL: was a 500)',
    async () => {
      const xml = XRECHNUNG()
        .replace('<cbc:ID>Rechnungsnummer</cbc:ID>', '<cbc:ID>BIG-1</cbc:ID>')
        .replaceAll('2594.2', '100000000000000000000.2');
      const res = await receive(xml);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('unprocessable_entity');
      const list = await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey });
      expect(list.body.data.some((d: { invoice_number: string }) => d.invoice_number === 'BIG-1')).toBe(
        false,
      );
      const payables = await server.json('/api/v1/reports/payables', { key: account.apiKey });
      expect(payables.status).toBe(200);
    },
  );

  test.skipIf(!onPostgres)('a currency of 3,000 characters: 422 (PostgreSQL: was a 500)', async () => {
    const currency = incompressible(3000);
    const xml = XRECHNUNG()
      .replace('<cbc:ID>Rechnungsnummer</cbc:ID>', '<cbc:ID>CUR-1</cbc:ID>')
      .replaceAll('"EUR"', `"${currency}"`)
      .replace(/<cbc:DocumentCurrencyCode>[^<]*</, `<cbc:DocumentCurrencyCode>${currency}<`);
    const res = await receive(xml);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('too long');
  });
});

describe('a draft kept with a lone surrogate before such text was refused', () => {
  test('finalize: 422 naming the field (PostgreSQL: was a 500); corrected with a PATCH, it finalizes', async () => {
    const created = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: {
        number: 'OLD-SUR-1',
        issue_date: '2026-11-02',
        currency: 'EUR',
        business_profile_id: profileId,
        customer_id: customerId,
        line_items: [
          {
            name: 'Beratung',
            quantity: '1',
            unit_price: '10.00',
            taxes: [{ name: 'TAXNAME', rate: '0', category: 'E', exemption_reason: 'Steuerfrei' }],
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    // As an older version stored it: the content's JSON text with the lone half as its escape `\ud800`.
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id));
    const withSurrogate = <T>(value: T): T =>
      JSON.parse(JSON.stringify(value).replaceAll('TAXNAME', 'MwSt \\ud800')) as T;
    await server.db
      .update(documents)
      .set({ data: withSurrogate(row?.data ?? {}), totals: withSurrogate(row?.totals) })
      .where(eq(documents.id, id));
    expect(
      JSON.stringify((await server.db.select().from(documents).where(eq(documents.id, id)))[0]?.data),
    ).toContain('\\ud800');

    const finalize = () =>
      server.json(`/api/v1/documents/${id}/finalize`, { method: 'POST', key: account.apiKey });
    const refused = await finalize();
    if (!onPostgres) {
      // SQLite reads the escape as JSON without a word: it finalizes as before (reported: the finalize
      // use-case could refuse such a draft on both engines).
      expect(refused.status).toBeLessThan(500);
      return;
    }
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('unprocessable_entity');
    expect(locsOf(refused.body)).toEqual(['line_items.0.taxes.0.name']);
    const still = await server.json(`/api/v1/documents/${id}`, { key: account.apiKey });
    expect(still.body.data.status).toBe('draft');

    const corrected = await server.json(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: {
        line_items: [
          {
            name: 'Beratung',
            quantity: '1',
            unit_price: '10.00',
            taxes: [{ name: 'MwSt', rate: '0', category: 'E', exemption_reason: 'Steuerfrei' }],
          },
        ],
      },
    });
    expect(corrected.status).toBe(200);
    const finalized = await finalize();
    expect(finalized.status).toBe(200);
    expect(finalized.body.data.status).toBe('finalized');
  });
});
