import { describe, expect, test } from 'bun:test';
import { hoistDescendantScans } from '../../src/einvoicing/schematron/hoist-descendant-scans';

const sheet = (body: string) =>
  `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">${body}</xsl:stylesheet>`;

describe('hoistDescendantScans (saxon-js speed rewrite)', () => {
  test('absolute scans in assert tests read a global variable declared with the same scan', () => {
    const out = hoistDescendantScans(
      sheet(`<xsl:when test="exists(//cac:TaxCategory[x]) or //@schemeName and not(//cbc:ID)"/>`),
    );
    expect(out).toContain(
      '<xsl:variable name="hoisted-descendant-cac-TaxCategory" select="//cac:TaxCategory"/>',
    );
    expect(out).toContain('<xsl:variable name="hoisted-descendant-attr-schemeName" select="//@schemeName"/>');
    expect(out).toContain(
      'test="exists($hoisted-descendant-cac-TaxCategory[x]) or $hoisted-descendant-attr-schemeName and not($hoisted-descendant-cbc-ID)"',
    );
  });

  test('relative scans, match patterns, SVRL text and grouped steps stay as written', () => {
    const body =
      '<xsl:template match="//cac:PostalAddress"><svrl:failed-assert test="exists(//cac:X)"/>' +
      '<xsl:if test="cac:Party//cbc:ID or sum(//(cac:A|cac:B)/x)"/></xsl:template>';
    expect(hoistDescendantScans(sheet(body))).toBe(sheet(body));
  });
});
