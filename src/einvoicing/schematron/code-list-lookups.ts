/**
 * The Peppol rules check a code against a list with a quantified expression, `not(some $code in $ISO4217
 * satisfies @currencyID = $code)`: saxon-js binds the variable and evaluates the comparison once per code
 * of the list (180 currencies) for every amount of the invoice, a fifth of the Peppol rules' time on a
 * 1,000-line invoice. For `=` (a general comparison, true when any pair of values is equal) that is the
 * same as `@currencyID = $ISO4217`, which saxon-js answers in one comparison over the list.
 *
 * Rewritten only when the whole quantified expression is `some $v in $LIST satisfies LEFT = $v` directly
 * followed by `)` (so nothing else is inside its `satisfies`), LEFT is an attribute (`@x`) or
 * `normalize-space(text())` (neither reads `$v`), and `$LIST` is declared once in the stylesheet, as
 * `tokenize('…', '\s')` of a string literal: a non-empty list of strings, so both forms compare the same
 * strings and the result is the same, errors included.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
const QUANTIFIED =
  /some \$([\w.-]+) in \$([\w.-]+)\s+satisfies\s+(@[\w.-]+(?::[\w.-]+)?|normalize-space\(text\(\)\))\s*=\s*\$([\w.-]+)(?=\s*\))/g;
const TEST_ATTRIBUTE = /(\stest=")([^"]*)(")/g;

export function lookUpCodeLists(xslt: string): string {
  const lists = new Map<string, boolean>();
  const isCodeList = (name: string): boolean => {
    let known = lists.get(name);
    if (known === undefined) {
      const declarations = xslt.match(new RegExp(`\\sname="${regexText(name)}"`, 'g'))?.length ?? 0;
      const tokenized = new RegExp(
        `<xsl:variable\\s+name="${regexText(name)}"\\s+select="tokenize\\('[^'"]+', '\\\\s'\\)"\\s*/>`,
      ).test(xslt);
      known = declarations === 1 && tokenized;
      lists.set(name, known);
    }
    return known;
  };
  return xslt.replace(TEST_ATTRIBUTE, (_all, head: string, test: string, tail: string) => {
    const rewritten = test.replace(
      QUANTIFIED,
      (all, variable: string, list: string, left: string, compared: string) =>
        variable === compared && isCodeList(list) ? `(${left} = $${list})` : all,
    );
    return `${head}${rewritten}${tail}`;
  });
}

function regexText(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
