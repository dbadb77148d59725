/**
 * The input side of compliance checks and of reading received e-invoices: an XML document that is not even
 * well-formed, or that carries a DTD, is the caller's error (HTTP 400 or 422), never a list of violations.
 */
export type XmlInputProblem =
  | 'empty_document'
  | 'malformed_xml'
  | 'doctype_not_allowed'
  | 'entities_not_allowed'
  | 'external_dtd_not_allowed';

/** The problems that are a DTD in the document (any DOCTYPE, or an entity declaration anywhere). */
export const DTD_PROBLEMS: ReadonlySet<XmlInputProblem> = new Set([
  'doctype_not_allowed',
  'entities_not_allowed',
  'external_dtd_not_allowed',
]);

export class XmlInputError extends Error {
  override readonly name = 'XmlInputError';
  constructor(
    readonly code: XmlInputProblem,
    message: string,
    readonly line: number | null = null,
    readonly column: number | null = null,
  ) {
    super(message);
  }
}

/** A byte-order mark survives reading a file as text; dropped once here so every parser sees the same text. */
export function stripBom(xml: string): string {
  return xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
}

/**
 * Refuses any DTD before a parser sees the text. A DOCTYPE is refused whatever it holds: its internal subset
 * can change the document (`<!ATTLIST cbc:EndpointID schemeID CDATA "0007">` adds an attribute the text
 * does not have, an entity replaces text); Java's parser, the official validator's, applies it, libxml2
 * (as run here) and saxon-js's parser do not, so the same text would be two documents. The rules must
 * judge, and receiving must read, the document exactly as it was sent, or not at all. Refusing it also
 * refuses XXE and entity expansion (libxml2 additionally runs with entity substitution and external
 * loading off). The DOCTYPE is found by reading the prolog token by token (declaration, comments,
 * processing instructions), so a comment that mentions `<!DOCTYPE` cannot hide the real one; and as
 * `<!ENTITY` cannot occur unescaped in element content, a literal one anywhere is refused too.
 */
export function assertNoDtd(xml: string): void {
  const head = prologDoctype(xml);
  if (head !== null) {
    const [code, what]: [XmlInputProblem, string] = xml.includes('<!ENTITY')
      ? ['entities_not_allowed', ' declaring entities']
      : /\s(SYSTEM|PUBLIC)[\s"']/i.test(head)
        ? ['external_dtd_not_allowed', ' naming an external DTD']
        : ['doctype_not_allowed', head.endsWith('[') ? ' with an internal subset' : ''];
    throw new XmlInputError(
      code,
      `XML with a DOCTYPE declaration${what} is not accepted: a DTD can change the document (default attributes, entities), and the document is judged and read exactly as sent; remove the DOCTYPE`,
    );
  }
  if (xml.includes('<!ENTITY')) {
    throw new XmlInputError('entities_not_allowed', 'XML with DTD entity declarations is not accepted');
  }
}

/** The DOCTYPE's head (up to its internal subset's `[` or its end), or null when the prolog has none. */
function prologDoctype(xml: string): string | null {
  const at = prologEnd(xml);
  return at >= 0 && xml.slice(at, at + 9).toUpperCase() === '<!DOCTYPE' ? doctypeHead(xml, at) : null;
}

/**
 * Where the prolog's declaration, comments and processing instructions end: at a DOCTYPE, the root
 * element, or text a parser refuses (-1 when a comment or instruction is not closed).
 */
function prologEnd(xml: string): number {
  let i = 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
    if (xml.startsWith('<?', i)) i = after(xml, '?>', i);
    else if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else return i;
    if (i < 0) return -1;
  }
}

/**
 * The namespace of the root element as read from its start tag (`xmlns` or the `xmlns:prefix` of its
 * name), without parsing the document; null when it cannot be told that way (no root after the prolog, a
 * DOCTYPE, a start tag without the declaration). A hint only, for loading ahead what a check will need:
 * the parser's reading is what decides.
 */
export function rootNamespaceHint(input: string): string | null {
  const xml = stripBom(input);
  const at = prologEnd(xml);
  if (at < 0 || xml[at] !== '<') return null;
  const tag =
    /^<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(
      xml.slice(at, at + 4096),
    );
  if (tag === null) return null;
  const prefix = tag[2] === undefined ? null : tag[1];
  const name = prefix === null ? 'xmlns' : `xmlns:${prefix}`;
  for (const attribute of (tag[3] ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (attribute[1] === name) return attribute[2] ?? attribute[3] ?? null;
  }
  return null;
}

const after = (xml: string, end: string, from: number) => {
  const at = xml.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
};

/** From `<!DOCTYPE` to the first `[` or `>` outside a quoted literal, that one included. */
function doctypeHead(xml: string, start: number): string {
  let quote: string | null = null;
  for (let i = start; i < xml.length; i++) {
    const ch = xml[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '>') return xml.slice(start, i + 1);
  }
  return xml.slice(start);
}
