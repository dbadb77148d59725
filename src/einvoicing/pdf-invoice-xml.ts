// The invoice XML inside a hybrid PDF (Factur-X, ZUGFeRD, XRechnung): the embedded file of one of the
// names those standards use. Every read is bounded, because the PDF comes from anyone: the objects parsed
// (MAX_PDF_OBJECTS), the nodes of the embedded-files name tree walked (each once), and the bytes the one
// invoice-named attachment may inflate to (the XML limit, enforced while inflating). No other attachment
// is ever decoded. pdf-lib is loaded on first use (1.5 MB of code a start does not need). It runs in the
// receive worker (workers/receive-worker.ts), which adds the time and memory limits of rendering.
import type { PDFDict, PDFRawStream } from '@cantoo/pdf-lib';
import { DomainError } from '../shared/errors';
import { DEFAULT_XML_LIMITS } from './xsd/xml-limits';

/** The names the standards give the invoice, in order of preference; compared case-insensitively. */
export const INVOICE_FILES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

export interface PdfReadLimits {
  /** Indirect objects (object streams' included) parsed; a hybrid invoice has a few hundred to thousands. */
  maxObjects: number;
  /** Nodes of the embedded-files name tree visited; a real one has one or a handful. */
  maxTreeNodes: number;
  /** Bytes the invoice attachment may inflate to: the XML limit. */
  maxXmlBytes: number;
  /** Bytes all object and cross-reference streams may inflate to: the parser decodes those whole. */
  maxStructureBytes: number;
}

export const DEFAULT_PDF_LIMITS: PdfReadLimits = {
  maxObjects: 50_000,
  maxTreeNodes: 1_000,
  maxXmlBytes: DEFAULT_XML_LIMITS.maxChars,
  maxStructureBytes: 32 * 1024 * 1024,
};

type PdfLib = typeof import('@cantoo/pdf-lib');
type Dict = PDFDict;

class LimitHit extends Error {}

type RawStream = PDFRawStream;

function isStructureStream(lib: PdfLib, stream: RawStream): boolean {
  const type = stream.dict.get(lib.PDFName.of('Type'));
  return type === lib.PDFName.of('ObjStm') || type === lib.PDFName.of('XRef');
}

/** How many bytes the stream inflates to, inflating at most `budget + 1` (more than the budget is enough). */
function measureInflated(lib: PdfLib, stream: RawStream, budget: number): number {
  try {
    return lib.decodePDFRawStream(stream).getBytes(Math.max(0, budget) + 1).byteLength;
  } catch {
    return 0; // the parser meets the same error and recovers or refuses the file
  }
}

