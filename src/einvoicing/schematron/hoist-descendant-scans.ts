/**
 * saxon-js evaluates every `//cac:X` by walking the whole document again, and the CEN EN 16931 UBL
 * Schematron has about 500 of them in its asserts (the root rule alone runs ~200 on each invoice): that
 * walk was half of a UBL profile's tier-2 time. Java Saxon indexes such scans; saxon-js does not.
 *
 * This rewrite reads each absolute scan `//name` (or `//@name`) once per transform, as a global variable
 * `$hoisted-descendant-…` declared with the same `//name`, and uses the variable in the assert tests. It
 * checks the same thing: a Schematron transform has one source document, the variable and the scan both
 * select that document's matching nodes in document order, and the predicates that follow (`[...]`, `/x`)
 * apply to that sequence the same way (no asserts use positional predicates on these scans). Only the tests of
 * `xsl:when` / `xsl:if` change; match patterns and the SVRL `test` text stay as written. A `//` that is
 * not plainly the start of an absolute path (after `(`, `or`, `and`, `,`) is left alone.
 * Proof: every official example gives identical SVRL findings before and after (test/unit/einvoicing-rules*).
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts: cached SEFs are keyed by the pack's XSLT.
 */
const ABSOLUTE_SCAN = /(^|\(|\s(?:or|and)\s|,\s*)\/\/(@?)([a-z]+:)?([A-Za-z][\w-]*)(?=[\s[)/=!<>,]|$)/g;

export function hoistDescendantScans(xslt: string): string {
  const anchor = /<xsl:stylesheet\b[^>]*>/.exec(xslt);
  if (anchor === null) return xslt;
  const hoisted = new Map<string, string>();
  const rewrite = (expression: string): string =>
    expression.replace(
      ABSOLUTE_SCAN,
      (_all, before: string, at: string, prefix: string | undefined, local: string) => {
        const kind = at === '' ? '' : 'attr-';
        const name = `hoisted-descendant-${kind}${(prefix ?? '').replace(':', '-')}${local}`;
        hoisted.set(name, `//${at}${prefix ?? ''}${local}`);
        return `${before}$${name}`;
      },
    );
  const body = xslt.replace(
    /(<xsl:(?:when|if) test=")([^"]*)(")/g,
    (_all, open: string, expression: string, close: string) => open + rewrite(expression) + close,
  );
  if (hoisted.size === 0) return xslt;
  const declarations = [...hoisted]
    .map(([name, scan]) => `<xsl:variable name="${name}" select="${scan}"/>`)
    .join('\n');
  const at = body.indexOf(anchor[0]) + anchor[0].length;
  return `${body.slice(0, at)}\n${declarations}\n${body.slice(at)}`;
}
