// The XML serializers against the official XSDs (xmllint), for the whole matrix of test documents in all
// four profiles; determinism; and the numbers: every amount in the XML is one the stored totals hold.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ComplianceProfile, PROFILES } from '../../src/einvoicing/profiles';
import { toSemantic } from '../../src/einvoicing/semantic/index';
import { serialize } from '../../src/einvoicing/semantic/serialize';
import { CASES } from '../einvoicing-fixtures';
import { sharedPath } from '../shared-material';

const RULESETS_DIR = process.env.RULESETS_DIR ?? sharedPath('rulesets');
const ALL_PROFILES = Object.keys(PROFILES) as ComplianceProfile[];

/** The XSD for a profile and document type, from the rule pack's manifest (read in place, never copied). */
function xsdPath(profile: ComplianceProfile, typeCode: string): string {
  const manifest = JSON.parse(readFileSync(join(RULESETS_DIR, 'manifest.json'), 'utf8')) as {
    xsd: Record<string, string>;
    profiles: Record<string, { xsd: string[] }>;
  };
  const ids = manifest.profiles[profile]?.xsd ?? [];
  // UBL profiles list an Invoice and a CreditNote schema; CII has one for both.
  const id = ids.length === 1 ? ids[0] : typeCode === '380' ? 'ubl-invoice' : 'ubl-creditnote';
  const path = id === undefined ? undefined : manifest.xsd[id];
  if (path === undefined) throw new Error(`no XSD for ${profile}`);
  return join(RULESETS_DIR, path);
}

/** Files that fail the XSD, with xmllint's messages. One xmllint per schema: loading it dominates. */
function xsdFailures(xsd: string, docs: { name: string; xml: string }[]): string[] {
  if (Bun.which('xmllint') === null) throw new Error('xmllint not found: apt-get install libxml2-utils');
  const dir = mkdtempSync(join(tmpdir(), 'einv-xsd-'));
  const files = docs.map((doc, i) => {
    const file = join(dir, `${i}.xml`);
    writeFileSync(file, doc.xml);
    return file;
  });
  const run = Bun.spawnSync(['xmllint', '--noout', '--schema', xsd, ...files]);
  const output = run.stderr.toString();
  return docs.flatMap((doc, i) => {
    const file = files[i] as string;
    if (output.includes(`${file} validates`)) return [];
    const messages = output.split('\n').filter((l) => l.startsWith(file));
    return [`${doc.name}: ${messages.join('\n') || `xmllint exit ${run.exitCode}`}`];
  });
}

/** Every text value of an element (by qualified name) in document order. */
const values = (xml: string, qname: string): string[] =>
  [...xml.matchAll(new RegExp(`<${qname}(?: [^>]*)?>([^<]*)</${qname}>`, 'g'))].map((m) => m[1] as string);

const written = CASES.map((c) => ({ c, invoice: toSemantic(c.input) }));

describe('XSD validity (xmllint, the rule pack schemas)', () => {
  for (const profile of ALL_PROFILES) {
    test(`${profile}: every matrix document validates`, () => {
      const bySchema = new Map<string, { name: string; xml: string }[]>();
      for (const { c, invoice } of written) {
        const xsd = xsdPath(profile, invoice.typeCode);
        const list = bySchema.get(xsd) ?? [];
        list.push({ name: c.name, xml: serialize(invoice, profile) });
        bySchema.set(xsd, list);
      }
      const failures = [...bySchema].flatMap(([xsd, docs]) => xsdFailures(xsd, docs));
      expect(failures).toEqual([]);
    });
  }
});

