// ZIP archives written byte by byte, for the mail-intake tests: entries whose headers declare what the test
// says (a size that lies), damaged data, and bombs that repeat one deflated run in many entries, each entry
// with data of its own (no overlapping entries), as an attacker would write them.
import { deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** The entry's data as stored in the archive (deflated unless `method` is 0). */
  data: Uint8Array;
  /** The uncompressed size both headers declare. */
  size: number;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: number;
  crc?: number;
  /** The name's bytes as written (else `name` in UTF-8), e.g. IBM437 as Windows Explorer writes it. */
  rawName?: Uint8Array;
  /** The general purpose flags (bit 11: the name is UTF-8); none by default. */
  flags?: number;
  /** The central directory's extra field (an Info-ZIP Unicode Path, 0x7075). */
  extra?: Uint8Array;
}

/** An entry deflated from `content`, declaring its true size unless `declare` says otherwise. */
export function deflatedEntry(name: string, content: Uint8Array | string, declare?: number): RawEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    name,
    data: deflateRawSync(bytes, { level: 9 }),
    size: declare ?? bytes.byteLength,
    crc: Bun.hash.crc32(bytes),
  };
}

/** The archive: local headers and data in order, then the central directory and its end record. */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.rawName ?? Buffer.from(entry.name));
    const extra = Buffer.from(entry.extra ?? new Uint8Array(0));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(entry.method ?? 8, 8);
    local.writeUInt32LE(entry.crc ?? 0, 14);
    local.writeUInt32LE(entry.data.byteLength, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(entry.flags ?? 0, 8);
    dir.writeUInt16LE(entry.method ?? 8, 10);
    dir.writeUInt32LE(entry.crc ?? 0, 16);
    dir.writeUInt32LE(entry.data.byteLength, 20);
    dir.writeUInt32LE(entry.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt16LE(extra.length, 30);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data));
    central.push(dir, name, extra);
    offset += 30 + name.length + entry.data.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/**
 * `count` entries (`name(i)`), each inflating to `entryBytes` zero bytes and declaring so honestly: the
 * zeros are deflated once and the run written again for every entry, so a ZIP of a few megabytes inflates
 * to gigabytes (deflate's ratio is about 1,000:1) and passes every check of its declared sizes.
 */
export function zipBombEntries(count: number, entryBytes: number, name: (i: number) => string): RawEntry[] {
  const zeros = new Uint8Array(entryBytes);
  const one = deflatedEntry('x', zeros);
  return Array.from({ length: count }, (_, i) => ({ ...one, name: name(i) }));
}
