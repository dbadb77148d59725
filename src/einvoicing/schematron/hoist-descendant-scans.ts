/**
 * saxon-js evaluates every `//cac:X` by walking the whole document again (and builds a QName for every
 * node it passes), and the official stylesheets hold hundreds of them: the CEN EN 16931 UBL root rule alone
 * runs ~200 per invoice, and Peppol's Swedish rules put `//cac:AccountingSupplierParty` in the match
 * pattern of `cac:ClassifiedTaxCategory`, a whole-document walk for every invoice line (quadratic: most of
 * the Peppol ruleset's time on a 1,000-line invoice). Java Saxon indexes such scans; saxon-js does not.
 *
 * This rewrite reads each absolute scan `//name` (or `//@name`) from a global variable
 * `$hoisted-descendant-…`, and fills all those variables from one walk of the document: a map of every
 * element by local name (ELEMENT_INDEX_DECLARATION; an `xsl:key` for the attributes scanned). The variable
 * holds `$hoisted-elements-by-name('X')[self::cac:X]`: the same nodes as `//cac:X`, in document order (the
 * map lists them, as a key does, in the order the walk met them, which is document order), so predicates
 * and steps that follow (`[...]`, `/x`) apply the same way (no assert uses a positional predicate on these
 * scans). A Schematron transform has one source document, which both the scan and the index read.
 *
 * Rewritten: the tests of `xsl:when` / `xsl:if`, the `select` of `xsl:variable` (rule `let`s), and the
 * predicates of template match patterns (not their steps: `//cac:X[//cac:Y]` keeps `//cac:X` and reads
 * `$…Y`); the SVRL `test` text stays as written. A `//` that is not plainly the start of an absolute path
 * (after `(`, `[`, `or`, `and`, `,`) is left alone, and a stylesheet without such scans comes out unchanged.
 * Proof: the service's findings are Java Saxon-HE's on the pack's own XSLT for every official example, its
 * mutants and the public corpus (test/unit/einvoicing-rules-java-parity.test.ts); identical SVRL findings
 * before and after on a 60-line invoice and its mutants (test/unit/einvoicing-rules-rewrites.test.ts).
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts: cached SEFs are keyed by the pack's XSLT.
 */
import {
  closing,
  closingBracket,
  type DocumentExpressions,
  documentExpressionDeclarations,
  hoistChains,
} from './hoist-document-expressions';

