// Untrusted XML input: XXE and entity-expansion payloads are refused before any parser runs, malformed XML
// is a typed error (HTTP 400 for the caller), never a list of violations.
import { expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runProfile, runRuleset } from '../../src/einvoicing/schematron';
import { parseUntrustedXml, XmlInputError, type XmlInputProblem } from '../../src/einvoicing/xsd';
import { sharedPath } from '../shared-material';

const RULESETS = sharedPath('rulesets');
const pack = loadRulePack(RULESETS);
const example = (path: string) => Bun.file(join(RULESETS, 'examples', path)).text();

async function inputError(promise: Promise<unknown>): Promise<XmlInputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof XmlInputError) return error;
    throw error;
  }
  throw new Error('expected an XmlInputError, got a result');
}

/** An official invoice with a DOCTYPE spliced in after the XML declaration. */
async function withDoctype(doctype: string, bodyFrom?: string, bodyTo?: string): Promise<string> {
  let xml = (await example('peppol_bis_billing_3/base-example.xml')).replace(
    /^(<\?xml[^>]*\?>)/,
    `$1\n${doctype}`,
  );
  if (bodyFrom !== undefined && bodyTo !== undefined) xml = xml.replace(bodyFrom, bodyTo);
  return xml;
}

const XXE_FILE = '<!DOCTYPE ubl:Invoice [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>';
const XXE_PARAMETER =
  '<!DOCTYPE ubl:Invoice [ <!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote; ]>';
const BILLION_LAUGHS =
  '<!DOCTYPE ubl:Invoice [ <!ENTITY a "lol"> <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"> <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"> ]>';
const EXTERNAL_DTD = '<!DOCTYPE ubl:Invoice SYSTEM "http://127.0.0.1:9/invoice.dtd">';

test.each<[string, string, XmlInputProblem]>([
  ['an external entity (file)', XXE_FILE, 'entities_not_allowed'],
  ['an external parameter entity', XXE_PARAMETER, 'entities_not_allowed'],
  ['nested internal entities (billion laughs)', BILLION_LAUGHS, 'entities_not_allowed'],
  ['an external DTD', EXTERNAL_DTD, 'external_dtd_not_allowed'],
  [
    'an external DTD behind a comment that mentions one',
    `<!-- <!DOCTYPE x --> ${EXTERNAL_DTD}`,
    'external_dtd_not_allowed',
  ],
  ['an external DTD after a processing instruction', `<?pi a?>${EXTERNAL_DTD}`, 'external_dtd_not_allowed'],
])('%s is refused by runProfile with a typed error', async (_name, doctype, code) => {
  const xml = await withDoctype(doctype, '<cbc:Note>', '<cbc:Note>&xxe;');
  const error = await inputError(runProfile(pack, 'peppol_bis_billing_3', xml));
  expect(error.code).toBe(code);
});

test('runRuleset alone refuses entities too, with the same typed error', async () => {
  const xml = await withDoctype(BILLION_LAUGHS, '<cbc:Note>', '<cbc:Note>&c;');
  expect((await inputError(runRuleset(pack, 'en16931-ubl', xml))).code).toBe('entities_not_allowed');
});

test('a DOCTYPE with neither entities nor an external DTD is refused too: a DTD could change the document judged (issue 37)', async () => {
  const bare = await inputError(
    runProfile(pack, 'peppol_bis_billing_3', await withDoctype('<!DOCTYPE ubl:Invoice>')),
  );
  expect(bare.code).toBe('doctype_not_allowed');
  const defaults = await withDoctype(
    '<!DOCTYPE ubl:Invoice [<!ATTLIST cbc:EndpointID schemeID CDATA "0007">]>',
  );
  expect((await inputError(runProfile(pack, 'peppol_bis_billing_3', defaults))).code).toBe(
    'doctype_not_allowed',
  );
});

test('libxml2 itself neither substitutes nor loads entities (second line of defence)', async () => {
  // Bypasses the string guard on purpose: straight to libxml2 with the service's parse options.
  const { XmlDocument, ParseOption } = await import('libxml2-wasm');
  const doc = XmlDocument.fromString(
    '<!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/hostname">]><a>&xxe;</a>',
    { option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE },
  );
  try {
    expect(doc.root.content).toBe('');
  } finally {
    doc.dispose();
  }
});

test.each([
  ['an unclosed element', '<Invoice><cbc:ID>1</Invoice>'],
  ['text only', 'not xml at all'],
  ['two roots', '<a/><b/>'],
  ['an undeclared prefix', '<ubl:Invoice/>'],
])('malformed XML (%s) is an XmlInputError, not violations', async (_name, xml) => {
  const error = await inputError(runProfile(pack, 'xrechnung_ubl', xml));
  expect(error.code).toBe('malformed_xml');
  expect(error.message).toContain('not well-formed');
  expect(error.line).toBeGreaterThan(0);
});

test('an empty document is an XmlInputError', async () => {
  expect((await inputError(runProfile(pack, 'xrechnung_cii', '  \n'))).code).toBe('empty_document');
});

test('malformed XML is a typed error even when no rule pack is installed', async () => {
  const missing = loadRulePack(null);
  expect((await inputError(runProfile(missing, 'xrechnung_ubl', '<a>'))).code).toBe('malformed_xml');
});

test('a UTF-8 byte-order mark is accepted', async () => {
  const xml = `\uFEFF${await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml')}`;
  const result = await runProfile(pack, 'xrechnung_cii', xml);
  expect(result.rulesets.every((r) => r.ran)).toBe(true);
  expect(result.violations.filter((v) => v.severity === 'fatal')).toEqual([]);
});

test('parseUntrustedXml returns a document the caller disposes', async () => {
  const doc = await parseUntrustedXml('<a xmlns="urn:x"><b>1</b></a>');
  expect(doc.root.namespaceUri).toBe('urn:x');
  doc.dispose();
});