/** The embedded invoice XML's bytes; a 4xx naming what is wrong (or which limit was hit) otherwise. */
export async function invoiceXmlBytesOfPdf(
  bytes: Uint8Array,
  limits: PdfReadLimits = DEFAULT_PDF_LIMITS,
): Promise<Uint8Array> {
  const lib = await import('@cantoo/pdf-lib');
  const parser = lib.PDFParser.forBytesWithOptions(bytes, Number.POSITIVE_INFINITY, false);
  // pdf-lib asks this once per object parsed, object streams' objects included: the one place to count
  // them while parsing, so a file of 340,000 tiny objects stops at the cap instead of parsing them all.
  // The parser recovers from an error inside one object and goes on, so a limit hit is remembered and
  // thrown again after the object, where nothing catches it.
  let objects = 0;
  let hit: 'objects' | 'structure' | null = null;
  const hooks = parser as unknown as {
    shouldWaitForTick: () => boolean;
    parseObject: (ref?: unknown) => unknown;
  };
  hooks.shouldWaitForTick = () => {
    if (++objects > limits.maxObjects) hit ??= 'objects';
    if (hit) throw new LimitHit();
    return false;
  };
  // Object and cross-reference streams are inflated whole by the parser: each is measured first, inflating
  // at most what is left of the budget, so a bomb inside one stops at the budget.
  let structureLeft = limits.maxStructureBytes;
  const parseObject = hooks.parseObject.bind(parser);
  hooks.parseObject = (ref) => {
    const object = parseObject(ref);
    if (object instanceof lib.PDFRawStream && isStructureStream(lib, object)) {
      const size = measureInflated(lib, object, structureLeft);
      structureLeft -= size;
      if (structureLeft < 0) {
        hit ??= 'structure';
        throw new LimitHit();
      }
    }
    return object;
  };
  let context: Awaited<ReturnType<typeof parser.parseDocument>>;
  try {
    context = await parser.parseDocument();
  } catch {
    if (hit === 'objects') {
      throw tooMany(`The PDF has more than ${limits.maxObjects} objects`, { max_objects: limits.maxObjects });
    }
    if (hit === 'structure') {
      throw tooLarge(`The PDF's object streams inflate to more than ${limits.maxStructureBytes} bytes`, {
        max_structure_bytes: limits.maxStructureBytes,
      });
    }
    throw unreadable('The file is not a readable PDF');
  }
  if (context.trailerInfo.Encrypt) throw unreadable('The PDF is encrypted: send it unencrypted', 'encrypted');
  let spec: Dict | null;
  let associated: string | null = null;
  // pdf-lib recovers from a file cut short and answers an empty document; without a catalog it is no PDF
  // a reader could open, so it is named as damaged, not as a PDF without an e-invoice.
  const catalog = context.trailerInfo.Root ? context.lookup(context.trailerInfo.Root) : undefined;
  if (!(catalog instanceof lib.PDFDict)) {
    throw unreadable(
      `The PDF is damaged or cut short: it has no document catalog (${context.enumerateIndirectObjects().length} objects in ${bytes.byteLength} bytes)`,
    );
  }
  try {
    spec = invoiceFileSpec(lib, catalog, limits);
    if (spec === null) associated = associatedInvoiceName(lib, catalog);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable("The PDF's attachments cannot be read");
  }
  if (spec === null) {
    if (associated !== null) {
      throw unreadable(
        `The PDF is damaged: its catalog lists ${associated} among its associated files (/AF), but its embedded files (/Names) do not hold it`,
      );
    }
    throw unreadable(
      'The PDF carries no embedded e-invoice (no factur-x.xml, zugferd-invoice.xml or xrechnung.xml)',
      'no_embedded_invoice',
    );
  }
  return inflateCapped(lib, spec, limits.maxXmlBytes);
}

/**
 * The file specification of the invoice attachment: the name tree walked once per node (a visited set;
 * a tree listing the same child many times at each level costs no more than listing it once), at most
 * `maxTreeNodes` nodes, reading names only.
 */
function invoiceFileSpec(lib: PdfLib, catalog: Dict, limits: PdfReadLimits): Dict | null {
  const key = (name: string) => lib.PDFName.of(name);
  const dictAt = (value: unknown): Dict | undefined => {
    const resolved = value instanceof lib.PDFRef ? catalog.context.lookup(value) : value;
    return resolved instanceof lib.PDFDict ? resolved : undefined;
  };
  const arrayAt = (dict: Dict, name: string) => {
    const value = dict.get(key(name));
    const resolved = value instanceof lib.PDFRef ? catalog.context.lookup(value) : value;
    return resolved instanceof lib.PDFArray ? resolved : undefined;
  };
  const root = dictAt(dictAt(catalog.get(key('Names')))?.get(key('EmbeddedFiles')));
  const found = new Map<string, Dict>();
  const seen = new Set<Dict>();
  const pending: Dict[] = root ? [root] : [];
  while (pending.length > 0) {
    const node = pending.pop() as Dict;
    if (seen.has(node)) continue;
    seen.add(node);
    if (seen.size > limits.maxTreeNodes) {
      throw tooMany(`The PDF's attachment tree has more than ${limits.maxTreeNodes} nodes`, {
        max_tree_nodes: limits.maxTreeNodes,
      });
    }
    const pairs = arrayAt(node, 'Names');
    for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
      const spec = dictAt(pairs.get(i + 1));
      const name = fileNameOf(lib, spec);
      if (spec && name !== null && !found.has(name)) found.set(name, spec);
    }
    const kids = arrayAt(node, 'Kids');
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = dictAt(kids.get(i));
      if (kid && !seen.has(kid)) pending.push(kid);
    }
  }
  for (const name of INVOICE_FILES) {
    const spec = found.get(name);
    if (spec) return spec;
  }
  if (found.size > 0) {
    const names = [...found.keys()].slice(0, 10).join(', ');
    throw unreadable(
      `The PDF carries no embedded e-invoice; its attachments are ${names}`,
      'no_embedded_invoice',
    );
  }
  return null;
}

