// Compliance findings as the console says them for a document of this account: by the field to fix, in
// a person's words, never the XPath the official rules point at.
import { describe, expect, test } from 'bun:test';
import { fieldName } from '../../src/console/ui/field-names';
import { distinctFindings, findingField, findingText, readablePath } from '../../src/console/ui/findings';

describe('findingField', () => {
  test('a built-in finding keeps its field; a known official rule gets its field; else the document', () => {
    expect(findingField({ rule: 'BR-CO-04', path: 'data.line_items.0.taxes' })).toBe(
      'data.line_items.0.taxes',
    );
    const xpath = "/*:Invoice[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'][1]";
    expect(findingField({ rule: 'BR-DE-15', path: xpath })).toBe('data.buyer_reference');
    expect(findingField({ rule: 'PEPPOL-EN16931-R003', path: xpath })).toBe('data.buyer_reference');
    expect(findingField({ rule: 'BR-DE-21', path: xpath })).toBe('data');
  });

  test("what the console shows holds no XPath: the field's name and the finding in its words", () => {
    const xpath = '/*:Invoice[1]/*:BuyerReference[1]';
    const violation = { rule: 'BR-DE-15', path: xpath, message: '[BR-DE-15] Das Element ...' };
    const field = findingField(violation);
    expect(fieldName(field)).toBe('Leitweg-ID (BT-10)');
    expect(findingText({ ...violation, field })).toBe(
      'XRechnung and Peppol ask for a buyer reference: a public authority’s Leitweg-ID, else e.g. the customer’s order number.',
    );
    expect(fieldName(findingField({ rule: 'X', path: xpath }))).toBe('The document');
  });
});

describe('distinctFindings', () => {
  test('the built-in check and the official rules reporting one rule at one field: one line', () => {
    const builtIn = { rule: 'BR-DE-15', path: 'data.buyer_reference', message: 'missing' };
    const official = { rule: 'BR-DE-15', path: '/*:Invoice[1]', message: '[BR-DE-15] Das Element ...' };
    const other = { rule: 'BR-DE-2', path: '/*:Invoice[1]', message: '[BR-DE-2] ...' };
    expect(distinctFindings([builtIn, official, other])).toEqual([builtIn, other]);
    // A rule without a known field failing at two places stays two findings.
    const line1 = { rule: 'BR-CO-04', path: '/*:Invoice[1]/*:InvoiceLine[1]', message: 'x' };
    const line3 = { rule: 'BR-CO-04', path: '/*:Invoice[1]/*:InvoiceLine[3]', message: 'x' };
    expect(distinctFindings([line1, line3, line1])).toEqual([line1, line3]);
  });
});

describe('readablePath: where a finding in a received file is, without XPath (issue 36)', () => {
  test.each([
    ['/Q{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice[1]', 'Invoice'],
    [
      '/Q{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice[1]/Q{urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2}InvoiceLine[3]/Q{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}ID[1]',
      'Invoice › InvoiceLine 3 › ID',
    ],
    [
      '/rsm:CrossIndustryInvoice[1]/rsm:ExchangedDocument[1]/@schemeID',
      'CrossIndustryInvoice › ExchangedDocument › @schemeID',
    ],
    ['data.buyer_reference', 'data.buyer_reference'],
  ])('%s reads %s', (path, readable) => {
    expect(readablePath(path)).toBe(readable);
  });
});
