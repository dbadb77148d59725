/**
 * The document to check, built as saxon-js's own parser builds it, in a fraction of the time. saxon-js
 * reads XML with a character-by-character SAX parser written in JavaScript and builds its DOM from the
 * events: 0.15-0.2 s of CPU for a 1,000-line invoice, 1-1.5 s for 10,000, paid by every check (and by both
 * parts of a check split over two workers). The document has already been read by libxml2 (well-formed,
 * no DOCTYPE: runProfile), so here it is cut into tags, text and the rest with `indexOf` and regular
 * expressions, and the same DOM calls make the same nodes: `createElementNS(namespace, qualified name)`,
 * each attribute by `createAttributeNS` with its value (XML whitespace in it as spaces, character
 * references decoded after that, an `id` or `xml:id` collapsed as saxon-js does), the element's line in
 * `Zj`, text inside elements (character data and CDATA sections run together, as saxon-js's `normalize()`
 * leaves them), comments and processing instructions (but the XML declaration) where they stand.
 *
 * Anything this reader does not know exactly how saxon-js reads (a DOCTYPE, an entity other than the five
 * predefined ones, a prefix not declared, a name it does not expect, a tag it cannot close) makes it give
 * up: `null`, and saxon-js's own parser reads the document, as before. Proof: the DOM built here and the
 * DOM saxon-js builds are compared field by field on every official example and every file of the
 * receiving corpus, and on edge cases (test/unit/einvoicing-rules-saxon-speedups.test.ts).
 */

/** The DOM calls of saxon-js's document (xmldom's), as its own parser makes them. */
interface Dom {
  createElementNS(namespace: string | null, name: string): DomNode;
  createAttributeNS(namespace: string | null, name: string): DomNode & { value: string };
  createTextNode(text: string): DomNode;
  createComment(text: string): DomNode;
  createProcessingInstruction(target: string, data: string): DomNode;
  appendChild(node: DomNode): DomNode;
  hasChildNodes(): boolean;
}

