import { describe, expect, test } from 'bun:test';
import {
  ELEMENT_INDEX_DECLARATION,
  hoistDescendantScans,
} from '../../src/einvoicing/schematron/hoist-descendant-scans';

const sheet = (body: string) =>
  `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">${body}</xsl:stylesheet>`;

describe('hoistDescendantScans (saxon-js speed rewrite)', () => {
  test('absolute scans in assert tests read global variables filled from one index over the document', () => {
    const out = hoistDescendantScans(
      sheet(`<xsl:when test="exists(//cac:TaxCategory[x]) or //@schemeName and not(//cbc:ID)"/>`),
    );
    // Every element by local name (shared with the paths of hoist-root-children.ts); attributes scanned only.
    expect(out).toContain(ELEMENT_INDEX_DECLARATION);
    expect(ELEMENT_INDEX_DECLARATION).toContain('<xsl:for-each-group select="//*" group-by="local-name()">');
    expect(out).toContain(
      `<xsl:key name="hoisted-descendant-attributes" match="@*" use="local-name()[contains('|schemeName|', concat('|', ., '|'))]"/>`,
    );
    expect(out).toContain(
      `<xsl:variable name="hoisted-descendant-cac-TaxCategory" select="$hoisted-elements-by-name('TaxCategory')[self::cac:TaxCategory]"/>`,
    );
    expect(out).toContain(
      `<xsl:variable name="hoisted-descendant-attr-schemeName" select="key('hoisted-descendant-attributes', 'schemeName')[self::attribute(schemeName)]"/>`,
    );
    expect(out).toContain(
      'test="exists($hoisted-descendant-cac-TaxCategory[x]) or $hoisted-descendant-attr-schemeName and not($hoisted-descendant-cbc-ID)"',
    );
  });

  test('scans in match-pattern predicates and rule variables are hoisted, the pattern steps are not', () => {
    const out = hoistDescendantScans(
      sheet(
        `<xsl:template match="//cac:TaxCategory[//cac:Party[x = 'SE'] and cbc:ID = 'S'] | //cac:C" mode="M">` +
          `<xsl:variable name="v" select="count(//cac:InvoiceLine)"/></xsl:template>`,
      ),
    );
    expect(out).toContain(
      `match="//cac:TaxCategory[$hoisted-descendant-cac-Party[x = 'SE'] and cbc:ID = 'S'] | //cac:C"`,
    );
    expect(out).toContain('select="count($hoisted-descendant-cac-InvoiceLine)"');
  });

  test('a filtered scan followed by a step is computed once per document, built on its shorter prefixes', () => {
    const test = (n: string) =>
      `<xsl:when test="exists(//cac:T[cac:S/cbc:ID='VAT']/cbc:ID[. = '${n}']) or //cac:T[1]/x[$rate]"/>`;
    const out = hoistDescendantScans(sheet(test('AE') + test('E')));
    expect(out).toContain(
      `<xsl:variable name="hoisted-expression-1" select="$hoisted-descendant-cac-T[cac:S/cbc:ID='VAT']"/>`,
    );
    expect(out).toContain(
      `<xsl:variable name="hoisted-expression-2" select="$hoisted-expression-1/cbc:ID[. = 'AE']"/>`,
    );
    expect(out).toContain(
      `<xsl:variable name="hoisted-expression-3" select="$hoisted-expression-1/cbc:ID[. = 'E']"/>`,
    );
    // A scan with a positional predicate (each parent's first) is not the hoisted sequence's first: kept.
    expect(out).toContain('test="exists($hoisted-expression-2) or //cac:T[1]/x[$rate]"');
    expect(out).not.toContain('hoisted-expression-4');
  });

  test('relative scans, kind tests, paths after a predicate, SVRL text and grouped steps stay as written', () => {
    const body =
      '<xsl:template match="//cac:PostalAddress[a[1]//cac:B]"><svrl:failed-assert test="exists(//cac:X)"/>' +
      `<xsl:if test="cac:Party//cbc:ID or sum(//(cac:A|cac:B)/x) or //text() or matches(., '//x')"/></xsl:template>`;
    expect(hoistDescendantScans(sheet(body))).toBe(sheet(body));
  });
});