/**
 * The invoice name among the catalog's associated files (`/AF`, which PDF/A-3 and Factur-X require beside
 * the name tree), for saying why a PDF whose name tree lacks it is refused; at most the first 100 entries.
 */
function associatedInvoiceName(lib: PdfLib, catalog: Dict): string | null {
  const files = catalog.lookup(lib.PDFName.of('AF'));
  if (!(files instanceof lib.PDFArray)) return null;
  for (let i = 0; i < Math.min(files.size(), 100); i++) {
    const spec = files.lookup(i);
    const name = fileNameOf(lib, spec instanceof lib.PDFDict ? spec : undefined);
    if (name !== null && INVOICE_FILES.includes(name)) return name;
  }
  return null;
}

/** The attachment's name (UF, else F), lower-cased; null when it has none. */
function fileNameOf(lib: PdfLib, spec: Dict | undefined): string | null {
  if (!spec) return null;
  for (const key of ['UF', 'F']) {
    const value = spec.lookup(lib.PDFName.of(key));
    if (value instanceof lib.PDFString || value instanceof lib.PDFHexString) {
      return value.decodeText().trim().toLowerCase().slice(0, 200);
    }
  }
  return null;
}

/** Inflates the embedded file's stream, stopping as soon as it passes `maxBytes` (a bomb is never whole). */
function inflateCapped(lib: PdfLib, spec: Dict, maxBytes: number): Uint8Array {
  const ef = spec.lookup(lib.PDFName.of('EF'));
  const stream = ef instanceof lib.PDFDict ? ef.lookup(lib.PDFName.of('F')) : undefined;
  if (!(stream instanceof lib.PDFRawStream)) {
    throw unreadable("The PDF's invoice attachment has no readable content");
  }
  let out: Uint8Array;
  try {
    // getBytes(n) decodes block by block until it holds n bytes: the cap holds while inflating.
    out = new Uint8Array(lib.decodePDFRawStream(stream).getBytes(maxBytes + 1));
  } catch {
    throw unreadable("The PDF's invoice attachment cannot be decompressed");
  }
  if (out.byteLength > maxBytes) {
    throw tooLarge(`The PDF's invoice attachment inflates to more than ${maxBytes} bytes`, {
      max_bytes: maxBytes,
    });
  }
  return out;
}

/**
 * A PDF refused as an e-invoice. `reason` says, as data, that it plainly holds none (`no_embedded_invoice`,
 * `encrypted`: a plain PDF), as against a damaged one: e-mail intake passes the former over.
 */
const unreadable = (message: string, reason?: 'no_embedded_invoice' | 'encrypted') =>
  new DomainError('unprocessable_entity', message, {
    fields: [{ loc: 'body', msg: message, type: 'not_an_einvoice' }],
    ...(reason && { reason }),
  });

/** Limits answer as the XML limits do: a size past its cap is a 413, a count past its cap a 422. */
const tooLarge = (message: string, limit: Record<string, number>) =>
  new DomainError('payload_too_large', message, limit);

const tooMany = (message: string, limit: Record<string, number>) =>
  new DomainError('unprocessable_entity', message, {
    ...limit,
    fields: [{ loc: 'body', msg: message, type: 'too_large' }],
  });
