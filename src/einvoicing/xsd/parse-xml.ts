import type { XmlDocument } from 'libxml2-wasm';
import { assertNoDtd, stripBom, XmlInputError } from './xml-input';

type Libxml = typeof import('libxml2-wasm');

let loading: Promise<Libxml> | null = null;

/**
 * libxml2-wasm instantiates its WebAssembly module (embedded in its JS as bytes, so the compiled
 * executable needs no separate .wasm file) when first imported: done on first use, not at start-up.
 */
export function loadLibxml(): Promise<Libxml> {
  loading ??= import('libxml2-wasm');
  return loading;
}

/**
 * Parses untrusted XML with libxml2: no network, no external DTD or entity loading, no entity
 * substitution (those are all off unless asked for; NO_XXE and NONET make it explicit for future libxml2
 * defaults). The caller owns the document and must `dispose()` it.
 */
export async function parseUntrustedXml(xml: string): Promise<XmlDocument> {
  const text = stripBom(xml);
  // One byte-order mark is dropped; a second one is a character before the document, which XML does not
  // allow (Java's parser: "Content is not allowed in prolog"). libxml2 would take it for a byte-order mark.
  if (text.charCodeAt(0) === 0xfeff) {
    throw new XmlInputError(
      'malformed_xml',
      'the XML is not well-formed: content is not allowed before the document (a second byte-order mark) (line 1, column 1)',
      1,
      1,
    );
  }
  if (text.trim() === '') throw new XmlInputError('empty_document', 'the XML document is empty');
  assertNoDtd(text);
  const libxml = await loadLibxml();
  const { ParseOption, XmlDocument, XmlParseError } = libxml;
  try {
    return XmlDocument.fromString(text, {
      option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE,
    });
  } catch (error) {
    if (error instanceof XmlParseError) {
      const first = error.details[0];
      const where = first === undefined ? '' : ` (line ${first.line}, column ${first.col})`;
      throw new XmlInputError(
        'malformed_xml',
        `the XML is not well-formed: ${(first?.message ?? error.message).trim()}${where}`,
        first?.line ?? null,
        first?.col ?? null,
      );
    }
    throw error;
  }
}
