// Tier 2 findings on tampered official examples: the right rule ids, paths and severities, schema errors,
// the manifest's KoSIT severity overrides, and a stylesheet that throws.
import { expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import type { Violation } from '../../src/einvoicing/rules/types';
import { runProfile, runRuleset, TRANSFORM_ERROR } from '../../src/einvoicing/schematron';
import { sharedPath } from '../shared-material';

const RULESETS = sharedPath('rulesets');
const pack = loadRulePack(RULESETS);
const example = (path: string) => Bun.file(join(RULESETS, 'examples', path)).text();

/** Replaces exactly one occurrence, so a test never passes because its tampering silently did nothing. */
function tamper(xml: string, from: string | RegExp, to: string): string {
  const out = xml.replace(from, to);
  expect(out).not.toBe(xml);
  return out;
}

const find = (violations: Violation[], rule: string) => violations.filter((v) => v.rule === rule);

test('UBL without an invoice number: BR-02 (fatal, at the Invoice) and the schema error', async () => {
  const xml = tamper(await example('peppol_bis_billing_3/base-example.xml'), '<cbc:ID>Snippet1</cbc:ID>', '');
  const result = await runProfile(pack, 'peppol_bis_billing_3', xml);
  const br02 = find(result.violations, 'BR-02');
  expect(br02).toHaveLength(1);
  expect(br02[0]).toMatchObject({ severity: 'fatal', ruleset: 'en16931-ubl' });
  expect(br02[0]?.path).toContain('Invoice');
  expect(br02[0]?.message).toContain('Invoice number (BT-1)');
  expect(find(result.violations, 'XSD')[0]).toMatchObject({ severity: 'fatal', ruleset: 'xsd:ubl-invoice' });
});

test('CII without an invoice number: BR-02 from the CEN CII rules', async () => {
  const xml = tamper(
    await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml'),
    '<ram:ID>123456XX</ram:ID>',
    '',
  );
  const result = await runProfile(pack, 'xrechnung_cii', xml);
  expect(find(result.violations, 'BR-02')).toEqual([
    expect.objectContaining({ severity: 'fatal', ruleset: 'en16931-cii' }),
  ]);
});

test('a Peppol-only rule is reported by the Peppol ruleset with its own id', async () => {
  // PEPPOL-EN16931-R001: a business process (ProfileID) is required.
  const xml = tamper(
    await example('peppol_bis_billing_3/base-example.xml'),
    /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/,
    '',
  );
  const result = await runProfile(pack, 'peppol_bis_billing_3', xml);
  expect(find(result.violations, 'PEPPOL-EN16931-R001')).toEqual([
    expect.objectContaining({ severity: 'fatal', ruleset: 'peppol-bis-billing-3' }),
  ]);
});

test('schema errors are fatal XSD violations with the element path and line', async () => {
  const xml = tamper(
    await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
    '<cbc:IssueDate>',
    '<cbc:Unexpected>x</cbc:Unexpected><cbc:IssueDate>',
  );
  const result = await runProfile(pack, 'xrechnung_ubl', xml);
  const xsd = find(result.violations, 'XSD');
  expect(xsd).toHaveLength(1);
  expect(xsd[0]).toMatchObject({
    severity: 'fatal',
    ruleset: 'xsd:ubl-invoice',
    path: '/ubl:Invoice/cbc:Unexpected',
  });
  expect(xsd[0]?.message).toMatch(/Unexpected.*not expected.*\(line \d+\)/);
  expect(result.rulesets[0]).toEqual({
    id: 'xsd:ubl-invoice',
    label: 'XML Schema ubl-invoice',
    version: 'ubl-2.1',
    ran: true,
    reason: null,
  });
});

test('a document of the wrong syntax for the profile fails the schema step', async () => {
  const cii = await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml');
  const result = await runProfile(pack, 'peppol_bis_billing_3', cii);
  const xsd = find(result.violations, 'XSD');
  expect(xsd).toHaveLength(1);
  expect(xsd[0]).toMatchObject({ severity: 'fatal', ruleset: 'xsd' });
  expect(xsd[0]?.message).toContain('not a document of this profile');
  expect(result.rulesets[0]).toMatchObject({ id: 'xsd', ran: true });
});

test('a stylesheet that throws on the document is a fatal TRANSFORM-ERROR, and the ruleset did run', async () => {
  // The CEN CII stylesheet casts amounts to xs:decimal and throws FORG0001 on an empty one.
  const xml = tamper(
    await example('factur_x_en16931/EN16931_Einfach.factur-x.xml'),
    /<ram:LineTotalAmount>[^<]*<\/ram:LineTotalAmount>/,
    '<ram:LineTotalAmount></ram:LineTotalAmount>',
  );
  const result = await runRuleset(pack, 'en16931-cii', xml);
  expect(result.run.ran).toBe(true);
  expect(result.violations).toEqual([
    expect.objectContaining({ rule: TRANSFORM_ERROR, severity: 'fatal', ruleset: 'en16931-cii', path: '/' }),
  ]);
  expect(result.violations[0]?.message).toContain('FORG0001');
});

// 04.05a uses the XRechnung *extension* CustomizationID, for which KoSIT downgrades BR-CL-10 (ISO 6523
// scheme codes) to information; under plain XRechnung the same finding is fatal.
const EXTENSION_EXAMPLE = 'xrechnung_cii/04.05a-INVOICE_uncefact.xml';

test('severity_by_customization: the CustomizationID read from the XML downgrades BR-CL-10', async () => {
  const result = await runProfile(pack, 'xrechnung_cii', await example(EXTENSION_EXAMPLE));
  const brcl10 = find(result.violations, 'BR-CL-10');
  expect(brcl10.length).toBeGreaterThan(0);
  for (const v of brcl10) expect(v).toMatchObject({ severity: 'warning', ruleset: 'en16931-cii' });
});

test('severity_by_customization: under another CustomizationID the same BR-CL-10 is fatal', async () => {
  const result = await runProfile(pack, 'xrechnung_cii', await example(EXTENSION_EXAMPLE), {
    customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  });
  const brcl10 = find(result.violations, 'BR-CL-10');
  expect(brcl10.length).toBeGreaterThan(0);
  for (const v of brcl10) expect(v.severity).toBe('fatal');
});

test('severity_by_customization: the cvd_* wildcard covers cvd_0.9 (BR-CL-13 becomes advisory)', async () => {
  const xml = await example('xrechnung_ubl/02.01a-cvd_INVOICE_ubl.xml');
  const natural = await runProfile(pack, 'xrechnung_ubl', xml);
  expect(find(natural.violations, 'BR-CL-13').map((v) => v.severity)).toEqual(['warning']);
  const plain = await runProfile(pack, 'xrechnung_ubl', xml, { customizationId: null });
  expect(find(plain.violations, 'BR-CL-13').map((v) => v.severity)).toEqual(['fatal']);
});

test('ruleset-wide severity: BR-CL-23 is a warning under XRechnung and fatal under Peppol', async () => {
  const xml = tamper(
    await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
    /unitCode="[^"]+"/,
    'unitCode="NOPE"',
  );
  const xrechnung = await runProfile(pack, 'xrechnung_ubl', xml);
  expect(find(xrechnung.violations, 'BR-CL-23').map((v) => v.severity)).toEqual(['warning']);
  const peppol = await runProfile(pack, 'peppol_bis_billing_3', xml);
  expect(find(peppol.violations, 'BR-CL-23').map((v) => v.severity)).toEqual(['fatal']);
});

test('information-level rules come out as warnings (XRechnung BR-DE-TMP-32), never dropped or fatal', async () => {
  const result = await runProfile(
    pack,
    'xrechnung_cii',
    await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml'),
  );
  expect(find(result.violations, 'BR-DE-TMP-32')).toEqual([
    expect.objectContaining({ severity: 'warning', ruleset: 'xrechnung-cii' }),
  ]);
  expect(find(result.violations, 'BR-DE-TMP-32')[0]?.message).toStartWith('[BR-DE-TMP-32] Eine Rechnung');
});
