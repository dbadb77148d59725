import { describe, expect, test } from 'bun:test';
import { walkElementsOnly } from '../../src/einvoicing/schematron/walk-elements-only';
import { transformText } from '../xslt-run';

const sheet = (body: string) =>
  `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:cbc="urn:cbc" version="2.0">${body}</xsl:stylesheet>`;

/** An ISO-skeleton pattern mode: its rules, its empty text() and its walking fallback. */
const isoMode = (mode: string, rules: string) =>
  `${rules}<xsl:template match="text()" mode="${mode}" priority="-1" />` +
  `<xsl:template match="@*|node()" mode="${mode}" priority="-2"><xsl:apply-templates mode="${mode}" select="@*|*" /></xsl:template>`;
const isoRule = (mode: string, match: string) =>
  `<xsl:template match="${match}" mode="${mode}" priority="1000"><hit name="{name()}"/><xsl:apply-templates mode="${mode}" select="@*|*" /></xsl:template>`;
const isoSheet = (rules: string, extra = '') =>
  sheet(
    `<xsl:template match="/"><out><xsl:apply-templates mode="M1" select="/" /></out></xsl:template>${isoMode('M1', rules)}${extra}`,
  );

/** SchXslt's fallbacks (Peppol, XRechnung) around one rule. */
const schxsltSheet = (rule: string) =>
  sheet(
    `<xsl:template match="/"><out><xsl:apply-templates mode="p1" select="/"/></out></xsl:template>${rule}` +
      '<xsl:template match="text() | @*" mode="#all" priority="-10"/>' +
      '<xsl:template match="/" mode="#all" priority="-10"><xsl:apply-templates mode="#current" select="node()"/></xsl:template>' +
      '<xsl:template match="*" mode="#all" priority="-10">\n      <xsl:apply-templates mode="#current" select="@*"/>\n' +
      '      <xsl:apply-templates mode="#current" select="node()"/>\n   </xsl:template>',
  );

const INVOICE =
  '<Invoice xmlns:cbc="urn:cbc" a="1"><cbc:ID schemeID="x">1</cbc:ID>\n  <Line n="2"><cbc:ID>2</cbc:ID><!-- c --><?pi x?></Line></Invoice>';

const run = (xslt: string) => transformText(xslt, INVOICE);

describe('walkElementsOnly', () => {
  test('an ISO mode whose rules match elements only walks elements only, with the same result', async () => {
    const original = isoSheet(
      isoRule('M1', 'cbc:ID[@schemeID]') +
        isoRule('M1', '//Line[cbc:ID = 2] | /Invoice') +
        isoRule('M1', '(/Invoice | /X)/Line/cbc:ID'),
    );
    const rewritten = walkElementsOnly(original);
    expect(rewritten).not.toContain('select="@*|*"');
    expect(rewritten.match(/mode="M1" select="\*"/g)?.length).toBe(4);
    const result = await run(rewritten);
    expect(result).toBe(await run(original));
    expect(result.match(/<hit/g)?.length).toBe(4);
  });

  test('a mode with a rule that can match an attribute, or a pattern it does not understand, is left alone', () => {
    for (const match of [
      '@schemeID',
      'cbc:ID/@schemeID',
      'cbc:ID | attribute::a',
      "key('k', 'v')",
      '(@a | b)[1]',
      '.',
    ]) {
      const original = isoSheet(isoRule('M1', 'cbc:ID') + isoRule('M1', match));
      expect(walkElementsOnly(original)).toBe(original);
    }
    // Another mode's attribute rules (the skeleton's path modes) do not stop this mode's walks.
    const other = '<xsl:template match="@*" mode="schematron-get-full-path"><x/></xsl:template>';
    expect(walkElementsOnly(isoSheet(isoRule('M1', 'cbc:ID'), other))).toContain('mode="M1" select="*"');
    for (const blocker of [
      '<xsl:include href="x.xsl"/>',
      '<xsl:mode name="M1" on-no-match="shallow-copy"/>',
    ]) {
      expect(walkElementsOnly(isoSheet(isoRule('M1', 'cbc:ID'), blocker))).toContain('select="@*|*"');
    }
  });

  test("SchXslt's fallback walks child elements only, unless a rule can match an attribute or a text node", async () => {
    const rule = (match: string) =>
      `<xsl:template match="${match}" mode="p1" priority="5"><hit name="{name()}"/><xsl:next-match/></xsl:template>`;
    const original = schxsltSheet(rule('cbc:ID') + rule('(/Invoice/Line | /X)[@n]'));
    const rewritten = walkElementsOnly(original);
    expect(rewritten).not.toContain('select="@*"');
    expect(rewritten).toContain('<xsl:apply-templates mode="#current" select="*"/>');
    const result = await run(rewritten);
    expect(result).toBe(await run(original));
    expect(result.match(/<hit/g)?.length).toBe(3);
    for (const match of ['text()', 'cbc:ID/text()', 'node()', '@n', 'Line/comment()']) {
      const blocked = schxsltSheet(rule('cbc:ID') + rule(match));
      expect(walkElementsOnly(blocked)).toBe(blocked);
    }
  });
});
