// Issue 37 section 3 over HTTP: the verdicts of POST /documents/validate-compliance (the rules workers)
// are the official validator's on the cases where saxon-js used to differ from Java Saxon-HE, and a
// document with a DOCTYPE is refused, naming it, by the compliance check and by receiving alike.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const example = (path: string) => readFileSync(join(RULESETS_DIR, 'examples', path), 'utf8');

function tamper(xml: string, from: string | RegExp, to: string): string {
  const out = xml.replace(from, to);
  expect(out).not.toBe(xml);
  return out;
}

interface Finding {
  rule: string;
  severity: string;
  ruleset: string;
}

async function check(profile: string, xml: string) {
  return server.json('/api/v1/documents/validate-compliance', {
    method: 'POST',
    key: account.apiKey,
    body: { profile, xml },
  });
}

async function findings(profile: string, xml: string, rule: string): Promise<Finding[]> {
  const res = await check(profile, xml);
  expect(res.status).toBe(200);
  return res.body.data.violations.filter((v: Finding) => v.rule === rule);
}

describe('the verdicts are Java Saxon-HE verdicts', () => {
  test('PEPPOL-EN16931-R120 on 7 units at 10 per 7: fires for a net of 10.02, not for 9.98', async () => {
    const line = (net: string) => {
      let xml = example('peppol_bis_billing_3/base-example.xml');
      xml = tamper(
        xml,
        '<cbc:LineExtensionAmount currencyID= "EUR">2800<',
        `<cbc:LineExtensionAmount currencyID= "EUR">${net}<`,
      );
      return tamper(
        xml,
        '<cbc:PriceAmount currencyID="EUR">400</cbc:PriceAmount>',
        '<cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount><cbc:BaseQuantity unitCode="DAY">7</cbc:BaseQuantity>',
      );
    };
    const high = await findings('peppol_bis_billing_3', line('10.02'), 'PEPPOL-EN16931-R120');
    expect(high).toEqual([expect.objectContaining({ severity: 'fatal', ruleset: 'peppol-bis-billing-3' })]);
    expect(await findings('peppol_bis_billing_3', line('9.98'), 'PEPPOL-EN16931-R120')).toEqual([]);
  });

  test('CII-DT-097: a date followed by U+00A0 is fatal, and the invoice not valid', async () => {
    const xml = tamper(
      example('xrechnung_cii/01.01a-INVOICE_uncefact.xml'),
      '<udt:DateTimeString format="102">20160404</udt:DateTimeString>',
      '<udt:DateTimeString format="102">20160404\u00A0</udt:DateTimeString>',
    );
    const res = await check('xrechnung_cii', xml);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.violations.filter((v: Finding) => v.rule === 'CII-DT-097')).toEqual([
      expect.objectContaining({ severity: 'fatal', ruleset: 'en16931-cii' }),
    ]);
  });

  test('an XRechnung extension BT-24 with U+00A0 after it gets no downgrades: BR-CO-16 is fatal', async () => {
    const extension = 'urn:xeinkauf.de:kosit:extension:xrechnung_3.0';
    const exact = example('xrechnung_ubl/05.01a-INVOICE_ubl.xml');
    expect((await findings('xrechnung_ubl', exact, 'BR-CO-16')).map((v) => v.severity)).toEqual(['warning']);
    const xml = tamper(
      exact,
      `${extension}</cbc:CustomizationID>`,
      `${extension}\u00A0</cbc:CustomizationID>`,
    );
    const res = await check('xrechnung_ubl', xml);
    expect(res.body.data.valid).toBe(false);
    const rules = res.body.data.violations.filter((v: Finding) => ['BR-CO-16', 'BR-DE-21'].includes(v.rule));
    expect(rules.map((v: Finding) => `${v.rule} ${v.severity}`).sort()).toEqual([
      'BR-CO-16 fatal',
      'BR-DE-21 warning',
    ]);
  });

  test('dates on their own lines pass the schema, as in Java; a wrong date there still fails it', async () => {
    const exact = example('xrechnung_ubl/01.01a-INVOICE_ubl.xml');
    const spaced = exact.replace(/<(cbc:\w*Date)>([^<]*)<\/\1>/g, '<$1>\n        $2\n      </$1>');
    expect(spaced.match(/Date>\n {8}\d/g)?.length).toBeGreaterThan(1);
    // The example's own findings (a warning), nothing more: no schema finding for the spaced dates.
    const own = (await check('xrechnung_ubl', exact)).body.data;
    const res = await check('xrechnung_ubl', spaced);
    expect(res.status).toBe(200);
    expect({
      valid: res.body.data.valid,
      fully: res.body.data.fully_checked,
      findings: res.body.data.violations,
    }).toEqual({ valid: true, fully: true, findings: own.violations });
    const wrong = tamper(
      spaced,
      /<cbc:IssueDate>\n {8}[^<]*</,
      '<cbc:IssueDate>\n        2016-02-30\n      <',
    );
    const xsd = (await check('xrechnung_ubl', wrong)).body.data.violations.filter(
      (v: Finding) => v.rule === 'XSD',
    );
    expect(xsd).toEqual([
      expect.objectContaining({ severity: 'fatal', message: expect.stringContaining("'2016-02-30'") }),
    ]);
  });
});

describe('a DOCTYPE is refused with a 422 naming it', () => {
  const withDoctype = () =>
    tamper(
      example('peppol_bis_billing_3/base-example.xml'),
      /^(<\?xml[^>]*\?>)/,
      '$1\n<!DOCTYPE Invoice [<!ATTLIST cbc:EndpointID schemeID CDATA "0007">]>',
    );

  test('by the compliance check (and a bare DOCTYPE too)', async () => {
    const res = await check('peppol_bis_billing_3', withDoctype());
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      expect.objectContaining({ loc: 'body.xml', type: 'doctype_not_allowed' }),
    ]);
    expect(res.body.error.details.fields[0].msg).toContain('DOCTYPE declaration with an internal subset');
    const bare = tamper(
      example('peppol_bis_billing_3/base-example.xml'),
      /^(<\?xml[^>]*\?>)/,
      '$1<!DOCTYPE Invoice>',
    );
    const refused = await check('peppol_bis_billing_3', bare);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields[0].type).toBe('doctype_not_allowed');
  });

  test('by receiving: parse and keep, nothing kept', async () => {
    const post = (path: string) =>
      fetch(`${server.url}/api/v1/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
        body: withDoctype(),
      });
    const parsed = await post('einvoices/parse');
    expect(parsed.status).toBe(422);
    const body = (await parsed.json()) as any;
    expect(body.error.details.fields).toEqual([
      expect.objectContaining({ loc: 'body', type: 'doctype_not_allowed' }),
    ]);
    expect(body.error.message).toContain('DOCTYPE');
    const kept = await post('received-documents');
    expect(kept.status).toBe(422);
    const list = await server.json('/api/v1/received-documents', { key: account.apiKey });
    expect(list.body.data).toEqual([]);
  });
});
