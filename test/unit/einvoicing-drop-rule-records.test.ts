import { describe, expect, test } from 'bun:test';
import { dropRuleRecords } from '../../src/einvoicing/schematron/drop-rule-records';

const SVRL = 'xmlns:svrl="http://purl.oclc.org/dsdl/svrl"';
const schxsltRecord = (kind: 'fired' | 'suppressed', context: string) =>
  `<svrl:${kind}-rule ${SVRL}>
                  <xsl:attribute name="context">${context}</xsl:attribute>
                  <xsl:variable name="documentUri" as="xs:anyURI?" select="document-uri()"/>
                  <xsl:if test="exists($documentUri)">
                     <xsl:attribute name="document" select="$documentUri"/>
                  </xsl:if>
               </svrl:${kind}-rule>`;
const assert =
  '<xsl:if test="not(x)"><svrl:failed-assert id="R1"><svrl:text>x</svrl:text></svrl:failed-assert></xsl:if>';

describe('dropRuleRecords (saxon-js memory rewrite)', () => {
  test('the ISO skeleton: a literal fired-rule goes, the asserts stay', () => {
    const rule = `<xsl:template match="cac:X" mode="M1"><svrl:fired-rule context="cac:X" />${assert}</xsl:template>`;
    expect(dropRuleRecords(rule)).toBe(`<xsl:template match="cac:X" mode="M1">${assert}</xsl:template>`);
  });

  test('SchXslt: fired and suppressed records and the shadow warning go; an emptied rule wrapper too', () => {
    const when =
      `<schxslt:rule pattern="p1"><xsl:comment ${SVRL}>WARNING: Rule for context "cac:X" shadowed by preceding rule</xsl:comment>` +
      `${schxsltRecord('suppressed', 'cac:X')}</schxslt:rule><xsl:next-match/>`;
    const otherwise = `<schxslt:rule pattern="p1">${schxsltRecord('fired', 'cac:X')}${assert}</schxslt:rule>`;
    expect(dropRuleRecords(when)).toBe('<xsl:next-match/>');
    expect(dropRuleRecords(otherwise)).toBe(`<schxslt:rule pattern="p1">${assert}</schxslt:rule>`);
  });

  test('a record whose attributes are computed, or written another way, is left as it is', () => {
    const computed = '<svrl:fired-rule context="{name()}" />';
    const other = `<svrl:fired-rule ${SVRL}><xsl:attribute name="context" select="name()"/></svrl:fired-rule>`;
    expect(dropRuleRecords(computed)).toBe(computed);
    expect(dropRuleRecords(other)).toBe(other);
  });
});
