import { expect, test } from 'bun:test';
import { dropEmptyWalks } from '../../src/einvoicing/schematron/drop-empty-walks';

const sheet = (body: string) =>
  `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">${body}</xsl:stylesheet>`;
const skeleton = (extra = '') =>
  sheet(
    `<xsl:template match="*" mode="M1"><xsl:apply-templates /></xsl:template>${extra}` +
      '<xsl:template match="text()" priority="-1" />' +
      '<xsl:template match="/"><out><p><xsl:apply-templates /></p><xsl:apply-templates mode="M1" select="/" />' +
      '<p><xsl:apply-templates/></p></out></xsl:template>',
  );

test("the ISO skeleton's bare walks in the unnamed mode are dropped from the / template only", () => {
  expect(dropEmptyWalks(skeleton())).toBe(
    sheet(
      '<xsl:template match="*" mode="M1"><xsl:apply-templates /></xsl:template>' +
        '<xsl:template match="text()" priority="-1" />' +
        '<xsl:template match="/"><out><p></p><xsl:apply-templates mode="M1" select="/" />' +
        '<p></p></out></xsl:template>',
    ),
  );
});

test('an unnamed mode with any other template, or one a declaration could extend, is left alone', () => {
  for (const extra of [
    '<xsl:template match="cbc:Note"><x/></xsl:template>',
    '<xsl:template match="text()" priority="-1"><xsl:value-of select="."/></xsl:template>',
    '<xsl:mode on-no-match="shallow-copy"/>',
    '<xsl:include href="x.xsl"/>',
  ]) {
    expect(dropEmptyWalks(skeleton(extra))).toBe(skeleton(extra));
  }
});
