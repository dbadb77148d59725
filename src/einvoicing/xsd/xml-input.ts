/**
 * The input side of compliance checks: an XML document that is not even well-formed, or that tries to use
 * DTD entities, is the caller's error (HTTP 400), never a list of violations.
 */
export type XmlInputProblem =
  | 'empty_document'
  | 'malformed_xml'
  | 'entities_not_allowed'
  | 'external_dtd_not_allowed';

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
 * Refuses XXE and entity-expansion payloads before any parser sees them. libxml2 also runs with entity
 * substitution and external loading off, and saxon-js's parser skips the DTD (it fails on any entity
 * reference): those decide; this gives one clear, typed answer for both tiers. `<!ENTITY` cannot occur
 * unescaped in element content, so a literal one anywhere is refused. The DOCTYPE is found by reading the
 * prolog token by token (declaration, comments, processing instructions), so a comment that mentions
 * `<!DOCTYPE` cannot hide the real one; a DOCTYPE naming an external DTD (SYSTEM or PUBLIC) is refused.
 */
export function assertNoDtdEntities(xml: string): void {
  if (xml.includes('<!ENTITY')) {
    throw new XmlInputError('entities_not_allowed', 'XML with DTD entity declarations is not accepted');
  }
  const head = prologDoctype(xml);
  if (head !== null && /\s(SYSTEM|PUBLIC)[\s"']/.test(head)) {
    throw new XmlInputError('external_dtd_not_allowed', 'XML referring to an external DTD is not accepted');
  }
}

/** The DOCTYPE's head (up to its internal subset or end), or null when the prolog has none. */
function prologDoctype(xml: string): string | null {
  let i = 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
    if (xml.startsWith('<?', i)) i = after(xml, '?>', i);
    else if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else if (xml.startsWith('<!DOCTYPE', i)) return doctypeHead(xml, i);
    else return null; // the root element (or text a parser refuses): no DOCTYPE may follow
    if (i < 0) return null;
  }
}

const after = (xml: string, end: string, from: number) => {
  const at = xml.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
};

/** From `<!DOCTYPE` to the first `[` or `>` outside a quoted literal. */
function doctypeHead(xml: string, start: number): string {
  let quote: string | null = null;
  for (let i = start; i < xml.length; i++) {
    const ch = xml[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '>') return xml.slice(start, i);
  }
  return xml.slice(start);
}
