// The invoice XML inside a hybrid PDF (Factur-X, ZUGFeRD, XRechnung): the embedded file of one of the
// names those standards use. pdf-lib is loaded on first use (1.5 MB of code a start does not need).
import { DomainError } from '../../../shared/errors';

const INVOICE_FILES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'ZUGFeRD-invoice.xml'];

export async function invoiceXmlOfPdf(bytes: Uint8Array): Promise<string> {
  const lib = await import('@cantoo/pdf-lib');
  let pdf: Awaited<ReturnType<typeof lib.PDFDocument.load>>;
  try {
    pdf = await lib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    throw unreadable('The file is not a readable PDF');
  }
  const found = new Map<string, Uint8Array>();
  try {
    collectAttachments(lib, pdf, found);
  } catch {
    throw unreadable("The PDF's attachments cannot be read");
  }
  for (const file of INVOICE_FILES) {
    const xml = found.get(file);
    if (xml) return new TextDecoder('utf-8').decode(xml);
  }
  const seen = [...found.keys()];
  throw unreadable(
    seen.length === 0
      ? 'The PDF carries no embedded e-invoice (no factur-x.xml, zugferd-invoice.xml or xrechnung.xml)'
      : `The PDF carries no embedded e-invoice; its attachments are ${seen.join(', ')}`,
  );
}

type PdfLib = typeof import('@cantoo/pdf-lib');

/** Every embedded file of the name tree (depth-bounded: a hostile tree cannot loop us). */
function collectAttachments(
  lib: PdfLib,
  pdf: Awaited<ReturnType<PdfLib['PDFDocument']['load']>>,
  found: Map<string, Uint8Array>,
): void {
  const names = pdf.catalog.lookupMaybe(lib.PDFName.of('Names'), lib.PDFDict);
  const tree = names?.lookupMaybe(lib.PDFName.of('EmbeddedFiles'), lib.PDFDict);
  type Dict = NonNullable<typeof names>;
  const visit = (node: Dict | undefined, depth: number) => {
    if (!node || depth > 16) return;
    const pairs = node.lookupMaybe(lib.PDFName.of('Names'), lib.PDFArray);
    for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
      const spec = pairs.lookupMaybe(i + 1, lib.PDFDict);
      const name = (spec?.lookup(lib.PDFName.of('UF')) ?? spec?.lookup(lib.PDFName.of('F'))) as
        | { decodeText?: () => string }
        | undefined;
      const stream = spec?.lookupMaybe(lib.PDFName.of('EF'), lib.PDFDict)?.lookup(lib.PDFName.of('F'));
      if (name?.decodeText && stream instanceof lib.PDFRawStream) {
        found.set(name.decodeText(), lib.decodePDFRawStream(stream).decode());
      }
    }
    const kids = node.lookupMaybe(lib.PDFName.of('Kids'), lib.PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) visit(kids.lookupMaybe(i, lib.PDFDict), depth + 1);
  };
  visit(tree, 0);
}

const unreadable = (message: string) =>
  new DomainError('unprocessable_entity', message, {
    fields: [{ loc: 'body', msg: message, type: 'not_an_einvoice' }],
  });
