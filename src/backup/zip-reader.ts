import { once } from 'node:events';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** The CRC-32 of the entry's uncompressed bytes, as the directory records it. */
  crc: number;
}

export class ZipFormatError extends Error {}

/** Starts like a ZIP but has no end record: a copy or download cut short, not some other file. */
export class ZipTruncatedError extends ZipFormatError {}

interface ByteSource {
  size: number;
  /** Fills `buffer` from `offset` as far as it can; answers how many bytes it wrote (0 at the end). */
  read(offset: number, buffer: Uint8Array): number;
  close(): void;
}

const EOCD = 0x06054b50;
/**
 * Deflate's best ratio is 1032:1; entries that may not overlap can therefore never inflate to more than
 * this times the archive's size. Declared sizes beyond it can only be lies (or overlapping entries).
 */
export const MAX_INFLATE_RATIO = 1032;
/** Extraction streams in pieces of this size: a multi-gigabyte database is never in memory whole. */
const CHUNK = 1024 * 1024;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads a ZIP from a file through its central directory, one entry at a time (a multi-gigabyte backup is
 * never loaded whole). Stored and deflated entries; ZIP64 (archives over 4 GiB) is refused with a clear
 * message. An entry never inflates past the size its directory declares: a zip bomb fails, it does not
 * fill the disk. Every entry read or extracted must match its CRC-32: a flipped bit in a stored (not
 * deflated) file would otherwise go unnoticed.
 */
export class ZipReader {
  readonly entries: ZipEntryInfo[];

  /** Where each entry's data starts (after its local header), by entry. */
  private readonly dataStarts = new Map<ZipEntryInfo, number>();

  private constructor(private readonly source: ByteSource) {
    try {
      this.entries = this.readDirectory();
      this.checkLayout();
    } catch (error) {
      source.close();
      throw error;
    }
  }

  /** From a file, read at offsets: only the directory and one entry at a time are in memory. */
  static open(path: string): ZipReader {
    const fd = openSync(path, 'r');
    return new ZipReader({
      size: fstatSync(fd).size,
      read: (offset, buffer) => readSync(fd, buffer, 0, buffer.length, offset),
      close: () => closeSync(fd),
    });
  }

  /** From bytes already in memory (a downloaded ZIP in tests). */
  static fromBytes(bytes: Uint8Array): ZipReader {
    return new ZipReader({
      size: bytes.length,
      read: (offset, buffer) => {
        const chunk = bytes.subarray(offset, offset + buffer.length);
        buffer.set(chunk);
        return chunk.length;
      },
      close: () => {},
    });
  }

  close(): void {
    this.source.close();
  }

  /** The sum of the sizes the directory declares: what extracting every entry writes at most. */
  get declaredSize(): number {
    return this.entries.reduce((sum, e) => sum + e.size, 0);
  }

  /**
   * Every entry's data must lie in the file, before the central directory, in order, without overlapping
   * another's (a bomb points many entries at one deflated run), and all of them together may declare no
   * more than deflate could possibly produce from the archive.
   */
  private checkLayout(): void {
    const spans = this.entries
      .map((entry) => {
        const header = this.bytes(entry.localOffset, 30);
        const view = new DataView(header.buffer, header.byteOffset, 30);
        if (view.getUint32(0, true) !== LOCAL) throw new ZipFormatError(`bad local header for ${entry.name}`);
        const start = entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
        this.dataStarts.set(entry, start);
        return { entry, from: entry.localOffset, to: start + entry.compressedSize };
      })
      .sort((a, b) => a.from - b.from);
    let end = 0;
    for (const span of spans) {
      if (span.from < end) throw new ZipFormatError(`${span.entry.name} overlaps another entry`);
      end = span.to;
    }
    if (end > this.directoryOffset) throw new ZipFormatError('an entry runs into the central directory');
    if (this.declaredSize > this.source.size * MAX_INFLATE_RATIO) {
      throw new ZipFormatError('the entries declare more data than the archive can hold');
    }
  }

  private directoryOffset = 0;

  read(entry: ZipEntryInfo): Uint8Array {
    const raw = this.bytes(this.dataStart(entry), entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipFormatError(`size mismatch for ${entry.name}`);
      checkCrc(entry, crc32(raw));
      return raw;
    }
    if (entry.method !== 8)
      throw new ZipFormatError(`unsupported compression ${entry.method} for ${entry.name}`);
    let out: Buffer;
    try {
      out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw new ZipFormatError(`${entry.name} inflates past its declared size or is corrupt`);
    }
    if (out.length !== entry.size) throw new ZipFormatError(`size mismatch for ${entry.name}`);
    checkCrc(entry, crc32(out));
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }

