import { ZipReader } from '../src/backup/zip-reader';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/**
 * Reads a downloaded ZIP with the service's own reader (through the central directory: streamed archives
 * put the sizes there). Throws on anything malformed, so a broken archive fails the test that reads it.
 */
export function readZip(zip: Uint8Array): ZipEntry[] {
  const reader = ZipReader.fromBytes(zip);
  try {
    return reader.entries.map((entry) => ({ name: entry.name, bytes: reader.read(entry) }));
  } finally {
    reader.close();
  }
}
