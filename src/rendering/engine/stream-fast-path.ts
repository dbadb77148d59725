// pdfkit turns every operator it writes into a content stream ("1 0 0 1 56 700 cm", a colour, a run of
// glyphs) into its own byte array with a character-by-character JavaScript loop, then concatenates the
// pieces when the stream ends: one allocation and one loop per operator, the largest single cost of
// writing a page after shaping. The strings are kept as strings instead and turned into bytes once per
// stream, by the runtime's own latin1 encoder (the same low byte of each character pdfkit's loop keeps).
// Streams are compressed with the runtime's libdeflate (wrapped as the zlib format FlateDecode reads)
// instead of pdfkit's `node:zlib` deflateSync at its level 6: about 5 times faster at libdeflate's level 1,
// for streams 8% larger (the realistic 20-line invoice: 29.1 KiB of streams instead of 27.1); the decoded
// bytes are the same.

interface PdfKitReference {
  buffer: (Uint8Array | string)[] | Uint8Array;
  data: { Length?: number; Filter?: string };
  compress: boolean;
  uncompressedLength: number;
  write(chunk: Uint8Array | string): void;
  finalize(): void;
}

let installed = false;

type PdfKitClass = typeof import('pdfkit');

/**
 * pdfkit's document with its output collected in `_chunks`: pdfkit pushes every piece of the file (each
 * object's header, dictionary and stream) through its Readable stream, a 'data' event per piece, and turns
 * each string into bytes with a JavaScript loop. Here a piece is kept as it comes (strings by the runtime's
 * latin1 encoder, the same low byte of each character); the stream only carries the end.
 */
export function collectingDocument(Base: PdfKitClass): PdfKitClass {
  class CollectingDocument extends (Base as unknown as new (
    options?: PDFKit.PDFDocumentOptions,
  ) => { _offset: number }) {
    // Declared only: a field would be reset after the constructor, which writes the file's header.
    declare _chunks: (Uint8Array | string)[] | undefined;

    _write(data: Uint8Array | string): void {
      this._chunks ??= [];
      if (typeof data === 'string') {
        // pdfkit's strings here are binary (one byte a character), each written with a newline.
        this._chunks.push(data, '\n');
        this._offset += data.length + 1;
      } else {
        this._chunks.push(data);
        this._offset += data.length;
      }
    }
  }
  return CollectingDocument as unknown as PdfKitClass;
}

/** What a document made by `collectingDocument` wrote, as one byte array. */
export function collectedBytes(doc: PDFKit.PDFDocument): Uint8Array {
  const chunks = (doc as unknown as { _chunks?: (Uint8Array | string)[] })._chunks ?? [];
  return Buffer.concat(joinPieces(chunks));
}

/**
 * Appends `pieces` (text, each ending in its own newline) to a stream whose pieces are kept as strings, as
 * `write` does for one operator: several operators without joining them into one string first. False when
 * the stream does not keep strings (this file's `write` not installed, or the stream already ended): the
 * caller writes through pdfkit then.
 */
export function appendText(stream: object, ...pieces: string[]): boolean {
  const ref = stream as PdfKitReference;
  if (!installed || !Array.isArray(ref.buffer)) return false;
  const buffer = ref.buffer;
  let length = 0;
  for (const piece of pieces) {
    buffer.push(piece);
    length += piece.length;
  }
  ref.uncompressedLength += length;
  ref.data.Length = (ref.data.Length ?? 0) + length;
  if (ref.compress) ref.data.Filter = 'FlateDecode';
  return true;
}

/** The number of pieces a stream kept so far (-1 when it does not keep them). */
export function pieceCount(stream: object): number {
  const buffer = (stream as PdfKitReference).buffer;
  return Array.isArray(buffer) ? buffer.length : -1;
}

/** Replaces the stream's last piece when it is `piece` (text written by appendText) by `replacement`. */
export function replaceLast(stream: object, piece: string, replacement: string): boolean {
  const ref = stream as PdfKitReference;
  const buffer = ref.buffer;
  if (!Array.isArray(buffer) || buffer[buffer.length - 1] !== piece) return false;
  buffer[buffer.length - 1] = replacement;
  const change = replacement.length - piece.length;
  ref.uncompressedLength += change;
  if (ref.data.Length !== undefined) ref.data.Length += change;
  return true;
}

/** Patches pdfkit's stream object class once per process, reached through a document's page content. */
export function installStreamFastPath(doc: PDFKit.PDFDocument): void {
  if (installed) return;
  const content = (doc as unknown as { page?: { content?: PdfKitReference } }).page?.content;
  if (!content) return;
  const proto = Object.getPrototypeOf(content) as PdfKitReference;
  const originalFinalize = proto.finalize;
  proto.write = function write(this: PdfKitReference, chunk: Uint8Array | string): void {
    const piece = typeof chunk === 'string' ? `${chunk}\n` : chunk;
    this.uncompressedLength += piece.length;
    this.data.Length = (this.data.Length ?? 0) + piece.length;
    (this.buffer as (Uint8Array | string)[]).push(piece);
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  proto.finalize = function finalize(this: PdfKitReference): void {
    if (Array.isArray(this.buffer) && this.buffer.some((piece) => typeof piece === 'string')) {
      this.buffer = joinPieces(this.buffer);
    }
    if (!this.compress || this.buffer.length === 0) {
      originalFinalize.call(this);
      return;
    }
    // pdfkit's finalize with its own compression turned off for the call: it writes what it is given.
    this.buffer = [zlibDeflate(Buffer.concat(this.buffer as Uint8Array[]))];
    this.compress = false;
    try {
      originalFinalize.call(this);
    } finally {
      this.compress = true;
    }
  };
  installed = true;
}

/** RFC 1950 around libdeflate's raw DEFLATE: header (deflate, 32 KiB window, fastest level), Adler-32. */
export function zlibDeflate(data: Uint8Array<ArrayBuffer>): Uint8Array {
  const raw = Bun.deflateSync(data, { library: 'libdeflate', level: 1 });
  const out = new Uint8Array(raw.length + 6);
  out[0] = 0x78;
  out[1] = 0x01;
  out.set(raw, 2);
  new DataView(out.buffer).setUint32(raw.length + 2, Number(Bun.hash.adler32(data)) >>> 0);
  return out;
}

/** Consecutive strings become one byte array each; byte arrays stay as they are, in order. */
function joinPieces(pieces: (Uint8Array | string)[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length) out.push(Buffer.from(text.join(''), 'latin1'));
    text = [];
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') text.push(piece);
    else {
      flush();
      out.push(piece);
    }
  }
  flush();
  return out;
}