interface DomNode {
  appendChild(node: DomNode): DomNode;
  setAttributeNode(node: DomNode): void;
  nodeValue: string | null;
  Zj?: string;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/** Names as saxon-js's parser takes them without complaint: ASCII NCNames, optionally prefixed. */
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ATTRIBUTE = /^\s+([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/;
const TAG_END = /^\s*(\/?)>/;
const REFERENCE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Thrown inside to give up; never leaves this module. */
const GIVE_UP = Symbol('give up');

/** Decodes the five predefined entities and character references; gives up on any other `&`. */
function decode(text: string): string {
  if (!text.includes('&')) return text;
  const out = text.replace(REFERENCE, (_all, hex: string | undefined, dec: string | undefined, name) =>
    name !== undefined
      ? (PREDEFINED[name] as string)
      : String.fromCodePoint(Number.parseInt(hex ?? dec ?? '', hex ? 16 : 10)),
  );
  // Another `&` left in the source (an entity this reader does not know) means giving up.
  if (text.replace(REFERENCE, '').includes('&')) throw GIVE_UP;
  return out;
}

/**
 * Builds `document` (an empty saxon-js document) from `xml`; false when it gave up (the document may then
 * hold part of it: the caller drops it).
 */
export function buildDocument(document: Dom, text: string): boolean {
  try {
    build(document, text);
    return true;
  } catch (error) {
    if (error === GIVE_UP || error instanceof RangeError) return false;
    throw error;
  }
}

function build(document: Dom, source: string): void {
  // saxon-js's parser sees the text with its line ends made `\n` first.
  const xml = source.replace(/\r\n|\r(?!\n)/g, '\n');
  const open: Array<{ node: DomNode; name: string; scope: Map<string, string> }> = [];
  let scope = new Map<string, string>([['xml', XML_NS]]);
  let text = '';
  let line = 1;
  // The next line end not yet counted (-1: none left): a document on one line is searched once, not once
  // per element.
  let nextLineEnd = xml.indexOf('\n');
  const lineAt = (at: number): number => {
    for (; nextLineEnd !== -1 && nextLineEnd < at; nextLineEnd = xml.indexOf('\n', nextLineEnd + 1)) line++;
    return line;
  };
  const parent = (): DomNode | Dom => open.at(-1)?.node ?? document;
  const flush = (): void => {
    if (text !== '' && open.length > 0)
      (open.at(-1) as { node: DomNode }).node.appendChild(document.createTextNode(text));
    text = '';
  };
  let at = 0;
  for (;;) {
    const lt = xml.indexOf('<', at);
    const chars = lt === -1 ? xml.slice(at) : xml.slice(at, lt);
    if (chars !== '') {
      if (open.length > 0) text += decode(chars);
      else if (chars.trim() !== '') throw GIVE_UP;
    }
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) throw GIVE_UP;
      flush();
      parent().appendChild(document.createComment(xml.slice(lt + 4, end)));
      at = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end === -1 || open.length === 0) throw GIVE_UP;
      text += xml.slice(lt + 9, end);
      at = end + 3;
    } else if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      const target = NAME.exec(xml.slice(lt + 2, lt + 2 + 256))?.[0];
      if (end === -1 || target === undefined || target.includes(':')) throw GIVE_UP;
      const rest = xml.slice(lt + 2 + target.length, end);
      if (rest !== '' && !/^[ \t\n]/.test(rest)) throw GIVE_UP;
      flush();
      if (target === 'xml') {
        if (document.hasChildNodes() || lt !== 0) throw GIVE_UP;
      } else {
        parent().appendChild(document.createProcessingInstruction(target, rest.replace(/^[ \t\n]+/, '')));
      }
      at = end + 2;
    } else if (xml.startsWith('</', lt)) {
      const name = NAME.exec(xml.slice(lt + 2, lt + 2 + 256))?.[0];
      const close = TAG_END.exec(xml.slice(lt + 2 + (name?.length ?? 0)));
      flush();
      const element = open.pop();
      if (name === undefined || close === null || close[1] === '/' || element?.name !== name) throw GIVE_UP;
      scope = open.at(-1)?.scope ?? new Map([['xml', XML_NS]]);
      at = lt + 2 + name.length + close[0].length;
    } else if (xml[lt + 1] === '!') {
      throw GIVE_UP;
    } else {
      at = startTag(xml, lt);
    }
  }
  if (open.length > 0 || text !== '') throw GIVE_UP;

  /** Reads the start tag at `lt` (its element made, opened unless empty); returns where it ends. */
  function startTag(xml: string, lt: number): number {
    const name = NAME.exec(xml.slice(lt + 1, lt + 1 + 256))?.[0];
    if (name === undefined) throw GIVE_UP;
    let at = lt + 1 + name.length;
    const attributes: Array<[string, string]> = [];
    let inScope = scope;
    for (;;) {
      const head = xml.slice(at, at + 1024);
      const end = TAG_END.exec(head);
      if (end !== null) {
        at += end[0].length;
        if (open.length === 0 && document.hasChildNodes() && hasElement(document)) throw GIVE_UP;
        flush();
        // In saxon-js's order: the element made and put in place, then its attributes, then its line.
        const element = document.createElementNS(namespaceOf(name, inScope, true), name);
        parent().appendChild(element);
        for (const [qname, raw] of attributes) {
          const attribute = document.createAttributeNS(namespaceOf(qname, inScope, false), qname);
          let value = decode(raw.replace(/[\t\n]/g, ' '));
          if (qname === 'id' || qname === 'xml:id') value = value.replace(/\s+/g, ' ').trim();
          attribute.value = value;
          attribute.nodeValue = value;
          element.setAttributeNode(attribute);
        }
        element.Zj = String(lineAt(at - 1));
        if (end[1] === '/') return at;
        open.push({ node: element, name, scope: inScope });
        scope = inScope;
        return at;
      }
      const attribute = ATTRIBUTE.exec(head);
      if (attribute === null) throw GIVE_UP;
      const qname = attribute[1] as string;
      const raw = attribute[2] ?? attribute[3] ?? '';
      if (attributes.some(([seen]) => seen === qname)) throw GIVE_UP;
      attributes.push([qname, raw]);
      if (qname === 'xmlns' || qname.startsWith('xmlns:')) {
        const uri = decode(raw.replace(/[\t\n]/g, ' '));
        if (qname === 'xmlns:xml' || qname === 'xmlns:xmlns' || (qname !== 'xmlns' && uri === ''))
          throw GIVE_UP;
        if (inScope === scope) inScope = new Map(scope);
        inScope.set(qname === 'xmlns' ? '' : qname.slice(6), uri);
      }
      at += attribute[0].length;
    }
  }
}

/** The namespace of an element or attribute name as saxon-js's parser resolves it. */
function namespaceOf(qname: string, scope: Map<string, string>, element: boolean): string {
  const colon = qname.indexOf(':');
  if (colon === -1) {
    if (!element) return qname === 'xmlns' ? XMLNS_NS : '';
    return scope.get('') ?? '';
  }
  const prefix = qname.slice(0, colon);
  if (prefix === 'xmlns') {
    if (element) throw GIVE_UP;
    return XMLNS_NS;
  }
  const uri = scope.get(prefix);
  if (uri === undefined) throw GIVE_UP;
  return uri;
}

function hasElement(document: Dom): boolean {
  for (
    let node = (document as unknown as { firstChild: { nodeType: number; nextSibling: unknown } | null })
      .firstChild;
    node !== null;
    node = node.nextSibling as typeof node
  ) {
    if (node.nodeType === 1) return true;
  }
  return false;
}
