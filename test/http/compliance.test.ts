import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

let server: TestServer;
let bare: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  bare = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await bare.stop();
});

const data = {
  invoice_number: 'EI-1',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  buyer_reference: 'PO-4711',
  seller: {
    name: 'Müller GmbH',
    tax_id: 'DE123456789',
    email: 'billing@mueller.example',
    phone: '+49 30 1234',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE123456789' },
    bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
  },
  buyer: {
    name: 'Acme BV',
    tax_id: 'NL123456789B01',
    address: { line1: 'Keizersgracht 1', city: 'Amsterdam', postal_code: '1015 AA', country: 'NL' },
    electronic_address: { scheme: '0106', value: '12345678' },
  },
  payment: {
    instructions: 'SEPA credit transfer',
    bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
  },
  line_items: [
    {
      name: 'Consulting',
      quantity: '10',
      unit_price: '95.00',
      unit_code: 'HUR',
      taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
    },
  ],
};

const check = async (body: unknown, target = server, key?: string) =>
  target.json('/api/v1/documents/validate-compliance', {
    method: 'POST',
    key: key ?? (target === server ? account.apiKey : (await makeAccount(target)).apiKey),
    body,
  });

describe('validate-compliance with document data', () => {
  test('profile is required and must be one of the four', async () => {
    const missing = await check({ data });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fields[0]).toMatchObject({ loc: 'body.profile', type: 'missing' });
    const unknown = await check({ profile: 'zugferd_basic', data });
    expect(unknown.body.error.details.fields[0]).toMatchObject({
      loc: 'body.profile',
      type: 'invalid_value',
    });
  });

  test('a complete Peppol invoice runs every tier and reports its shape exactly', async () => {
    const res = await check({ profile: 'peppol_bis_billing_3', document_type: 'invoice', data });
    expect(res.status).toBe(200);
    const result = res.body.data;
    expect(Object.keys(result).sort()).toEqual(
      ['fully_checked', 'in_scope', 'profile', 'ruleset_version', 'rulesets', 'valid', 'violations'].sort(),
    );
    expect(result.profile).toBe('peppol_bis_billing_3');
    expect(result.rulesets.map((r: { id: string }) => r.id)).toEqual([
      'tier1-mandatory',
      'xsd:ubl-invoice',
      'en16931-ubl',
      'peppol-bis-billing-3',
    ]);
    expect(result.rulesets.every((r: { ran: boolean }) => r.ran)).toBe(true);
    expect(result.fully_checked).toBe(true);
    expect(result.in_scope).toBe(true);
    // The versions are the installed pack's: a new pack must not need a test change.
    const manifest = JSON.parse(readFileSync(join(RULESETS_DIR, 'manifest.json'), 'utf8')) as {
      rulesets: { id: string; version: string }[];
    };
    for (const id of ['en16931-ubl', 'peppol-bis-billing-3']) {
      expect(result.ruleset_version).toContain(manifest.rulesets.find((r) => r.id === id)?.version ?? '?');
    }
    expect(result.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('without tax_scheme: a BT-118 violation, no XML, the Schematron tier did not run', async () => {
    const { tax_scheme: _t, ...noScheme } = data;
    const result = (await check({ profile: 'xrechnung_ubl', data: noScheme })).body.data;
    expect(result.valid).toBe(false);
    expect(result.violations).toContainEqual(
      expect.objectContaining({ rule: 'BT-118', path: 'data.tax_scheme', severity: 'fatal' }),
    );
    expect(result.fully_checked).toBe(false);
    const tier2 = result.rulesets.filter((r: { id: string }) => r.id !== 'tier1-mandatory');
    expect(tier2.length).toBeGreaterThan(0);
    for (const r of tier2) {
      expect(r.ran).toBe(false);
      // Why the official rules did not run and what to fix: never advice to install a pack there is.
      expect(r.reason).toContain('no XML could be written');
      expect(r.reason).toContain('fix data.tax_scheme');
      expect(r.reason).not.toMatch(/install/i);
    }
  });

  test('no rule pack: tier 1 decides, fully_checked is false, nothing is reported as a pass', async () => {
    const result = (await check({ profile: 'factur_x_en16931', data }, bare)).body.data;
    expect(result.valid).toBe(true);
    expect(result.fully_checked).toBe(false);
    const tier2 = result.rulesets.filter((r: { id: string }) => r.id !== 'tier1-mandatory');
    expect(tier2.map((r: { ran: boolean }) => r.ran)).toEqual(tier2.map(() => false));
    expect(tier2[0].reason).toBeTruthy();
    expect(result.ruleset_version).not.toContain('1.3.16');
  });

  test('out of scope without a party in an EN 16931 country; that never changes valid', async () => {
    const us = {
      ...data,
      seller: { ...data.seller, address: { ...data.seller.address, country: 'US' } },
      buyer: { ...data.buyer, address: { ...data.buyer.address, country: 'CA' } },
    };
    const result = (await check({ profile: 'factur_x_en16931', data: us })).body.data;
    expect(result.in_scope).toBe(false);
  });

  test('checks use no render quota and store nothing', async () => {
    const own = await makeAccount(server);
    await check({ profile: 'factur_x_en16931', data }, server, own.apiKey);
    const usage = await server.json('/api/v1/usage', { key: own.apiKey });
    expect(usage.body.data.renders.used).toBe(0);
    expect((await server.json('/api/v1/documents', { key: own.apiKey })).body.data).toEqual([]);
  });
});

describe('validate-compliance with received XML', () => {
  const example = (dir: string) => {
    const folder = join(RULESETS_DIR, 'examples', dir);
    const file = readdirSync(folder).find((f) => /\.xml$/i.test(f) && !/negativ/i.test(f));
    return readFileSync(join(folder, file ?? ''), 'utf8');
  };

  test('an official Peppol example reports no fatal violation', async () => {
    const result = (await check({ profile: 'peppol_bis_billing_3', xml: example('peppol_bis_billing_3') }))
      .body.data;
    expect(result.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual([]);
    expect(result.fully_checked).toBe(true);
    expect(result.rulesets.map((r: { id: string }) => r.id)).not.toContain('tier1-mandatory');
  });

  test('malformed XML is 400, XML declaring entities (a DOCTYPE) 422 naming it, never a pass', async () => {
    const malformed = await check({ profile: 'xrechnung_cii', xml: '<Invoice><unclosed></Invoice>' });
    expect(malformed.status).toBe(400);
    const xxe = await check({
      profile: 'xrechnung_ubl',
      xml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>',
    });
    expect(xxe.status).toBe(422);
    expect(xxe.body.error.details.fields[0]).toMatchObject({ loc: 'body.xml', type: 'entities_not_allowed' });
    expect(xxe.body.error.details.fields[0].msg).toContain('DOCTYPE');
    const both = await check({ profile: 'xrechnung_ubl', xml: '<a/>', data });
    expect(both.status).toBe(422);
  });
});

describe('XML endpoints', () => {
  test('POST /documents/xml writes UBL for UBL profiles and CII for CII profiles', async () => {
    const ubl = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'peppol_bis_billing_3', data },
    });
    expect(ubl.headers.get('content-type')).toContain('application/xml');
    const ublText = await ubl.text();
    expect(ublText).toContain('<Invoice');
    expect(ublText).toContain('EI-1');
    const cii = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'factur_x_en16931', data },
    });
    expect(await cii.text()).toContain('CrossIndustryInvoice');
    const { tax_scheme: _t, ...noScheme } = data;
    const refused = await server.json('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'xrechnung_cii', data: noScheme },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields.map((f: { type: string }) => f.type)).toContain('BT-118');
  });

  test('GET /documents/{id}/xml needs ?profile and is scoped to the account', async () => {
    const parties = await makeParties(server, account);
    const doc = await makeDocument(server, account, parties, { tax_scheme: 'VAT' }, ['finalize']);
    const noProfile = await server.json(`/api/v1/documents/${doc.id}/xml`, { key: account.apiKey });
    expect(noProfile.status).toBe(422);
    expect(noProfile.body.error.details.fields[0].loc).toBe('query.profile');
    const xml = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
      key: account.apiKey,
    });
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain(doc.number);
    const other = await makeAccount(server);
    expect(
      (await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, { key: other.apiKey }))
        .status,
    ).toBe(404);
  });
});
