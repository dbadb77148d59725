// Tier 1 (mandatory fields, in TypeScript) and tier 2 (the official Schematron on the XML written) must
// agree: for each profile, each mandatory term left out, and each way of giving an electronic address,
// tier 1 says invalid exactly when the official rules do. Tier 1 never says valid where they say invalid.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { CASES } from '../einvoicing-fixtures';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const PROFILES = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;
const base = CASES[0]?.input.data as DocumentData;
const clone = (d: DocumentData) => structuredClone(d) as DocumentData;

type Variant = [string, (d: DocumentData) => void];

const withoutAddresses = (d: DocumentData) => {
  if (d.seller) delete d.seller.electronic_address;
  if (d.buyer) delete d.buyer.electronic_address;
};

const VARIANTS: Variant[] = [
  ['everything given', () => {}],
  ['electronic addresses from the parties’ e-mails only', withoutAddresses],
  [
    'no electronic address and no e-mail for the buyer',
    (d) => {
      withoutAddresses(d);
      if (d.buyer) delete d.buyer.email;
    },
  ],
  ['no buyer reference (BT-10)', (d) => delete d.buyer_reference],
  ['no payment instructions (BG-16)', (d) => delete d.payment],
  ['no seller phone (BT-42)', (d) => d.seller && delete d.seller.phone],
  ['no seller e-mail (BT-43)', (d) => d.seller && delete d.seller.email],
  ['no due date', (d) => delete d.due_date],
  ['no seller country (BT-40)', (d) => d.seller?.address && delete d.seller.address.country],
  ['no buyer address at all', (d) => d.buyer && delete d.buyer.address],
  ['no seller VAT id', (d) => d.seller && delete d.seller.tax_id],
  [
    'a corrected invoice (384) naming the invoice it corrects',
    (d) => {
      d.type_code = '384';
      d.preceding_invoice = { number: 'RE-2026-0001', issue_date: '2026-10-01' };
    },
  ],
  [
    'a corrected invoice (384) between parties not both in Germany',
    (d) => {
      d.type_code = '384';
      d.preceding_invoice = { number: 'RE-2026-0001' };
      if (d.buyer?.address) d.buyer.address.country = 'AT';
    },
  ],
  [
    'a self-billed invoice (389)',
    (d) => {
      d.type_code = '389';
    },
  ],
  ['no seller city', (d) => d.seller?.address && delete d.seller.address.city],
  ['no buyer post code', (d) => d.buyer?.address && delete d.buyer.address.postal_code],
  [
    'no buyer name',
    (d) => {
      if (d.buyer) d.buyer.name = ' ';
    },
  ],
  [
    'no line item name',
    (d) => {
      if (d.line_items[0]) d.line_items[0].name = ' ';
    },
  ],
];

describe('tier 1 agrees with the official rules', () => {
  for (const profile of PROFILES) {
    test.each(VARIANTS)(`${profile}: %s`, async (_name, change) => {
      const data = clone(base);
      change(data);
      const res = await server.json('/api/v1/documents/validate-compliance', {
        method: 'POST',
        key: account.apiKey,
        body: { profile, document_type: 'invoice', data },
      });
      expect(res.status).toBe(200);
      const result = res.body.data;
      const tier2Ran = result.rulesets
        .filter((r: { id: string }) => r.id !== 'tier1-mandatory')
        .every((r: { ran: boolean }) => r.ran);
      const fatal = result.violations.filter((v: { severity: string }) => v.severity === 'fatal');
      const tier1 = fatal.filter((v: { ruleset: string }) => v.ruleset === 'tier1-mandatory');
      if (!tier2Ran) {
        // No XML could be written, so the official rules had nothing to check: tier 1 must already have
        // refused it, naming a rule (never a pass, never an unexplained failure).
        expect(result.valid).toBe(false);
        expect(tier1.length).toBeGreaterThan(0);
        expect(tier1.every((v: { rule: string }) => v.rule.length > 0)).toBe(true);
        return;
      }
      const tier2 = fatal.filter((v: { ruleset: string }) => v.ruleset !== 'tier1-mandatory');
      const describe = (list: { rule: string }[]) => list.map((v) => v.rule).join(', ') || 'valid';
      expect({ tier1: tier1.length > 0, rules: describe(tier1) }).toEqual({
        tier1: tier2.length > 0,
        rules: expect.any(String),
      });
      if (tier2.length > 0) expect(`tier 1: ${describe(tier1)}`).not.toBe('tier 1: valid');
    });
  }

  test('XRechnung written for parties with only e-mail addresses carries them as EM and passes KoSIT’s rules', async () => {
    const data = clone(base);
    withoutAddresses(data);
    for (const profile of ['xrechnung_ubl', 'xrechnung_cii'] as const) {
      const xml = await (
        await server.request('/api/v1/documents/xml', {
          method: 'POST',
          key: account.apiKey,
          body: { profile, document_type: 'invoice', data },
        })
      ).text();
      expect(xml).toContain('schemeID="EM"');
      expect(xml).toContain('rechnung@lindqvist.example');
      expect(xml).toContain('einkauf@mueller-soehne.example');
    }
    const explicit = await (
      await server.request('/api/v1/documents/xml', {
        method: 'POST',
        key: account.apiKey,
        body: { profile: 'xrechnung_ubl', document_type: 'invoice', data: base },
      })
    ).text();
    expect(explicit).not.toContain('schemeID="EM"');
    expect(explicit).toContain('schemeID="9930"');
    const peppol = await (
      await server.request('/api/v1/documents/xml', {
        method: 'POST',
        key: account.apiKey,
        body: { profile: 'peppol_bis_billing_3', document_type: 'invoice', data },
      })
    ).text();
    expect(peppol).not.toContain('schemeID="EM"');
  });
});

describe('corrected and self-billed invoices', () => {
  test.each([
    ['384', 'xrechnung_ubl', /<cbc:InvoiceTypeCode>384</],
    ['389', 'xrechnung_cii', /<ram:TypeCode>389</],
    ['384', 'factur_x_en16931', /<ram:TypeCode>384</],
  ] as const)('type_code %s is written into %s as BT-3', async (code, profile, written) => {
    const data = { ...clone(base), type_code: code, preceding_invoice: { number: 'RE-2026-0001' } };
    const xml = await (
      await server.request('/api/v1/documents/xml', {
        method: 'POST',
        key: account.apiKey,
        body: { profile, document_type: 'invoice', data },
      })
    ).text();
    expect(xml).toMatch(written);
  });

  test('a credit note takes only 381, and other document types no type_code at all', async () => {
    const wrong = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { document_type: 'credit_note', data: { ...clone(base), type_code: '384' } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.fields[0].loc).toBe('body.data.type_code');
  });

  test('the PDF of a corrected invoice says so in its title', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: { ...clone(base), type_code: '384', locale: 'de-DE' }, output: { delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    const { pdfPagesText, savePdf } = await import('../rendering-fixtures');
    // "Korrigierte Rechnung" (UNTDID 1001's 384 in German), over two lines in the title's column.
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join('\n');
    expect(text.replace(/\s+/g, ' ')).toContain('Korrigierte Rechnung');
    expect(text).not.toContain('Rechnungskorrektur');
  });
});