  /**
   * Writes the entry's bytes to `fd`, streamed a megabyte at a time; never more than the size the
   * directory declares (inflation stops the moment it would pass it). Its CRC-32 is checked at the end:
   * the caller throws the file away when it does not match.
   */
  async extract(entry: ZipEntryInfo, fd: number): Promise<void> {
    const start = this.dataStart(entry);
    let crc = 0;
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipFormatError(`size mismatch for ${entry.name}`);
      for (let done = 0; done < entry.size; done += CHUNK) {
        const piece = this.bytes(start + done, Math.min(CHUNK, entry.size - done));
        crc = crc32(piece, crc);
        writeSync(fd, piece);
      }
      checkCrc(entry, crc);
      return;
    }
    if (entry.method !== 8)
      throw new ZipFormatError(`unsupported compression ${entry.method} for ${entry.name}`);
    const inflate = createInflateRaw();
    let written = 0;
    const finished = new Promise<void>((resolve, reject) => {
      inflate.on('data', (chunk: Buffer) => {
        written += chunk.length;
        if (written > entry.size) {
          inflate.destroy(new ZipFormatError(`${entry.name} inflates past its declared size or is corrupt`));
          return;
        }
        crc = crc32(chunk, crc);
        writeSync(fd, chunk);
      });
      inflate.on('end', resolve);
      inflate.on('error', (error) =>
        reject(
          error instanceof ZipFormatError
            ? error
            : new ZipFormatError(`${entry.name} inflates past its declared size or is corrupt`),
        ),
      );
    });
    for (let done = 0; done < entry.compressedSize && !inflate.destroyed; done += CHUNK) {
      const piece = this.bytes(start + done, Math.min(CHUNK, entry.compressedSize - done));
      if (!inflate.write(piece)) await Promise.race([once(inflate, 'drain'), finished]);
    }
    inflate.end();
    await finished;
    if (written !== entry.size) throw new ZipFormatError(`size mismatch for ${entry.name}`);
    checkCrc(entry, crc);
  }

  private dataStart(entry: ZipEntryInfo): number {
    const start = this.dataStarts.get(entry);
    if (start === undefined) throw new ZipFormatError(`${entry.name} is not an entry of this archive`);
    return start;
  }

  private bytes(offset: number, length: number): Uint8Array {
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = this.source.read(offset + done, buffer.subarray(done));
      if (n === 0) throw new ZipFormatError('the archive is truncated');
      done += n;
    }
    return buffer;
  }

  private readDirectory(): ZipEntryInfo[] {
    const size = this.source.size;
    const tailLength = Math.min(size, 65_557);
    if (tailLength < 22) throw new ZipFormatError('not a ZIP archive');
    const tail = this.bytes(size - tailLength, tailLength);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    let at = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      // A ZIP starts with a local header ("PK\x03\x04"): such a file without an end record was cut short.
      const head = this.bytes(0, 4);
      if (new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true) === LOCAL) {
        throw new ZipTruncatedError('it ends before the ZIP archive does (it was cut short)');
      }
      throw new ZipFormatError('not a ZIP archive (no end of central directory)');
    }
    const count = view.getUint16(at + 10, true);
    const dirSize = view.getUint32(at + 12, true);
    const dirOffset = view.getUint32(at + 16, true);
    if (count === 0xffff || dirOffset === 0xffffffff) {
      throw new ZipFormatError('ZIP64 archives (over 4 GiB or 65,535 entries) are not supported');
    }
    if (dirOffset + dirSize > size) throw new ZipFormatError('the central directory lies outside the file');
    this.directoryOffset = dirOffset;
    const dir = this.bytes(dirOffset, dirSize);
    const d = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
    const entries: ZipEntryInfo[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > dirSize || d.getUint32(p, true) !== CENTRAL)
        throw new ZipFormatError(`bad directory entry ${n}`);
      const nameLength = d.getUint16(p + 28, true);
      const extraStart = p + 46 + nameLength;
      const extra = dir.subarray(extraStart, Math.min(dirSize, extraStart + d.getUint16(p + 30, true)));
      entries.push({
        method: d.getUint16(p + 10, true),
        compressedSize: d.getUint32(p + 20, true),
        size: d.getUint32(p + 24, true),
        localOffset: d.getUint32(p + 42, true),
        crc: d.getUint32(p + 16, true),
        name: entryName(dir.subarray(p + 46, p + 46 + nameLength), d.getUint16(p + 8, true), extra),
      });
      p += 46 + nameLength + d.getUint16(p + 30, true) + d.getUint16(p + 32, true);
    }
    return entries;
  }
}

/** General purpose bit 11 (APPNOTE 4.4.4, "language encoding flag"): the name is UTF-8. */
const UTF8_FLAG = 0x0800;
/** Info-ZIP's Unicode Path extra field: a UTF-8 name beside the header's own (APPNOTE 4.6.9). */
const UNICODE_PATH = 0x7075;

/** IBM437's upper half (0x80-0xFF), one character per byte; the lower half is ASCII in file names. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

function cp437(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
  return text;
}

/**
 * An entry's name: UTF-8 when its flag says so (what this service and most tools write for a name beyond
 * ASCII); else the Unicode Path extra field's, when it is there and was written for this very name (its
 * CRC-32 matches); else IBM437, as the ZIP spec says and Windows Explorer writes ("Rechnung_Müller.xml",
 * 0x81 for the ü). A name that is valid UTF-8 beyond ASCII without the flag is read as UTF-8: macOS's
 * Archive Utility writes such names, and IBM437 text is next to never valid UTF-8 (an ü would have to be
 * followed by a box-drawing character).
 */
function entryName(raw: Uint8Array, flags: number, extra: Uint8Array): string {
  if (flags & UTF8_FLAG) return new TextDecoder('utf-8', { fatal: false }).decode(raw);
  const unicode = unicodePath(raw, extra);
  if (unicode !== null) return unicode;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return cp437(raw);
  }
}

/** The Unicode Path extra field's name (version 1, for a header name of this CRC-32), or null. */
function unicodePath(raw: Uint8Array, extra: Uint8Array): string | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.byteLength; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    const end = at + 4 + size;
    if (end > extra.byteLength) return null;
    if (
      id === UNICODE_PATH &&
      size >= 5 &&
      extra[at + 4] === 1 &&
      view.getUint32(at + 5, true) === crc32(raw)
    ) {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(extra.subarray(at + 9, end));
      } catch {
        return null;
      }
    }
    at = end;
  }
  return null;
}

function checkCrc(entry: ZipEntryInfo, crc: number): void {
  if (crc !== entry.crc) {
    throw new ZipFormatError(`${entry.name} does not match its checksum (CRC-32): its bytes were changed`);
  }
}
