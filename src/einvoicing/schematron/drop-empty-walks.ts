/**
 * The ISO Schematron skeleton (the CEN stylesheets) writes `<xsl:apply-templates />` into every
 * `svrl:active-pattern` of its `/` template: a walk of the whole document in the unnamed mode, whose only
 * other template is an empty `match="text()"`. The built-in rules of that mode go down every element and
 * copy nothing else, so each walk writes nothing; on a 1,000-line invoice each still dispatches a template
 * for about 50,000 nodes (elements and the whitespace between them), three times for the CEN UBL rules.
 *
 * This rewrite removes those walks, and only when the unnamed mode is exactly that: its templates are the
 * `/` template and an empty `text()` one, there is no `xsl:mode`, `xsl:import`, `xsl:include` or
 * `default-mode` that could add to it, and the walk is a bare `<xsl:apply-templates />` in the `/` template
 * outside any `xsl:for-each` (its context, the document node, has element and text children only, so it
 * cannot fail). Otherwise the stylesheet comes out unchanged.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
const TEMPLATE_TAG = /<xsl:template\b[^>]*>/g;
const ROOT_TEMPLATE = /<xsl:template match="\/">([\s\S]*?)<\/xsl:template>/;
const EMPTY_TEXT_TEMPLATE = /^<xsl:template match="text\(\)"(?: priority="[^"]*")?\s*\/>$/;
const BARE_WALK = /<xsl:apply-templates\s*\/>/g;

export function dropEmptyWalks(xslt: string): string {
  if (/<xsl:(?:mode|import|include)\b|\bdefault-mode=/.test(xslt)) return xslt;
  const unnamed = [...xslt.matchAll(TEMPLATE_TAG)].map((m) => m[0]).filter((tag) => !/\smode="/.test(tag));
  const root = unnamed.filter((tag) => tag === '<xsl:template match="/">');
  const text = unnamed.filter((tag) => EMPTY_TEXT_TEMPLATE.test(tag));
  if (root.length !== 1 || text.length !== 1 || unnamed.length !== 2) return xslt;
  const template = ROOT_TEMPLATE.exec(xslt);
  if (template === null || /<xsl:(?:for-each|iterate)\b/.test(template[1] ?? '')) return xslt;
  const rewritten = template[0].replace(BARE_WALK, '');
  return xslt.replace(template[0], () => rewritten);
}
