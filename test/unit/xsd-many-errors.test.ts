// An XSD validation with many errors: libxml2-wasm gives every error the path of its node, which counts the
// node's preceding siblings of its name, so N errors on siblings cost N²/2 steps (80,000 empty invoice lines,
// 1.5 MB: 12.7 s). scripts/patch-dependencies.mjs keeps the path for a run's first 1,000 errors only; the
// service lists the first 100 (validate-xsd.ts). Counted, not timed: which errors carry a path.
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlValidateError } from 'libxml2-wasm';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { parseUntrustedXml, validateXsd } from '../../src/einvoicing/xsd';
import { loadSchema } from '../../src/einvoicing/xsd/schemas';
import { ROOT } from '../harness';
import { sharedPath } from '../shared-material';

const pack = loadRulePack(join(ROOT, 'assets/rulesets'));
const example = readFileSync(sharedPath('rulesets/examples/peppol_bis_billing_3/base-example.xml'), 'utf8');
const at = example.indexOf('<cac:InvoiceLine>');
/** The Peppol example with `n` empty invoice lines before its own: one XSD error each. */
const withEmptyLines = (n: number) =>
  example.slice(0, at) + '<cac:InvoiceLine/>'.repeat(n) + example.slice(at);

test('an XSD validation computes the path of its first 1,000 errors only; the service lists 100 of them with theirs', async () => {
  const doc = await parseUntrustedXml(withEmptyLines(3000));
  try {
    const schema = pack.schemas.get('ubl-invoice');
    if (schema === undefined || pack.dir === null)
      throw new Error('the embedded pack has no ubl-invoice schema');
    const { validator } = await loadSchema(pack.dir, schema);
    let details: { xpath?: string; line: number }[] = [];
    try {
      validator.validate(doc);
    } catch (error) {
      if (!(error instanceof XmlValidateError)) throw error;
      details = error.details;
    }
    expect(details.length).toBeGreaterThanOrEqual(3000);
    expect(details.slice(0, 1000).every((d) => d.xpath?.startsWith('/'))).toBe(true);
    expect(details.slice(1000).some((d) => d.xpath !== undefined)).toBe(false);
    expect(details.every((d) => d.line > 0)).toBe(true);

    const result = await validateXsd(pack, ['ubl-invoice', 'ubl-creditnote'], doc);
    expect(result.violations).toHaveLength(101);
    expect(result.violations[0]?.path).toBe('/*/cac:InvoiceLine[1]');
    expect(result.violations[99]?.path).toBe('/*/cac:InvoiceLine[100]');
    expect(result.violations[100]?.message).toMatch(/^\d+ more schema errors not listed$/);
  } finally {
    doc.dispose();
  }
});
