import { closing, splitTopLevel } from './hoist-document-expressions';

/**
 * Both Schematron compilers walk the invoice template by template: the ISO skeleton (CEN, XRechnung) with
 * `<xsl:apply-templates mode="M" select="@*|*"/>` in every rule of a pattern's mode and in its fallback
 * `match="@*|node()"`, SchXslt (Peppol) with a fallback `match="*"` that applies templates to `@*`, then to
 * `node()`. When no rule of the stylesheet can match an attribute (or, for SchXslt, a text node, comment or
 * processing instruction), those nodes only reach the fallbacks, which write nothing for them: on a
 * 1,000-line invoice each walk still dispatches templates for some 6,000 attributes (and, in SchXslt's,
 * 23,000 whitespace text nodes). This rewrite walks elements only (`select="*"`), and only then:
 * - no `xsl:import`, `xsl:include` or `xsl:mode` (which could add templates or change the built-in rules);
 * - every `match` pattern of the stylesheet is understood, each alternative's last step a name test, `*`,
 *   `text()`, `node()`, `comment()` or `processing-instruction()` with predicates (or `/`, `root()`): an
 *   attribute step (`@x`, `attribute::`) or anything else leaves the stylesheet unchanged (for the ISO
 *   skeleton, only the templates of the walk's own mode count);
 * - for SchXslt, no template can match a text node, comment or processing instruction either, but its own
 *   empty `text() | @*` one.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
const TEMPLATE_TAG = /<xsl:template((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
const ISO_WALK = /<xsl:apply-templates mode="([^"#]+)" select="@\*\|\*" \/>/g;
const SCHXSLT_EMPTY = /^text\(\) \| @\*$/;
const SCHXSLT_WALK =
  /(<xsl:template match="\*" mode="#all" priority="-10">\s*)<xsl:apply-templates mode="#current" select="@\*"\/>(\s*<xsl:apply-templates mode="#current" select=")node\(\)("\/>\s*<\/xsl:template>)/;
const NAME = '[A-Za-z_][\\w.-]*';
const ELEMENT_STEP = new RegExp(`^(?:child::)?(?:\\*|\\*:${NAME}|${NAME}(?::(?:${NAME}|\\*))?)$`);
const OTHER_CHILD_STEP = /^(?:child::)?(?:text\(\)|node\(\)|comment\(\)|processing-instruction\([^)]*\))$/;

export function walkElementsOnly(xslt: string): string {
  if (/<xsl:(?:mode|import|include)\b/.test(xslt)) return xslt;
  const tags = [...xslt.matchAll(TEMPLATE_TAG)];
  // A template whose start tag this cannot read could match anything.
  if (tags.length !== xslt.match(/<xsl:template\b/g)?.length) return xslt;
  const templates = tags.flatMap((tag): Template[] => {
    const match = attribute(tag[1] ?? '', 'match');
    if (match === null) return [];
    return [
      {
        kinds: split(match, '|').map(lastStepKind),
        match,
        modes: (attribute(tag[1] ?? '', 'mode') ?? '#default').split(/\s+/),
      },
    ];
  });
  if (SCHXSLT_WALK.test(xslt)) {
    // SchXslt's fallback walks every mode (`#current`): no template of any mode may match what it drops.
    const others = templates.filter((t) => !SCHXSLT_EMPTY.test(t.match));
    if (others.some((t) => t.kinds.some((k) => k !== 'element'))) return xslt;
    return xslt.replace(
      SCHXSLT_WALK,
      (_all, head: string, walk: string, tail: string) => `${head.trimEnd()}${walk}*${tail}`,
    );
  }
  // The ISO skeleton's walks are per mode: only that mode's templates (and `#all` ones) matter there.
  const attributesMatched = (mode: string) =>
    templates
      .filter((t) => (t.modes.includes(mode) || t.modes.includes('#all')) && t.match !== '@*|node()')
      .some((t) => t.kinds.some((k) => k === 'attribute' || k === 'unknown'));
  const narrowed = new Map<string, boolean>();
  return xslt.replace(ISO_WALK, (all, mode: string) => {
    let narrow = narrowed.get(mode);
    if (narrow === undefined) {
      narrow = !attributesMatched(mode);
      narrowed.set(mode, narrow);
    }
    return narrow ? `<xsl:apply-templates mode="${mode}" select="*" />` : all;
  });
}

interface Template {
  match: string;
  modes: string[];
  /** What each alternative of the pattern can match (its last step). */
  kinds: StepKind[];
}

function attribute(attributes: string, name: string): string | null {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return found === null ? null : decode(found[1] ?? found[2] ?? '');
}

/** `text`: a text node, comment or processing instruction (a child that is not an element). */
type StepKind = 'element' | 'text' | 'attribute' | 'unknown';

/** What the last step of one pattern alternative can match. */
function lastStepKind(alternative: string): StepKind {
  const pattern = alternative.trim();
  if (pattern === '/' || pattern === 'root()') return 'element';
  const last = (split(pattern, '/').at(-1) ?? '').trim();
  if (last.startsWith('(')) {
    // `(a | b)[p]`: what its alternatives match, the predicates after it filtering only.
    const close = closing(last, 0, '(', ')');
    if (close < 0 || !onlyPredicates(last.slice(close + 1))) return 'unknown';
    const kinds = split(last.slice(1, close), '|').map(lastStepKind);
    return (['unknown', 'attribute', 'text'] as const).find((k) => kinds.includes(k)) ?? 'element';
  }
  const test = last.slice(0, predicatesStart(last)).trim();
  if (test.startsWith('@') || test.startsWith('attribute')) return 'attribute';
  if (ELEMENT_STEP.test(test)) return 'element';
  return OTHER_CHILD_STEP.test(test) ? 'text' : 'unknown';
}

/** Whether `text` is nothing but predicates (`[…][…]`, or empty). */
function onlyPredicates(text: string): boolean {
  let at = 0;
  while (text[at] === '[') {
    const close = closing(text, at, '[', ']');
    if (close < 0) return false;
    at = close + 1;
  }
  return text.slice(at).trim() === '';
}

/** Where the predicates of a step start (its length when it has none). */
function predicatesStart(step: string): number {
  const at = step.indexOf('[');
  return at < 0 ? step.length : at;
}

/** Splits on `separator` outside quotes, predicates and parentheses (unbalanced: one part, not understood). */
function split(text: string, separator: string): string[] {
  return splitTopLevel(text, separator) ?? [text];
}

function decode(value: string): string {
  return value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}
