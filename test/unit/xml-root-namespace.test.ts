// rootNamespaceHint: the root element's namespace read from its start tag, for loading ahead the schema a
// check will need (rules-worker.ts); null whenever the text does not say it plainly.
import { expect, test } from 'bun:test';
import { rootNamespaceHint } from '../../src/einvoicing/xsd/xml-input';

const INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';

test('the default namespace or the prefix of the root, after a declaration, comments and instructions', () => {
  expect(rootNamespaceHint(`<Invoice xmlns="${INVOICE}"><x/></Invoice>`)).toBe(INVOICE);
  expect(
    rootNamespaceHint(
      `\uFEFF<?xml version="1.0"?>\n<!-- <Other xmlns="urn:no"> -->\n<?pi x?>\n<ubl:Invoice xmlns:cac="urn:cac" xmlns:ubl='${INVOICE}'\n  xmlns="urn:default">`,
    ),
  ).toBe(INVOICE);
  // A value holding '>' or the other quote is read whole.
  expect(rootNamespaceHint(`<a:R b="x>y" xmlns:a="urn:a'b"/>`)).toBe("urn:a'b");
  expect(rootNamespaceHint('<rsm:CrossIndustryInvoice xmlns:rsm="urn:rsm" xmlns:ram="urn:ram">')).toBe(
    'urn:rsm',
  );
});

test('null when the start tag does not declare it, or there is no root to read', () => {
  expect(rootNamespaceHint(`<ubl:Invoice xmlns="${INVOICE}">`)).toBeNull();
  expect(rootNamespaceHint('<Invoice>')).toBeNull();
  expect(rootNamespaceHint('')).toBeNull();
  expect(rootNamespaceHint('not xml')).toBeNull();
  expect(rootNamespaceHint('<!-- never closed <Invoice xmlns="urn:x">')).toBeNull();
  expect(rootNamespaceHint(`<!DOCTYPE Invoice><Invoice xmlns="${INVOICE}">`)).toBeNull();
  expect(rootNamespaceHint(`<Invoice xmlns="${INVOICE}"`)).toBeNull();
});
