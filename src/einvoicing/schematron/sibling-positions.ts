/**
 * Every finding of the official rules carries its location, an XPath written by the stylesheet itself, with
 * each ancestor's position among its parent's child elements of the same name: the ISO skeleton (CEN) as
 * `count(preceding-sibling::*[local-name()=local-name(current()) and namespace-uri() = namespace-uri(current())])`,
 * SchXslt (Peppol, XRechnung) as `<xsl:number level="single"/>` in `schxslt:location`. Both count the
 * preceding siblings again for every finding: on an invoice with N lines and a finding on each, N²/2 steps
 * (2,000 empty invoice lines, 50 KB: a 24 s check; 20,000: past the 60 s limit). This rewrite asks a
 * function of this module instead (`siblingPosition`, called from the stylesheet as a global JavaScript
 * function, which saxon-js passes the DOM node), which numbers all the children of a parent the first time
 * one of them is asked for and keeps the numbers: each parent's children are walked once per document.
 * Attributes, text nodes, comments and processing instructions keep the stylesheet's own counting (SchXslt's
 * `xsl:number` for them is left in place). The location strings are the same: the parity tests compare every
 * finding's location on every official example, its mutants and the receiving corpus.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */

/** The global name the rewritten stylesheets call (`Q{http://saxonica.com/ns/globalJS}…`). */
export const SIBLING_POSITION_FUNCTION = 'invoiceServiceSiblingPosition';

const CALL = `Q{http://www.w3.org/2001/XMLSchema}integer(Q{http://saxonica.com/ns/globalJS}${SIBLING_POSITION_FUNCTION}(.))`;

/** The ISO skeleton's count in `schematron-get-full-path` (its whitespace as the skeleton writes it, any run). */
const ISO_COUNT =
  /count\(preceding-sibling::\*\[local-name\(\)=local-name\(current\(\)\)\s+and namespace-uri\(\) = namespace-uri\(current\(\)\)\]\)/g;

/** SchXslt's position of each step of a location, in its `schxslt:location` function. */
const SCHXSLT_POSITION =
  /(<xsl:function name="schxslt:location" as="xs:string">[\s\S]*?<xsl:variable name="position">\s*)<xsl:number level="single"\/>(\s*<\/xsl:variable>)/;

export function fastSiblingPositions(xslt: string): string {
  return xslt
    .replace(ISO_COUNT, `(${CALL} - 1)`)
    .replace(
      SCHXSLT_POSITION,
      (_all, head: string, tail: string) =>
        `${head}<xsl:choose><xsl:when test=". instance of element()"><xsl:value-of select="${CALL}"/></xsl:when><xsl:otherwise><xsl:number level="single"/></xsl:otherwise></xsl:choose>${tail}`,
    );
}

interface DomNode {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  parentNode: DomNode | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
}

/** Each numbered element's position; gone with its document. */
const positions = new WeakMap<DomNode, number>();

/** The position (from 1) of an element among its parent's child elements of its expanded name. */
export function siblingPosition(node: DomNode): number {
  const known = positions.get(node);
  if (known !== undefined) return known;
  const parent = node.parentNode;
  if (parent === null) return 1;
  const counts = new Map<string, number>();
  for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    const name = `${child.namespaceURI ?? ''}}${child.localName ?? ''}`;
    const position = (counts.get(name) ?? 0) + 1;
    counts.set(name, position);
    positions.set(child, position);
  }
  return positions.get(node) ?? 1;
}

/** Makes `siblingPosition` callable from the rewritten stylesheets (once per thread that runs them). */
export function installSiblingPosition(): void {
  (globalThis as Record<string, unknown>)[SIBLING_POSITION_FUNCTION] = siblingPosition;
}
