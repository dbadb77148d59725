/**
 * SchXslt (the Peppol and XRechnung stylesheets) collects its findings per pattern at the end:
 * `for each pattern: ../schxslt:rule[@pattern = current()/@id]/node()`, a pass over every fired rule for
 * every pattern. On a 1,000-line invoice that is thousands of fired rules times each pattern, every one a
 * string comparison, which saxon-js makes slowly: most of the Peppol ruleset's time after the scans were
 * hoisted. This rewrite groups the patterns and rules by pattern id in one pass (`xsl:for-each-group`,
 * hashed): each group starts with its pattern (patterns are written before any rule, and each id once) and
 * holds that pattern's rules in document order, so the output is the same nodes in the same order. Rules of
 * no pattern form groups without one and are dropped, as before. Applied only to the exact text SchXslt
 * writes, and only when the pattern ids in the stylesheet are unique; otherwise the stylesheet is unchanged.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
const PER_PATTERN =
  /<xsl:for-each select="schxslt:pattern">\s*<xsl:sequence select="node\(\)"\/>\s*<xsl:sequence select="\.\.\/schxslt:rule\[@pattern = current\(\)\/@id\]\/node\(\)"\/>\s*<\/xsl:for-each>/g;

const GROUPED =
  '<xsl:for-each-group select="schxslt:pattern | schxslt:rule" ' +
  'group-by="if (self::schxslt:pattern) then string(@id) else string(@pattern)">' +
  '<xsl:if test="current-group()[1][self::schxslt:pattern]">' +
  '<xsl:sequence select="current-group()[1]/node()"/>' +
  '<xsl:sequence select="current-group()[position() gt 1]/node()"/>' +
  '</xsl:if></xsl:for-each-group>';

export function groupSchxsltReport(xslt: string): string {
  const ids = [...xslt.matchAll(/<schxslt:pattern id="([^"]*)"/g)].map((m) => m[1]);
  // A repeated id would make the original copy its rules under each such pattern: not rewritten.
  if (ids.length === 0 || new Set(ids).size !== ids.length) return xslt;
  return xslt.replace(PER_PATTERN, GROUPED);
}
