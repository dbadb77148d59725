import { type SaxonNode, textOf } from './saxon';

const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
const FINDINGS = new Set(['failed-assert', 'successful-report']);

/** One svrl:failed-assert or svrl:successful-report, before severities are decided. */
export interface SvrlFinding {
  rule: string;
  /** The Schematron @flag as written; null when the assert has none. */
  flag: string | null;
  location: string;
  message: string;
}

function attribute(node: SaxonNode, name: string): string | null {
  const value = node.getAttribute?.(name);
  return value === undefined || value === null || value === '' ? null : value;
}

/** Asserts without @id exist in some packs; their message usually starts with "[BR-xx]". */
function ruleOf(node: SaxonNode, message: string): string {
  return attribute(node, 'id') ?? /^\[([A-Za-z0-9._-]+)\]/.exec(message)?.[1] ?? 'UNIDENTIFIED';
}

function messageOf(node: SaxonNode): string {
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i];
    if (child?.nodeType === 1 && child.localName === 'text' && child.namespaceURI === SVRL_NS) {
      return textOf(child).replace(/\s+/g, ' ').trim();
    }
  }
  return '';
}

/**
 * Reads the findings of an SVRL result built with `destination: 'document'`. Walks the tree directly:
 * they are children of svrl:schematron-output in every Schematron implementation the pack uses (ISO
 * skeleton and SchXslt), and a walk costs well under a millisecond where an XPath costs several.
 */
export function readSvrl(result: unknown): SvrlFinding[] {
  const findings: SvrlFinding[] = [];
  const visit = (node: SaxonNode): void => {
    for (let i = 0; i < node.childNodes.length; i++) {
      const child = node.childNodes[i];
      if (child === undefined || child.nodeType !== 1) continue;
      if (child.namespaceURI === SVRL_NS && FINDINGS.has(child.localName ?? '')) {
        const message = messageOf(child);
        findings.push({
          rule: ruleOf(child, message),
          flag: attribute(child, 'flag'),
          location: attribute(child, 'location') ?? '/',
          message,
        });
      } else if (child.namespaceURI === SVRL_NS && child.localName === 'schematron-output') {
        visit(child);
      }
    }
  };
  if (result !== null && typeof result === 'object' && 'childNodes' in result) visit(result as SaxonNode);
  else throw new Error('the Schematron transform returned no SVRL document');
  return findings;
}

/** True when the result is an SVRL report at all (a stylesheet that is not Schematron yields none). */
export function isSvrl(result: unknown): boolean {
  if (result === null || typeof result !== 'object' || !('childNodes' in result)) return false;
  const nodes = (result as SaxonNode).childNodes;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n?.nodeType === 1) return n.namespaceURI === SVRL_NS && n.localName === 'schematron-output';
  }
  return false;
}
