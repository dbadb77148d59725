import { closing, splitTopLevel } from './hoist-document-expressions';

/**
 * Peppol's fifteen electronic-address rules each match
 * `cbc:EndpointID[@schemeID = '0088'] | cac:PartyIdentification/cbc:ID[@schemeID = '0088'] |
 * cbc:CompanyID[@schemeID = '0088']` (one scheme each). saxon-js indexes template rules by the element's
 * local name, so every `cbc:ID` of the invoice (four per line) is tested against all fifteen, and each test
 * evaluates the comparison before it looks at the parent: a quarter of the Peppol rules' time on a
 * 1,000-line invoice. Written `(cbc:EndpointID | cac:PartyIdentification/cbc:ID | cbc:CompanyID)
 * [@schemeID = '0088']` (an XSLT 3.0 pattern), a line's `cbc:ID` fails on its parent and the comparison
 * never runs.
 *
 * Rewritten only when every alternative of the pattern ends with the same single predicate, an attribute
 * compared with a string literal (`[@x = 'v']` or `!=`): such a predicate does not depend on the position
 * of the node, so it is the same filter applied after the union. Any change here must bump
 * CACHE_GENERATION in compile-xslt.ts.
 */
const MATCH = /(<xsl:template\s[^>]*?\bmatch=")([^"&]*)(")/g;
const ATTRIBUTE_COMPARISON = /^\[@[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)? !?= '[^']*'\]$/;

export function factorUnionPredicates(xslt: string): string {
  return xslt.replace(MATCH, (all, head: string, pattern: string, tail: string) => {
    const factored = factor(pattern);
    return factored === null ? all : `${head}${factored}${tail}`;
  });
}

function factor(pattern: string): string | null {
  const alternatives = splitTopLevel(pattern, '|');
  if (alternatives === null || alternatives.length < 2) return null;
  let predicate: string | null = null;
  const heads: string[] = [];
  for (const alternative of alternatives) {
    const text = alternative.trim();
    if (!text.endsWith(']')) return null;
    const open = openingBracket(text);
    if (open <= 0) return null;
    const last = text.slice(open);
    if (!ATTRIBUTE_COMPARISON.test(last) || (predicate !== null && last !== predicate)) return null;
    predicate = last;
    heads.push(text.slice(0, open));
  }
  return `(${heads.join(' | ')})${predicate}`;
}

/** Index of the `[` that opens the predicate ending the text; -1 if there is none. */
function openingBracket(text: string): number {
  for (let start = text.lastIndexOf('['); start >= 0; start = text.lastIndexOf('[', start - 1)) {
    if (closing(text, start, '[', ']') === text.length - 1) return start;
  }
  return -1;
}
