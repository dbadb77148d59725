/**
 * The one place that imports saxon-js, lazily: importing it costs 300+ ms, which server start-up must not
 * pay (STACK-NOTES "Start-up"). saxon-js ships no types, so the calls the service makes are typed here.
 */

import { buildDocument } from './parse-source';
import { spareContextAllocations } from './saxon-contexts';
import { installSiblingPosition } from './sibling-positions';
import { installXPathSemantics } from './xpath-semantics';

/** The DOM-like nodes saxon-js builds for parsed input and for `destination: 'document'` results. */
export interface SaxonNode {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  childNodes: ArrayLike<SaxonNode>;
  firstChild: SaxonNode | null;
  nextSibling: SaxonNode | null;
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
    const saxon = (module.default ?? module) as Saxon;
    // First, while nothing has run: verdicts must be the official validator's (xpath-semantics.ts).
    installXPathSemantics(saxon);
    cacheNodeNames(saxon);
    compareStringsDirectly(saxon);
    spareContextAllocations(saxon);
    // What the rewritten stylesheets call for a location's positions (sibling-positions.ts).
    installSiblingPosition();
    return saxon;
  })();
  return loading;
}

interface QNameValue {
  prefix: string;
  q: string;
  local: string;
}

interface SaxonInternals {
  internals?: {
    DomUtils?: { X?: (node: unknown) => QNameValue | null };
    Regex?: { isNCName?: (name: string) => boolean };
  };
}

const NAME_CACHE_LIMIT = 10_000;

/**
 * saxon-js tests a node's name by building a new QName for it at every test (`DomUtils.X`), and each QName
 * checks its prefix and local name against a Unicode NCName regex: on a 1,000-line invoice a quarter of
 * the official rules' CPU time (every `cac:X` step from the invoice root looks at each of its 1,000+
 * children). Both are pure functions of the node's name, so their results are reused: the regex's answer
 * per name (a bounded map), and an element's QName on the element as long as its prefix, namespace and
 * local name are the ones it was built from (checked on every use, so a renamed node gets a new one).
 * saxon-js's QNames are immutable values compared with `equals`. If a saxon-js release no longer exposes
 * these internals, nothing is changed.
 */
function cacheNodeNames(saxon: Saxon): void {
  const internals = (saxon as unknown as SaxonInternals).internals;
  const regex = internals?.Regex;
  const isNCName = regex?.isNCName;
  if (regex !== undefined && typeof isNCName === 'function') {
    const known = new Map<string, boolean>();
    regex.isNCName = (name: string): boolean => {
      let answer = known.get(name);
      if (answer === undefined) {
        answer = isNCName.call(regex, name);
        if (known.size < NAME_CACHE_LIMIT) known.set(name, answer);
      }
      return answer;
    };
  }
  const dom = internals?.DomUtils;
  const nameOf = dom?.X;
  if (dom !== undefined && typeof nameOf === 'function') {
    sourceNameOf = (node) => nameOf.call(dom, node);
    dom.X = (node: unknown): QNameValue | null => {
      const element = node as ElementNameCache | null;
      // A source document's element, named once when it was parsed (parseSource).
      const named = element?.[SOURCE_NAME];
      if (named !== undefined) return named;
      if (element?.nodeType !== 1) return nameOf.call(dom, node);
      const cached = element[CACHED_NAME];
      if (
        cached !== undefined &&
        cached.local === element.localName &&
        cached.q === (element.namespaceURI ?? '') &&
        cached.prefix === (element.prefix ?? '')
      ) {
        return cached;
      }
      const name = nameOf.call(dom, node);
      if (name !== null) element[CACHED_NAME] = name;
      return name;
    };
  }
}

/** saxon-js's DOM implementation (that of the documents its parser makes), found once. */
let implementation: { createDocument(a: null, b: null, c: null): SaxonNode } | null | undefined;

