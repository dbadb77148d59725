// A final invoice names every invoice it follows (EN 16931 BG-3 is 0..n): `preceding_invoices` beside the
// single `preceding_invoice` kept for compatibility (never both in one request; a PATCH setting one clears
// the other). UBL writes one BillingReference each, Factur-X one InvoiceReferencedDocument each, XRechnung
// CII (D16B takes one) the first only; the official rules pass; the receiving side reads them all back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { CASES } from '../einvoicing-fixtures';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let profileId = '';
let customerId = '';

beforeAll(async () => {
  server = await startServer({ startJobs: false, renderWorkers: 0 });
  account = await makeAccount(server);
  profileId = (await makeBusinessProfile(server, account)).id;
  customerId = (await makeCustomer(server, account)).id;
});
afterAll(() => server.stop());

const PROFILES = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;
const base = CASES[0]?.input.data as DocumentData;
const ABSCHLAEGE = [
  { number: 'AR-2026-001', issue_date: '2026-03-15' },
  { number: 'AR-2026-002', issue_date: '2026-04-15' },
  { number: 'AR-2026-003', issue_date: '2026-05-15' },
];
const schluss = (): DocumentData => ({
  ...structuredClone(base),
  invoice_number: 'SR-2026-001',
  type_code: '877',
  preceding_invoices: ABSCHLAEGE,
});
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function xmlOf(profile: string, data: DocumentData): Promise<string> {
  const res = await server.request('/api/v1/documents/xml', {
    method: 'POST',
    key: account.apiKey,
    body: { profile, document_type: 'invoice', data },
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('a Schlussrechnung naming three Abschlagsrechnungen (BG-3 0..n)', () => {
  test.each(PROFILES)(
    '%s: each written where the syntax takes it, the official rules pass',
    async (profile) => {
      const xml = await xmlOf(profile, schluss());
      const ubl = profile.includes('ubl') || profile.startsWith('peppol');
      const written = ubl
        ? [...xml.matchAll(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>([^<]+)</g)]
        : [...xml.matchAll(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)</g)];
      const expected = profile === 'xrechnung_cii' ? ['AR-2026-001'] : ABSCHLAEGE.map((a) => a.number);
      expect(written.map((m) => m[1])).toEqual(expected);
      const res = await call('POST', '/api/v1/documents/validate-compliance', {
        profile,
        document_type: 'invoice',
        data: schluss(),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual(
        [],
      );
      expect(res.body.data.valid).toBe(true);
    },
  );

  test.each(['xrechnung_ubl', 'factur_x_en16931'])(
    '%s read back: all three preceding invoices',
    async (p) => {
      const xml = await xmlOf(p, schluss());
      const res = await fetch(`${server.url}/api/v1/einvoices/parse`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
        body: xml,
      });
      const parsed = (await res.json()) as { data: { data: DocumentData; warnings?: { code: string }[] } };
      expect(res.status).toBe(200);
      expect(parsed.data.data.preceding_invoices).toEqual(ABSCHLAEGE);
      expect(parsed.data.data.preceding_invoice).toBeUndefined();
      expect((parsed.data.warnings ?? []).map((w) => w.code)).not.toContain('preceding_invoices');
    },
  );
});

describe('a file naming more preceding invoices than the data keeps', () => {
  test('the first 50 are kept, and a reading note says so', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ number: `AR-${i + 1}` }));
    // Written with 50 (the most the data takes), one more added to the file as another sender would.
    const xml = (
      await xmlOf('xrechnung_ubl', { ...schluss(), preceding_invoices: many.slice(0, 50) })
    ).replace(
      '<cac:BillingReference>',
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AR-0</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference><cac:BillingReference>',
    );
    const res = await fetch(`${server.url}/api/v1/einvoices/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: xml,
    });
    const parsed = (await res.json()) as { data: { data: DocumentData; warnings?: { code: string }[] } };
    expect(res.status).toBe(200);
    expect(parsed.data.data.preceding_invoices).toHaveLength(50);
    expect(parsed.data.data.preceding_invoices?.[0]?.number).toBe('AR-0');
    expect((parsed.data.warnings ?? []).map((w) => w.code)).toContain('preceding_invoices');
  });
});

describe('stored documents: preceding_invoices beside preceding_invoice', () => {
  const draft = (over: Record<string, unknown>) =>
    call('POST', '/api/v1/documents', {
      number: `SR-${Math.random().toString(36).slice(2, 10)}`,
      issue_date: '2026-06-30',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: customerId,
      type_code: '877',
      line_items: [{ name: 'Rohbau', quantity: '1', unit_price: '1000.00' }],
      ...over,
    });

  test('both in one request: 422 at preceding_invoices', async () => {
    const res = await draft({ preceding_invoice: ABSCHLAEGE[0], preceding_invoices: ABSCHLAEGE });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual([
      'body.preceding_invoices',
    ]);
  });

  test('a bad date in the list: 422 at its index', async () => {
    const res = await draft({
      preceding_invoices: [ABSCHLAEGE[0], { number: 'AR-9', issue_date: '2026-02-30' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.preceding_invoices.1.issue_date');
  });

  test('a PATCH setting one replaces the other; the list is stored as given', async () => {
    const created = await draft({ preceding_invoice: ABSCHLAEGE[0] });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const listed = await call('PATCH', `/api/v1/documents/${id}`, { preceding_invoices: ABSCHLAEGE });
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.preceding_invoices).toEqual(ABSCHLAEGE);
    expect(listed.body.data.data.preceding_invoice).toBeUndefined();
    const single = await call('PATCH', `/api/v1/documents/${id}`, { preceding_invoice: ABSCHLAEGE[2] });
    expect(single.status).toBe(200);
    expect(single.body.data.data.preceding_invoice).toEqual(ABSCHLAEGE[2]);
    expect(single.body.data.data.preceding_invoices).toBeUndefined();
  });

  test('too many: more than 50 refused by the schema', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ number: `AR-${i}` }));
    const res = await draft({ preceding_invoices: many });
    expect(res.status).toBe(422);
  });
});
