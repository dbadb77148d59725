/**
 * The one place that imports saxon-js, lazily: importing it costs 300+ ms, which server start-up must not
 * pay (STACK-NOTES "Start-up"). saxon-js ships no types, so the calls the service makes are typed here.
 */

/** The DOM-like nodes saxon-js builds for parsed input and for `destination: 'document'` results. */
export interface SaxonNode {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  childNodes: ArrayLike<SaxonNode>;
  firstChild: SaxonNode | null;
  getAttribute?(name: string): string | null;
}

/** A stylesheet export (SEF) in saxon-js's in-memory JSON form: nested `{N: kind, C: children, ...}`. */
export interface SefNode {
  N: string;
  C?: SefNode[];
  [attribute: string]: unknown;
}

export interface Saxon {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: unknown };
  getPlatform(): {
    parseXmlFromString(text: string): SaxonNode;
    resource(name: 'compiler'): SefNode;
  };
  /** Undocumented but exported: what saxon-js's own fn:transform uses to run its built-in XSLT compiler. */
  checkOptions(options: Record<string, unknown>): { principalResult: unknown };
  internalTransform(stylesheet: SefNode, source: SaxonNode, options: unknown): void;
  getProcessorInfo(): { productVersion?: string; version?: number };
  XPath: {
    evaluate(xpath: string, context: SaxonNode | null, options?: Record<string, unknown>): unknown;
    sefToJSON(node: SaxonNode): SefNode;
  };
  XdmMap: new () => unknown;
}

/**
 * Bundled into the compiled executable, saxon-js assigns these two undeclared globals, which throws in
 * strict ESM; declaring them first makes the assignments legal (STACK-NOTES "saxon-js in the binary").
 */
const SAXON_GLOBALS = ['abstractNode', 'HostPlatform'] as const;

let loading: Promise<Saxon> | null = null;

export function loadSaxon(): Promise<Saxon> {
  loading ??= (async () => {
    const scope = globalThis as Record<string, unknown>;
    for (const name of SAXON_GLOBALS) if (!(name in scope)) scope[name] = undefined;
    const module = (await import('saxon-js')) as { default?: unknown };
    return (module.default ?? module) as Saxon;
  })();
  return loading;
}

/** Text content of a saxon-js node, without relying on DOM extras the node implementation may lack. */
export function textOf(node: SaxonNode): string {
  if (node.nodeType === 3 || node.nodeType === 4) return node.nodeValue ?? '';
  let text = '';
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i];
    if (child !== undefined) text += textOf(child);
  }
  return text;
}
