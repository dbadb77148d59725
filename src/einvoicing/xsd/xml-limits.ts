// Bounds on XML that is checked (tier 2) or read, enforced by one linear scan before any parser or rule
// sees it: an `Invoice` element with 40,000 attributes held the official rules for two minutes. Real
// e-invoices are far inside these: a 1,000-line Peppol invoice has about 60,000 elements, at most a
// dozen attributes on its root (namespace declarations) and a depth of about ten.

export interface XmlLimits {
  /** UTF-16 code units of the XML text (about bytes for e-invoices); beyond it a 413. */
  maxChars: number;
  maxElements: number;
  maxAttributesPerElement: number;
  maxDepth: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxChars: 16 * 1024 * 1024, // as the request schemas' `xml` fields (a 10,000-line invoice is ~14 MB)
  maxElements: 500_000,
  maxAttributesPerElement: 100,
  maxDepth: 64,
};

export class XmlLimitError extends Error {
  override readonly name = 'XmlLimitError';
  constructor(
    readonly limit: keyof XmlLimits,
    readonly max: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Throws XmlLimitError for XML beyond `limits`. Counts start tags, attributes per start tag (quoted values
 * skipped) and nesting, skipping comments, CDATA, processing instructions and the DOCTYPE. It does not
 * check well-formedness: the parser does that next, on text already known to be small enough.
 */
export function checkXmlLimits(xml: string, limits: XmlLimits = DEFAULT_XML_LIMITS): void {
  if (xml.length > limits.maxChars) {
    throw new XmlLimitError(
      'maxChars',
      limits.maxChars,
      `The XML is larger than ${limits.maxChars} characters`,
    );
  }
  let elements = 0;
  let depth = 0;
  let i = xml.indexOf('<');
  while (i !== -1 && i < xml.length) {
    const next = xml.charCodeAt(i + 1);
    if (next === 0x3f /* ? */) i = skipPast(xml, '?>', i + 2);
    else if (xml.startsWith('<!--', i)) i = skipPast(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = skipPast(xml, ']]>', i + 9);
    else if (next === 0x21 /* ! */) i = skipPast(xml, '>', i + 2);
    else if (next === 0x2f /* / */) {
      depth--;
      i = skipPast(xml, '>', i + 2);
    } else {
      const tag = scanStartTag(xml, i + 1);
      if (++elements > limits.maxElements) {
        throw new XmlLimitError(
          'maxElements',
          limits.maxElements,
          `The XML has more than ${limits.maxElements} elements`,
        );
      }
      if (tag.attributes > limits.maxAttributesPerElement) {
        throw new XmlLimitError(
          'maxAttributesPerElement',
          limits.maxAttributesPerElement,
          `An element of the XML has more than ${limits.maxAttributesPerElement} attributes`,
        );
      }
      if (!tag.selfClosing && ++depth > limits.maxDepth) {
        throw new XmlLimitError(
          'maxDepth',
          limits.maxDepth,
          `The XML nests elements deeper than ${limits.maxDepth}`,
        );
      }
      i = tag.end;
    }
    if (i === -1) return;
    i = xml.indexOf('<', i);
  }
}

const skipPast = (xml: string, end: string, from: number) => {
  const at = xml.indexOf(end, from);
  return at === -1 ? -1 : at + end.length;
};

/** From just after `<` of a start tag: its attribute count, whether it ends in `/>`, and where it ends. */
function scanStartTag(xml: string, from: number): { attributes: number; selfClosing: boolean; end: number } {
  let attributes = 0;
  for (let i = from; i < xml.length; i++) {
    const ch = xml.charCodeAt(i);
    if (ch === 0x22 /* " */ || ch === 0x27 /* ' */) {
      const close = xml.indexOf(String.fromCharCode(ch), i + 1);
      if (close === -1) return { attributes, selfClosing: false, end: -1 };
      i = close;
    } else if (ch === 0x3d /* = */) attributes++;
    else if (ch === 0x3e /* > */) {
      return { attributes, selfClosing: xml.charCodeAt(i - 1) === 0x2f, end: i + 1 };
    }
  }
  return { attributes, selfClosing: false, end: -1 };
}
