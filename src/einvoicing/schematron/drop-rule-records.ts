/**
 * Both Schematron implementations in the pack write a record of every rule that fired on every node:
 * `svrl:fired-rule` (and, in SchXslt, `svrl:suppressed-rule` with a warning comment for each rule shadowed
 * by an earlier one of the same pattern). Nothing reads them: the service takes only `svrl:failed-assert`
 * and `svrl:successful-report` (svrl.ts). On a 10,000-line invoice they are several hundred thousand
 * elements, built in the result (ISO skeleton) or twice, in SchXslt's report variable and then in the
 * result: most of a check's memory.
 *
 * This rewrite removes those records, and only in the exact forms the two implementations write: a
 * self-closing `svrl:fired-rule` whose attributes are literal text (ISO skeleton), and SchXslt's element
 * with its literal `context` and `document-uri()` attribute. Neither can fail or have an effect, so
 * removing them changes no finding. A SchXslt `schxslt:rule` left empty by the removal is dropped too (an
 * empty rule contributes no node to the report). Anything else comes out unchanged.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
const ISO_FIRED_RULE = /<svrl:fired-rule(?:\s+[A-Za-z-]+="[^"{}]*")*\s*\/>/g;
const SVRL_NS = 'xmlns:svrl="http://purl.oclc.org/dsdl/svrl"';
const SCHXSLT_RULE_RECORD = new RegExp(
  `<svrl:(fired|suppressed)-rule ${SVRL_NS}>\\s*` +
    '<xsl:attribute name="context">[^<{}]*</xsl:attribute>\\s*' +
    '<xsl:variable name="documentUri" as="xs:anyURI\\?" select="document-uri\\(\\)"/>\\s*' +
    '<xsl:if test="exists\\(\\$documentUri\\)">\\s*' +
    '<xsl:attribute name="document" select="\\$documentUri"/>\\s*' +
    '</xsl:if>\\s*' +
    '</svrl:\\1-rule>',
  'g',
);
const SHADOWED_COMMENT = new RegExp(
  `<xsl:comment ${SVRL_NS}>WARNING: Rule for context "[^"<]*" shadowed by preceding rule</xsl:comment>`,
  'g',
);
const EMPTY_SCHXSLT_RULE = /<schxslt:rule pattern="[^"]*">\s*<\/schxslt:rule>/g;

export function dropRuleRecords(xslt: string): string {
  return xslt
    .replace(ISO_FIRED_RULE, '')
    .replace(SCHXSLT_RULE_RECORD, '')
    .replace(SHADOWED_COMMENT, '')
    .replace(EMPTY_SCHXSLT_RULE, '');
}