/** The document built by parse-source.ts (the same DOM saxon-js's parser makes), or null: use that parser. */
function buildSource(saxon: Saxon, xml: string): SaxonNode | null {
  if (implementation === undefined) {
    const found = (saxon.getPlatform().parseXmlFromString('<x/>') as { implementation?: unknown })
      .implementation;
    implementation =
      typeof (found as { createDocument?: unknown } | undefined)?.createDocument === 'function'
        ? (found as NonNullable<typeof implementation>)
        : null;
  }
  if (implementation === null) return null;
  const document = implementation.createDocument(null, null, null);
  return buildDocument(document as never, xml) ? document : null;
}

const CACHED_NAME = Symbol('saxon-qname');
const SOURCE_NAME = Symbol('saxon-source-qname');
/** saxon-js's own `DomUtils.X`, once cacheNodeNames has wrapped it. */
let sourceNameOf: ((node: unknown) => QNameValue | null) | null = null;

/**
 * The document to check as saxon-js's DOM (built by parse-source.ts, or by saxon-js's own parser where that
 * one gives up), with each element's QName set on it once. A source document
 * is never changed by a transform (XSLT has no instruction that modifies its input, and saxon-js copies
 * nodes when it builds results), so its elements' names need no check on each use, where every other
 * element's cached name is checked against the element (cacheNodeNames): on a 10,000-line invoice the name
 * tests were a sixth of the CPU profile, most of it in reading those six properties of two objects.
 */
export function parseSource(saxon: Saxon, xml: string): SaxonNode {
  const document = buildSource(saxon, xml) ?? saxon.getPlatform().parseXmlFromString(xml);
  nameWithoutSerializing(document);
  const nameOf = sourceNameOf;
  if (nameOf === null) return document;
  const parents: SaxonNode[] = [document];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
    for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const name = nameOf(child);
      if (name !== null) (child as unknown as ElementNameCache)[SOURCE_NAME] = name;
      parents.push(child);
    }
  }
  return document;
}

/**
 * saxon-js's `transform` logs its options at its start, and builds that line whatever the log level: each
 * option's `toString()`, which for the source document is its DOM's serializer, the whole invoice written
 * out as text to keep 30 characters of it (9-15 ms at 1,000 lines, 140-160 ms at 10,000, per ruleset).
 * The document to check answers its name instead (an own property, not enumerable: nothing else reads it;
 * XPath's string value of a node is computed by saxon-js from the tree, not from `toString`).
 */
function nameWithoutSerializing(document: SaxonNode): void {
  Object.defineProperty(document, 'toString', { value: () => '#document', enumerable: false });
}

interface SaxonString {
  value: unknown;
  compareTo(other: unknown): number;
  equals(other: unknown): boolean;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * saxon-js compares two strings (every `=` on text, every `eq`, key and distinct-values lookup) by first
 * checking each for characters beyond U+FFFF with `Array.from(s).some(…)`, an array per string and
 * comparison: a tenth of the Peppol rules' time on a large invoice. When neither has a surrogate, the
 * code-point order it then computes is JavaScript's own `<` on the strings, which is used directly; any
 * other case (a surrogate, another type) goes to saxon-js's own comparison, unchanged.
 */
function compareStringsDirectly(saxon: Saxon): void {
  const sample = (
    saxon as unknown as { XS?: { string?: { fromString?(s: string): unknown } } }
  ).XS?.string?.fromString?.('');
  if (sample === undefined || sample === null) return;
  const proto = Object.getPrototypeOf(sample) as SaxonString & { constructor: new () => SaxonString };
  const { compareTo } = proto;
  if (typeof compareTo !== 'function' || typeof proto.equals !== 'function') return;
  const StringValue = proto.constructor;
  proto.compareTo = function (this: SaxonString, other: unknown): number {
    if (other instanceof StringValue) {
      const a = this.value;
      const b = other.value;
      if (typeof a === 'string' && typeof b === 'string' && !SURROGATE.test(a) && !SURROGATE.test(b)) {
        return a < b ? -1 : a === b ? 0 : 1;
      }
    }
    return compareTo.call(this, other);
  };
  proto.equals = function (this: SaxonString, other: unknown): boolean {
    return this.compareTo(other) === 0;
  };
}

interface ElementNameCache {
  nodeType: number;
  localName: string;
  namespaceURI: string | null;
  prefix: string | null;
  [CACHED_NAME]?: QNameValue;
  [SOURCE_NAME]?: QNameValue;
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
