// Factur-X: a PDF/A-3b document carrying the invoice XML as `factur-x.xml`. pdfkit does the PDF/A basics
// for `subset: 'PDF/A-3b'` (pdfaid in the XMP, the output intent); this file supplies what it cannot:
// the ICC profile inside the executable, the attachment's dates, the fx XMP schema, and no transparency.
import iccPath from '../../../assets/icc/sRGB_IEC61966_2_1.icc' with { type: 'file' };
import type { FacturxContent } from '../types';
import { FACTURX_FILE, facturxXmp } from './xmp';

// The sRGB profile PDF/A needs (pdfkit would read its own copy from next to its module, a path that does
// not exist inside the compiled executable): ours is in assets/, embedded like every static asset.
let icc: Promise<Uint8Array> | null = null;

/** The sRGB profile's bytes, read once per process. */
export function loadIcc(): Promise<Uint8Array> {
  icc ??= Bun.file(iccPath).bytes();
  return icc;
}

/** The pdfkit internals touched here (all instance properties, see below). */
interface PdfADocument {
  info: { CreationDate: Date };
  _root: { data: Record<string, unknown> };
  ref(data: object): { write(bytes: Uint8Array): void; end(): void };
  _addColorOutputIntent(): void;
  _doOpacity(fill: number | null, stroke: number | null): void;
  appendXML(xml: string): void;
  file(src: Uint8Array, options: object): unknown;
}

/**
 * Turns a document created with `subset: 'PDF/A-3b'` into a Factur-X one. Call right after construction.
 *
 * The ICC profile: pdfkit's `_addColorOutputIntent` reads it with `fs.readFileSync` into a cache that is a
 * module-private `let` (unreachable from here). But pdfkit installs its PDF/A methods per instance
 * (`_importSubset` is `Object.assign(this, PDFA)` in the constructor), so overriding the method on this
 * instance is as clean as it gets: same output intent, our bytes, no file system, no global patch.
 */
export function makeFacturX(
  document: PDFKit.PDFDocument,
  content: FacturxContent,
  profile: Uint8Array,
): void {
  const doc = document as unknown as PdfADocument;

  doc._addColorOutputIntent = function (this: PdfADocument) {
    const profileRef = this.ref({ Length: profile.byteLength, N: 3 });
    profileRef.write(profile);
    profileRef.end();
    const intent = this.ref({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      Info: new String('sRGB IEC61966-2.1'),
      OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
      DestOutputProfile: profileRef,
    });
    intent.end();
    this._root.data.OutputIntents = [intent];
  };

  // No transparency at all (the Factur-X requirement here, stricter than PDF/A-3): every opacity request
  // (ours never make any; svg-to-pdfkit sets fill opacity with every colour) is dropped, so no ExtGState
  // with /ca or /CA is written. Logos are made opaque separately (engine/opaque.ts).
  doc._doOpacity = () => undefined;

  // Exactly the string's UTF-8 bytes. Dated like the document (a Buffer source carries no dates of its
  // own, and Factur-X wants /Params /ModDate). pdfkit writes the filespec with /F, /UF and
  // /AFRelationship, files it under /Names /EmbeddedFiles and appends it to the catalog's /AF.
  const created = doc.info.CreationDate;
  doc.file(Buffer.from(content.xml, 'utf8'), {
    name: FACTURX_FILE,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice',
    creationDate: created,
    modifiedDate: created,
  });
  // Supporting documents (EN 16931 BG-24) beside it, as Factur-X advises: each a Supplement.
  for (const file of content.attachments ?? []) {
    doc.file(Buffer.from(file.bytes), {
      name: file.filename,
      type: file.mimeCode,
      relationship: 'Supplement',
      description: 'Supporting document',
      creationDate: created,
      modifiedDate: created,
    });
  }
  doc.appendXML(facturxXmp());
}
