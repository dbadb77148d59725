import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const data = {
  invoice_number: 'FX-1',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  buyer_reference: 'PO-4711',
  seller: {
    name: 'Müller & Söhne GmbH',
    tax_id: 'DE123456789',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  },
  buyer: {
    name: 'Acme SARL',
    address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  },
  payment: { bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' } },
  line_items: [
    { name: 'Consulting', quantity: '10', unit_price: '95.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
};

const post = (path: string, body: unknown) =>
  server.json(path, { method: 'POST', key: account.apiKey, body });

async function attachment(downloadPath: string): Promise<{ list: string; xml: string }> {
  const res = await server.request(downloadPath, { key: account.apiKey });
  const dir = mkdtempSync(join(tmpdir(), 'inv-fx-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const list = await Bun.$`pdfdetach -list ${file}`.text();
  await Bun.$`pdfdetach -savefile factur-x.xml -o ${join(dir, 'factur-x.xml')} ${file}`.quiet().nothrow();
  let xml = '';
  try {
    xml = readFileSync(join(dir, 'factur-x.xml'), 'utf8');
  } catch {
    // no attachment: the assertions below say so
  }
  return { list, xml };
}

describe('Factur-X renders', () => {
  test('a valid document: PDF/A-3 with exactly the validated XML; the render records the check', async () => {
    const res = await post('/api/v1/documents/render', { data, output: { format: 'facturx_pdf' } });
    expect(res.status).toBe(200);
    const render = res.body.data;
    expect(render.format).toBe('pdf');
    expect(render.compliance).toMatchObject({
      profile: 'factur_x_en16931',
      fully_checked: true,
      advisories: [],
    });
    const manifest = JSON.parse(readFileSync(join(OFFICIAL_RULESETS, 'manifest.json'), 'utf8'));
    const cii = manifest.rulesets.find((r: { id: string }) => r.id === 'en16931-cii');
    expect(render.compliance.ruleset_version).toContain(cii.version);
    const { list, xml } = await attachment(`/api/v1/renders/${render.id}/download`);
    expect(list).toContain('factur-x.xml');
    const expected = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'factur_x_en16931', data },
    });
    expect(xml).toBe(await expected.text());
    const again = await server.json(`/api/v1/renders/${render.id}`, { key: account.apiKey });
    expect(again.body.data.compliance).toEqual(render.compliance);
  });

  test('a fatal violation: 422 compliance_failed listing every violation, no PDF, no quota used', async () => {
    const own = await makeAccount(server);
    const { tax_scheme: _t, ...noScheme } = data;
    const broken = { ...noScheme, buyer: { name: 'Acme SARL' } };
    const res = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: own.apiKey,
      body: { data: broken, output: { format: 'facturx_pdf' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('compliance_failed');
    const rules = res.body.error.details.violations.map((v: { rule: string }) => v.rule);
    expect(rules).toEqual(expect.arrayContaining(['BT-118', 'BR-10']));
    const usage = await server.json('/api/v1/usage', { key: own.apiKey });
    expect(usage.body.data.renders.used).toBe(0);
  });

  test('plain PDF renders carry compliance null and no attachment', async () => {
    const res = await post('/api/v1/documents/render', { data });
    expect(res.body.data.compliance).toBeNull();
    const { list } = await attachment(`/api/v1/renders/${res.body.data.id}/download`);
    expect(list).not.toContain('factur-x.xml');
  });
});

describe('Factur-X of stored documents', () => {
  test('a stored credit note names the invoice it corrects, and carries the stored totals', async () => {
    const profile = await post('/api/v1/business-profiles', {
      legal_name: 'Müller GmbH',
      tax_id: 'DE123456789',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    });
    const customer = await post('/api/v1/customers', {
      name: 'Acme SARL',
      billing_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
    });
    const base = {
      issue_date: '2026-11-02',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.body.data.id,
      customer_id: customer.body.data.id,
      line_items: [
        { name: 'Consulting', quantity: '3', unit_price: '0.333', taxes: [{ rate: '19', category: 'S' }] },
      ],
    };
    const invoice = await post('/api/v1/documents', { ...base, number: 'FX-INV-7' });
    await post(`/api/v1/documents/${invoice.body.data.id}/finalize`, undefined);
    const credit = await post('/api/v1/documents', {
      ...base,
      number: 'FX-CN-7',
      document_type: 'credit_note',
      source_document_id: invoice.body.data.id,
      reason: 'Returned',
    });
    await post(`/api/v1/documents/${credit.body.data.id}/finalize`, undefined);
    const render = await post(`/api/v1/documents/${credit.body.data.id}/renders`, { format: 'facturx_pdf' });
    expect(render.status).toBe(200);
    const { xml } = await attachment(`/api/v1/renders/${render.body.data.id}/download`);
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>FX-INV-7<\/ram:IssuerAssignedID>/,
    );
    expect(xml).toContain(`>${credit.body.data.totals.total.amount}<`);
  });
});