const ABSOLUTE_SCAN = /(^|\(|\[|\s(?:or|and)\s|,\s*)\/\/(@?)([a-z]+:)?([A-Za-z][\w-]*)(?=[\s[\])/=!<>,|]|$)/g;

const ELEMENT_INDEX = 'hoisted-elements-by-name';
/**
 * Every element of the document by its local name, in document order: one walk, shared with
 * hoist-root-children.ts's paths. A map built by grouping, not an `xsl:key`: saxon-js checks each node it
 * adds to a key against every node the key holds for that value (an `indexOf`), which grows with the
 * square of a name's elements (40,000 `cbc:ID` in a 10,000-line invoice); grouping appends. 0.11-0.23 s
 * against 0.22-0.36 s on 1,000 lines, 1.0 against 1.5 s on 10,000.
 */
export const ELEMENT_INDEX_DECLARATION =
  `<xsl:variable name="${ELEMENT_INDEX}" as="map(*)" version="3.0"><xsl:map>` +
  `<xsl:for-each-group select="//*" group-by="local-name()">` +
  `<xsl:map-entry key="current-grouping-key()" select="current-group()"/>` +
  `</xsl:for-each-group></xsl:map></xsl:variable>`;

/** The document's elements of this local name, in document order (from ELEMENT_INDEX_DECLARATION). */
export function elementsNamed(local: string): string {
  return `$${ELEMENT_INDEX}('${local}')`;
}
const ATTRIBUTE_KEY = 'hoisted-descendant-attributes';

interface Scan {
  attribute: boolean;
  prefixed: string;
  local: string;
}

export function hoistDescendantScans(xslt: string): string {
  const anchor = /<xsl:(?:stylesheet|transform)\b[^>]*>/.exec(xslt);
  if (anchor === null) return xslt;
  const hoisted = new Map<string, Scan>();
  const expressions: DocumentExpressions = { names: new Map(), selects: new Map() };
  const rewrite = (expression: string): string => hoistChains(scansHoisted(expression), expressions);
  const scansHoisted = (expression: string): string =>
    expression.replace(
      ABSOLUTE_SCAN,
      (
        all: string,
        before: string,
        at: string,
        prefix: string | undefined,
        local: string,
        offset: number,
      ) => {
        // `//x[1]` is each parent's first x, `$v[1]` the document's first: only a predicate that is
        // plainly a condition (never a number) may follow the scan.
        const next = expression.slice(offset + all.length);
        if (next.startsWith('[') && !isCondition(next.slice(1, closingBracket(next)))) return all;
        const attribute = at !== '';
        const name = `hoisted-descendant-${attribute ? 'attr-' : ''}${(prefix ?? '').replace(':', '-')}${local}`;
        hoisted.set(name, { attribute, prefixed: `${prefix ?? ''}${local}`, local });
        return `${before}$${name}`;
      },
    );
  let body = xslt.replace(
    /(<xsl:(?:when|if) test="|<xsl:variable name="[^"]*" select=")([^"]*)(")/g,
    (_all, open: string, expression: string, close: string) => open + rewrite(expression) + close,
  );
  body = body.replace(
    /(<xsl:template match=")([^"]*)(")/g,
    (_all, open: string, pattern: string, close: string) =>
      open + rewritePredicates(pattern, rewrite) + close,
  );
  if (hoisted.size === 0) return xslt;
  const at = body.indexOf(anchor[0]) + anchor[0].length;
  const declared = [declarations(hoisted), ...documentExpressionDeclarations(expressions)].join('\n');
  return `${body.slice(0, at)}\n${declared}\n${body.slice(at)}`;
}

/** Applies `rewrite` to the predicates of a match pattern only (bracket depth 1 and more). */
function rewritePredicates(pattern: string, rewrite: (expression: string) => string): string {
  let out = '';
  let depth = 0;
  let segment = '';
  let afterOpen = false;
  let quote: string | null = null;
  // Text after a `]` continues a path (`a[1]//b`): its `//` is no absolute scan, so the segment gets a
  // leading character that keeps the scan pattern from matching at its start.
  const flush = () => {
    if (depth === 0) out += segment;
    else out += afterOpen ? rewrite(segment) : rewrite(`\u0001${segment}`).slice(1);
    segment = '';
  };
  for (const char of pattern) {
    if (quote !== null) {
      segment += char;
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      segment += char;
    } else if (char === '[' || char === ']') {
      flush();
      out += char;
      depth += char === '[' ? 1 : -1;
      afterOpen = char === '[';
    } else {
      segment += char;
    }
  }
  flush();
  return out;
}

function declarations(hoisted: Map<string, Scan>): string {
  const scans = [...hoisted.values()];
  const attributes = [...new Set(scans.filter((s) => s.attribute).map((s) => s.local))].join('|');
  const keys: string[] = [];
  if (scans.some((s) => !s.attribute)) keys.push(ELEMENT_INDEX_DECLARATION);
  // Attributes outnumber elements: only the names scanned, one `contains` per attribute (a general
  // comparison against the list costs a string comparison per name).
  const use = `local-name()[contains('|${attributes}|', concat('|', ., '|'))]`;
  if (attributes !== '') keys.push(`<xsl:key name="${ATTRIBUTE_KEY}" match="@*" use="${use}"/>`);
  const variables = [...hoisted].map(([name, scan]) => {
    const select = scan.attribute
      ? `key('${ATTRIBUTE_KEY}', '${scan.local}')[self::attribute(${scan.prefixed})]`
      : `${elementsNamed(scan.local)}[self::${scan.prefixed}]`;
    return `<xsl:variable name="${name}" select="${select}"/>`;
  });
  return [...keys, ...variables].join('\n');
}

/**
 * True when a predicate's value is a boolean or a node sequence, never a number (which would select by
 * position): a comparison or `and`/`or` outside any brackets, a call of a boolean function, or a relative
 * path. Anything else (and any use of position() or last()) counts as possibly positional.
 */
export function isCondition(predicate: string): boolean {
  const text = predicate.trim();
  if (text === '' || /\b(?:position|last)\s*\(/.test(text)) return false;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && /[=<>]/.test(char)) return true;
    else if (depth === 0 && /^\s(?:and|or|eq|ne|lt|le|gt|ge)\s/.test(text.slice(i, i + 5))) return true;
  }
  const call = /^(?:not|exists|empty|boolean|contains|starts-with|ends-with|matches)\s*\(/.exec(text);
  if (call !== null) return closing(text, call[0].length - 1, '(', ')') === text.length - 1;
  return /^(?:@?[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?|\.\.?)(?:\/{1,2}@?[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)*$/.test(
    text,
  );
}
