// Issue 37 section 3, "verdicts equal to the official validator's": tampered official examples on which
// saxon-js and Java Saxon-HE (running the pack's XSLT) used to disagree. Each expectation is Java's.
import { describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import type { Violation } from '../../src/einvoicing/rules/types';
import { runProfile, runRuleset } from '../../src/einvoicing/schematron';
import { XmlInputError } from '../../src/einvoicing/xsd';
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

const rules = (violations: Violation[], rule: string) => violations.filter((v) => v.rule === rule);

describe('regular expressions: XPath whitespace and .', () => {
  test('CII-DT-097: a date 20160404 followed by U+00A0 is no YYYYMMDD (fatal)', async () => {
    const xml = tamper(
      await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml'),
      '<udt:DateTimeString format="102">20160404</udt:DateTimeString>',
      '<udt:DateTimeString format="102">20160404\u00A0</udt:DateTimeString>',
    );
    const { violations } = await runRuleset(pack, 'en16931-cii', xml);
    expect(rules(violations, 'CII-DT-097')).toEqual([
      expect.objectContaining({ severity: 'fatal', ruleset: 'en16931-cii' }),
    ]);
  });

  test('BR-DE-19, DE-R-019: an IBAN grouped with U+00A0 is no IBAN (spaces are taken out, U+00A0 not)', async () => {
    const iban = async (id: string) =>
      tamper(
        await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
        '<cbc:ID>DE79000000001234567890</cbc:ID>',
        `<cbc:ID>${id}</cbc:ID>`,
      );
    const nbsp = await iban('DE79\u00A00000\u00A00000\u00A01234\u00A05678\u00A090');
    expect(rules((await runProfile(pack, 'xrechnung_ubl', nbsp)).violations, 'BR-DE-19')).toHaveLength(1);
    // Peppol's German rule, on the same German seller and buyer: the same regular expression.
    const peppol = await runRuleset(pack, 'peppol-bis-billing-3', nbsp);
    expect(rules(peppol.violations, 'DE-R-019')).toHaveLength(1);
    const spaced = await iban('DE79 0000 0000 1234 5678 90');
    expect(rules((await runProfile(pack, 'xrechnung_ubl', spaced)).violations, 'BR-DE-19')).toEqual([]);
    expect(rules((await runRuleset(pack, 'peppol-bis-billing-3', spaced)).violations, 'DE-R-019')).toEqual(
      [],
    );
  });

  test('BR-DE-27 and BR-DE-28: U+2028 is a character like any other, U+00A0 is no space', async () => {
    let xml = await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml');
    xml = tamper(
      xml,
      '<cbc:Telephone>+49 1234-5678</cbc:Telephone>',
      '<cbc:Telephone>1\u20282\u20283</cbc:Telephone>',
    );
    xml = tamper(
      xml,
      '<cbc:ElectronicMail>seller@email.de</cbc:ElectronicMail>',
      '<cbc:ElectronicMail>sel\u00A0ler@email.de</cbc:ElectronicMail>',
    );
    const { violations } = await runProfile(pack, 'xrechnung_ubl', xml);
    expect(rules(violations, 'BR-DE-27')).toEqual([]);
    expect(rules(violations, 'BR-DE-28')).toEqual([]);
    const two = tamper(xml, '1\u20282\u20283', '1\u20282');
    expect(rules((await runProfile(pack, 'xrechnung_ubl', two)).violations, 'BR-DE-27')).toHaveLength(1);
  });
});

describe('decimal division: PEPPOL-EN16931-R120, 7 at 10 per base quantity 7, tolerance 0.02', () => {
  /** The first line of the Peppol base example as 7 units at 10 per 7, with the given line net amount. */
  async function peppol(net: string): Promise<string> {
    let xml = await example('peppol_bis_billing_3/base-example.xml');
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
  }

  async function xrechnungUbl(net: string): Promise<string> {
    let xml = await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml');
    xml = tamper(
      xml,
      '<cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity>',
      '<cbc:InvoicedQuantity unitCode="XPP">7</cbc:InvoicedQuantity>',
    );
    xml = tamper(
      xml,
      '<cbc:LineExtensionAmount currencyID="EUR">288.79<',
      `<cbc:LineExtensionAmount currencyID="EUR">${net}<`,
    );
    return tamper(
      xml,
      '<cbc:PriceAmount currencyID="EUR">288.79</cbc:PriceAmount>',
      '<cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount><cbc:BaseQuantity unitCode="XPP">7</cbc:BaseQuantity>',
    );
  }

  async function xrechnungCii(net: string): Promise<string> {
    let xml = await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml');
    xml = tamper(
      xml,
      '<ram:ChargeAmount>288.79</ram:ChargeAmount>',
      '<ram:ChargeAmount>10</ram:ChargeAmount><ram:BasisQuantity unitCode="XPP">7</ram:BasisQuantity>',
    );
    xml = tamper(
      xml,
      '<ram:BilledQuantity unitCode="XPP">1</ram:BilledQuantity>',
      '<ram:BilledQuantity unitCode="XPP">7</ram:BilledQuantity>',
    );
    return tamper(
      xml,
      '<ram:LineTotalAmount>288.79</ram:LineTotalAmount>',
      `<ram:LineTotalAmount>${net}</ram:LineTotalAmount>`,
    );
  }

  const R120 = 'PEPPOL-EN16931-R120';

  test.each([
    ['peppol_bis_billing_3', 'peppol-bis-billing-3', peppol],
    ['xrechnung_ubl', 'xrechnung-ubl', xrechnungUbl],
    ['xrechnung_cii', 'xrechnung-cii', xrechnungCii],
  ] as const)('%s: net 10.02 fires R120, net 9.98 does not', async (profile, ruleset, build) => {
    const high = await runProfile(pack, profile, await build('10.02'));
    expect(rules(high.violations, R120)).toEqual([expect.objectContaining({ ruleset })]);
    const low = await runProfile(pack, profile, await build('9.98'));
    expect(rules(low.violations, R120)).toEqual([]);
  });
});

describe('BT-24 is matched exactly, as the XRechnung rules read it', () => {
  const EXTENSION = 'urn:xeinkauf.de:kosit:extension:xrechnung_3.0';
  const withAfter = (xml: string, tail: string) =>
    tamper(xml, `${EXTENSION}</cbc:CustomizationID>`, `${EXTENSION}${tail}</cbc:CustomizationID>`);

  test.each([
    ['a space', ' '],
    ['U+00A0', '\u00A0'],
  ])('an extension BT-24 with %s after it: BR-DE-21, and no extension downgrades (UBL)', async (_n, tail) => {
    const brco16 = await runProfile(
      pack,
      'xrechnung_ubl',
      withAfter(await example('xrechnung_ubl/05.01a-INVOICE_ubl.xml'), tail),
    );
    expect(rules(brco16.violations, 'BR-DE-21')).toHaveLength(1);
    expect(rules(brco16.violations, 'BR-CO-16').map((v) => v.severity)).toEqual(['fatal']);
    const cr646 = await runProfile(
      pack,
      'xrechnung_ubl',
      withAfter(await example('xrechnung_ubl/04.01a-INVOICE_ubl.xml'), tail),
    );
    expect(rules(cr646.violations, 'BR-DE-21')).toHaveLength(1);
    expect(rules(cr646.violations, 'UBL-CR-646').length).toBeGreaterThan(0);
    for (const v of rules(cr646.violations, 'UBL-CR-646')) expect(v.severity).toBe('fatal');
  });

  test('the same in CII: BR-CL-10 stays fatal under a BT-24 with a space after it', async () => {
    const xml = tamper(
      await example('xrechnung_cii/04.05a-INVOICE_uncefact.xml'),
      `${EXTENSION}</ram:ID>`,
      `${EXTENSION} </ram:ID>`,
    );
    const { violations } = await runProfile(pack, 'xrechnung_cii', xml);
    expect(rules(violations, 'BR-DE-21')).toHaveLength(1);
    expect(rules(violations, 'BR-CL-10').length).toBeGreaterThan(0);
    for (const v of rules(violations, 'BR-CL-10')) expect(v.severity).toBe('fatal');
  });

  test('the exact extension BT-24 keeps its downgrades', async () => {
    const { violations } = await runProfile(
      pack,
      'xrechnung_ubl',
      await example('xrechnung_ubl/05.01a-INVOICE_ubl.xml'),
    );
    expect(rules(violations, 'BR-DE-21')).toEqual([]);
    expect(rules(violations, 'BR-CO-16').map((v) => v.severity)).toEqual(['warning']);
  });
});

describe('a DOCTYPE is refused: the rules never judge another document than the one sent', () => {
  test("an attribute default in the internal subset (Java's parser adds schemeID, the parsers here do not)", async () => {
    const xml = tamper(
      await example('peppol_bis_billing_3/base-example.xml'),
      /^(<\?xml[^>]*\?>)/,
      '$1\n<!DOCTYPE Invoice [<!ATTLIST cbc:EndpointID schemeID CDATA "0007">]>',
    );
    for (const run of [runProfile(pack, 'peppol_bis_billing_3', xml), runRuleset(pack, 'en16931-ubl', xml)]) {
      const error = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(XmlInputError);
      expect((error as XmlInputError).code).toBe('doctype_not_allowed');
    }
  });
});
