// Values the database refuses for their type or size, answered as the spec's 422 and never a 500 (the
// PostgreSQL lane runs this file against a real cluster: scripts/test-lanes.ts `postgres pg-inputs`):
// - a received e-invoice whose amount is past any 64-bit integer (the payables' trigger casts it to bigint:
//   SQLSTATE 22003) or whose currency is thousands of characters long (an index row past its size: 54000)
//   was a 500 on PostgreSQL;
// - a draft kept before 2026-12-07 (commit 3fe5a19f) with a lone surrogate in a line's tax name: its JSON
//   is kept as text with the escape `\ud800`, which PostgreSQL's jsonb refuses when finalizing reads it
//   (22P02): a 500. Now the 422 names the field, and the draft is corrected with a PATCH as any other.
// The finalize use-case refuses such a draft itself, so SQLite (which finalized it as it was) answers the
// same 422. The reader of received files refuses such an amount or currency itself, on both engines
// (test/http/pg-inputs-received-values.test.ts); the database's refusal here is what stays behind it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { documents } from '../../src/modules/documents/schema';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

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
  test('an amount past any bigint: 422, nothing kept (PostgreSQL: was a 500; SQLite kept it, then answered 500)', async () => {
    const xml = XRECHNUNG()
      .replace('<cbc:ID>Rechnungsnummer</cbc:ID>', '<cbc:ID>BIG-1</cbc:ID>')
      .replaceAll('2594.2', '100000000000000000000.2');
    const res = await receive(xml);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable_entity');
    // The reader refuses it before the database sees it, naming the element (held-values.ts).
    expect(res.body.error.message).toBe(
      'The e-invoice cannot be read: cbc:TaxInclusiveAmount on line 128 holds "100000000000000000000.2", which has more than the 15 digits before the decimal point the service keeps',
    );
    const list = await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey });
    expect(list.body.data.some((d: { invoice_number: string }) => d.invoice_number === 'BIG-1')).toBe(false);
    const payables = await server.json('/api/v1/reports/payables', { key: account.apiKey });
    expect(payables.status).toBe(200);
  });

  test('a currency of 3,000 characters: 422 (PostgreSQL: was a 500; SQLite kept it)', async () => {
    const currency = incompressible(3000);
    const xml = XRECHNUNG()
      .replace('<cbc:ID>Rechnungsnummer</cbc:ID>', '<cbc:ID>CUR-1</cbc:ID>')
      .replaceAll('"EUR"', `"${currency}"`)
      .replace(/<cbc:DocumentCurrencyCode>[^<]*</, `<cbc:DocumentCurrencyCode>${currency}<`);
    const res = await receive(xml);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toStartWith(
      'The e-invoice cannot be read: cbc:DocumentCurrencyCode on line 11 holds "',
    );
    expect(res.body.error.message).toEndWith('…", which is no ISO 4217 currency code (3 capital letters)');
    const list = await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey });
    expect(list.body.data.some((d: { invoice_number: string }) => d.invoice_number === 'CUR-1')).toBe(false);
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
    // The finalize use-case reads the draft's text first, on either engine (SQLite read the escape as JSON
    // without a word and finalized it as it was: seen failing before).
    const refused = await finalize();
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('unprocessable_entity');
    expect(locsOf(refused.body)).toEqual(['line_items.0.taxes.0.name']);
    expect(refused.body.error.message).toBe(
      'Text must be Unicode: a lone surrogate (\\ud800-\\udfff without its pair) is no character: line_items.0.taxes.0.name holds it (kept before such text was refused); send that field again and retry',
    );
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