describe('header and determinism', () => {
  test('each profile states its BT-24 and BT-23', () => {
    const invoice = written[0]?.invoice;
    if (invoice === undefined) throw new Error('no cases');
    const peppol = serialize(invoice, 'peppol_bis_billing_3');
    expect(values(peppol, 'cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ]);
    expect(values(peppol, 'cbc:ProfileID')).toEqual(['urn:fdc:peppol.eu:2017:poacc:billing:01:1.0']);
    const xr = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    expect(values(serialize(invoice, 'xrechnung_ubl'), 'cbc:CustomizationID')).toEqual([xr]);
    const facturx = serialize(invoice, 'factur_x_en16931');
    expect(facturx).toContain(
      '<ram:GuidelineSpecifiedDocumentContextParameter>\n      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
    );
    expect(facturx).not.toContain('BusinessProcessSpecifiedDocumentContextParameter');
    expect(serialize(invoice, 'xrechnung_cii')).toContain(`<ram:ID>${xr}</ram:ID>`);
  });

  test('a credit note is a UBL CreditNote and CII type 381', () => {
    const credit = written.find(({ invoice }) => invoice.typeCode === '381')?.invoice;
    if (credit === undefined) throw new Error('no credit note case');
    const ubl = serialize(credit, 'peppol_bis_billing_3');
    expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(values(ubl, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(values(ubl, 'cbc:DueDate')).toEqual([]);
    expect(values(ubl, 'cbc:PaymentDueDate')).toEqual(['2026-11-16']);
    expect(values(serialize(credit, 'xrechnung_cii'), 'ram:TypeCode')).toContain('381');
  });

  test('the same input gives the same bytes, and the input is not modified', () => {
    for (const { c } of written) {
      const before = structuredClone(c.input);
      for (const profile of ALL_PROFILES) {
        const first = serialize(toSemantic(c.input), profile);
        expect(serialize(toSemantic(structuredClone(c.input)), profile)).toBe(first);
        expect(first.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
      }
      expect(c.input).toEqual(before);
    }
  });
});

describe('the numbers are the stored totals', () => {
  for (const { c, invoice } of written) {
    test(c.name, () => {
      const t = c.input.totals;
      // A credit note stored with negative amounts is written as the positive credit (381).
      const flip = invoice.typeCode === '381' && t.total.startsWith('-');
      const signed = (s: string) =>
        flip ? (s.startsWith('-') ? s.slice(1) : s === '0.00' ? s : `-${s}`) : s;
      expect(invoice.totals.payable).toBe(signed(t.total));
      expect(invoice.totals.taxInclusive).toBe(signed(t.total));
      expect(invoice.totals.tax).toBe(signed(t.tax_total));
      // BG-23 is the stored groups (merged only when one rate is both inclusive and exclusive: none here).
      expect(invoice.vatBreakdown.map((v) => [v.vat.code, v.vat.rate, v.taxableAmount, v.taxAmount])).toEqual(
        t.tax_groups.map((g) => [g.category, g.rate, signed(g.taxable_amount), signed(g.tax_amount)]),
      );
      if (!t.tax_groups.some((g) => g.inclusive)) {
        expect(invoice.lines.map((l) => l.netAmount)).toEqual(t.lines.map((l) => signed(l.amount)));
        expect(invoice.totals.lineNet).toBe(signed(t.subtotal));
        expect(invoice.totals.allowances).toBe(signed(t.discount_total));
        expect(invoice.totals.charges).toBe(signed(t.shipping_total));
      }

      const ubl = serialize(invoice, 'peppol_bis_billing_3');
      expect(values(ubl, 'cbc:PayableAmount')).toEqual([invoice.totals.payable]);
      expect(values(ubl, 'cbc:TaxExclusiveAmount')).toEqual([invoice.totals.taxExclusive]);
      expect(values(ubl, 'cbc:TaxableAmount')).toEqual(invoice.vatBreakdown.map((v) => v.taxableAmount));
      expect(values(ubl, 'cbc:LineExtensionAmount')).toEqual([
        invoice.totals.lineNet,
        ...invoice.lines.map((l) => l.netAmount),
      ]);
      const cii = serialize(invoice, 'factur_x_en16931');
      expect(values(cii, 'ram:DuePayableAmount')).toEqual([invoice.totals.payable]);
      expect(values(cii, 'ram:GrandTotalAmount')).toEqual([invoice.totals.taxInclusive]);
      expect(values(cii, 'ram:TaxTotalAmount')).toEqual([invoice.totals.tax]);
      // BasisAmount is the breakdown's taxable amount, and the base a percentage allowance is of (BT-137 on
      // the lines before it, BT-93 on the document allowances after it).
      expect(values(cii, 'ram:BasisAmount')).toEqual([
        ...invoice.lines.flatMap((l) => (l.allowance?.percent ? [l.allowance.percent.base] : [])),
        ...invoice.vatBreakdown.map((v) => v.taxableAmount),
        ...invoice.allowances.flatMap((a) => (a.percent ? [a.percent.base] : [])),
      ]);
      expect(values(cii, 'ram:CalculatedAmount')).toEqual(invoice.vatBreakdown.map((v) => v.taxAmount));
    });
  }
});

describe('terms written once or as the rules read them', () => {
  const threeRates = CASES.find((c) => c.name === 'S 19% + 7% + Z, explicit shipping tax');

  test('CII states the tax point date (BT-7) in one breakdown only (CII-SR-461)', () => {
    if (threeRates === undefined) throw new Error('fixture missing');
    const data = { ...threeRates.input.data, tax_point_date: '2026-03-31' };
    const xml = serialize(toSemantic({ ...threeRates.input, data }), 'xrechnung_cii');
    expect(xml.match(/<ram:ApplicableTradeTax>/g)?.length).toBeGreaterThan(1);
    expect(xml.match(/<ram:TaxPointDate>/g)?.length).toBe(1);
  });

  test('structured payment terms (#SKONTO#…#) end with the line break BR-DE-18 asks for', () => {
    if (threeRates === undefined) throw new Error('fixture missing');
    const terms = '#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#';
    const data = { ...threeRates.input.data, payment: { instructions: terms } };
    const ubl = serialize(toSemantic({ ...threeRates.input, data }), 'xrechnung_ubl');
    expect(ubl).toContain(`<cbc:Note>${terms}\n</cbc:Note>`);
    const plain = { ...threeRates.input.data, payment: { instructions: 'Net 30 days' } };
    expect(serialize(toSemantic({ ...threeRates.input, data: plain }), 'xrechnung_ubl')).toContain(
      '<cbc:Note>Net 30 days</cbc:Note>',
    );
  });
});

describe('a refinement of the profile (BT-24)', () => {
  const base = CASES[0];
  const CVD =
    'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9';

  test("is written instead of the profile's own identifier, in both syntaxes", () => {
    if (base === undefined) throw new Error('fixture missing');
    const data = { ...base.input.data, customization_id: CVD };
    expect(serialize(toSemantic({ ...base.input, data }), 'xrechnung_ubl')).toContain(
      `<cbc:CustomizationID>${CVD}</cbc:CustomizationID>`,
    );
    expect(serialize(toSemantic({ ...base.input, data }), 'xrechnung_cii')).toContain(
      `<ram:ID>${CVD}</ram:ID>`,
    );
  });

  test('another profile refuses it: no XML claims a specification its rules do not judge', () => {
    if (base === undefined) throw new Error('fixture missing');
    const data = { ...base.input.data, customization_id: CVD };
    for (const profile of ['peppol_bis_billing_3', 'factur_x_en16931'] as const) {
      expect(() => serialize(toSemantic({ ...base.input, data }), profile)).toThrow(/BT-24/);
    }
  });
});
