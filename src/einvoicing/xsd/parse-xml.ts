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
