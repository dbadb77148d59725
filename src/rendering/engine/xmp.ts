// XMP metadata: escaping for what pdfkit copies from the Info dictionary, and the Factur-X schema.

/** XML text content: markup characters escaped, and the C0 controls XML 1.0 cannot carry dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface MetadataWriter {
  info: Record<string, unknown>;
  /** The PDF version pdfkit writes: 1.3 (a plain render) writes no XMP, 1.4 and later do. */
  version: number;
  _addInfo(this: MetadataWriter): void;
}

const PATCHED = Symbol.for('invoice-service.xmp-escaped');

/**
 * pdfkit's `_addInfo` (the XMP writer, run for any PDF 1.4+) pastes `info.Title`, `Author`, `Subject`,
 * `Keywords`, `Creator` and `Producer` into the packet unescaped: a seller called `Müller & Söhne` gives
 * malformed XMP. The writer is wrapped once, on the prototype, so every document gets it: it runs against a
 * view of the document whose `info` strings are escaped. The Info dictionary itself is written earlier
 * from the real `info` (pdfkit escapes PDF strings), so both hold the same text. A PDF 1.3 document (every
 * render but Factur-X) gets no packet at all: pdfkit builds it anyway and drops it, so it is not built.
 */
export function escapeXmpInfo(PDFDocument: { prototype: object }): void {
  const proto = PDFDocument.prototype as MetadataWriter & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const addInfo = proto._addInfo;
  proto._addInfo = function (this: MetadataWriter) {
    if (this.version === 1.3) return;
    const info: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.info)) {
      info[key] = typeof value === 'string' ? escapeXml(value) : value;
    }
    addInfo.call(Object.create(this, { info: { value: info } }));
  };
  proto[PATCHED] = true;
}

export const FACTURX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_FILE = 'factur-x.xml';

const FX_PROPERTIES: [name: string, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/**
 * The Factur-X part of the XMP packet: the PDF/A extension schema declaring the `fx` properties (PDF/A
 * allows only predefined or declared properties), then their values. pdfaid part/conformance are written by
 * pdfkit itself for `subset: 'PDF/A-3b'`.
 */
export function facturxXmp(): string {
  const properties = FX_PROPERTIES.map(
    ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  ).join('');
  return `
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NS}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${properties}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NS}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILE}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
    </rdf:Description>`;
}
