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
 * reference), but refusing here gives one clear, typed answer for both tiers instead of relying on each
 * parser's defaults. `<!ENTITY` and `<!DOCTYPE` cannot occur unescaped in element content, so a literal
 * one is a declaration (or sits in a comment or CDATA section, which no e-invoice needs).
 */
export function assertNoDtdEntities(xml: string): void {
  if (xml.includes('<!ENTITY')) {
    throw new XmlInputError('entities_not_allowed', 'XML with DTD entity declarations is not accepted');
  }
  const doctype = xml.indexOf('<!DOCTYPE');
  if (doctype === -1) return;
  const rest = xml.slice(doctype);
  const end = rest.search(/[[>]/);
  const head = end === -1 ? rest : rest.slice(0, end);
  if (/\s(SYSTEM|PUBLIC)[\s"']/.test(head)) {
    throw new XmlInputError('external_dtd_not_allowed', 'XML referring to an external DTD is not accepted');
  }
}
