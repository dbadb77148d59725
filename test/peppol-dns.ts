// A DNS server on 127.0.0.1 (UDP, a random port) standing in for the Peppol SML's zone: it answers NAPTR
// queries from a table of recorded answers and NXDOMAIN for any other name. Its wire encoding is written
// here, independently of the service's decoder, and compresses names (RFC 1035 4.1.4) as real servers do:
// the answer's owner points at the question, and a replacement name at any suffix already written.
import dgram from 'node:dgram';

export interface RecordedNaptr {
  order: number;
  preference: number;
  flags: string;
  service: string;
  regexp: string;
  /** `` or `.` for the root (a terminal record). */
  replacement: string;
}

export interface PeppolDns {
  host: string;
  port: number;
  /** The names asked, in order (one per query received). */
  queries: string[];
  /** Recorded answers by name (lowercase, no trailing dot); change them while it runs. */
  records: Map<string, RecordedNaptr[]>;
  stop(): Promise<void>;
}

export interface PeppolDnsOptions {
  /** Never answer: a server that is down or unreachable. */
  silent?: boolean;
}

export async function startPeppolDns(
  records: Record<string, RecordedNaptr[]> = {},
  options: PeppolDnsOptions = {},
): Promise<PeppolDns> {
  const table = new Map(Object.entries(records).map(([name, answers]) => [name.toLowerCase(), answers]));
  const queries: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => {
    const query = readQuery(new Uint8Array(message));
    if (query === null) return;
    queries.push(query.name);
    if (options.silent) return;
    const answers = query.type === 35 ? table.get(query.name.toLowerCase()) : undefined;
    socket.send(encodeResponse(query, answers ?? null), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return {
    host: '127.0.0.1',
    port: socket.address().port,
    queries,
    records: table,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export interface Query {
  id: number;
  flags: number;
  name: string;
  type: number;
  /** The question's bytes as received (name, type, class): echoed in the answer. */
  question: Uint8Array;
}

/** The first question of a query (uncompressed labels, as queries are); null for anything else. */
export function readQuery(bytes: Uint8Array): Query | null {
  if (bytes.length < 17) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(4) < 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < bytes.length && bytes[at] !== 0) {
    const length = bytes[at] as number;
    if (length > 63) return null;
    labels.push(new TextDecoder().decode(bytes.subarray(at + 1, at + 1 + length)));
    at += 1 + length;
  }
  if (at + 5 > bytes.length) return null;
  const type = view.getUint16(at + 1);
  return {
    id: view.getUint16(0),
    flags: view.getUint16(2),
    name: labels.join('.'),
    type,
    question: bytes.slice(12, at + 5),
  };
}

/**
 * The answer to `query`: its NAPTR records, or NXDOMAIN when `answers` is null. Names are compressed
 * against every name already written: the owner is a pointer to the question's name (offset 12).
 */
export function encodeResponse(query: Query, answers: readonly RecordedNaptr[] | null): Uint8Array {
  const out: number[] = [];
  const u16 = (value: number) => out.push((value >> 8) & 0xff, value & 0xff);
  const u32 = (value: number) => {
    u16((value >>> 16) & 0xffff);
    u16(value & 0xffff);
  };
  const offsets = new Map<string, number>();
  /** Labels until a suffix written before, then a pointer to it. */
  const name = (text: string) => {
    const labels = text.replace(/\.$/, '').split('.').filter(Boolean);
    for (let i = 0; i < labels.length; i++) {
      const suffix = labels.slice(i).join('.').toLowerCase();
      const known = offsets.get(suffix);
      if (known !== undefined) {
        u16(0xc000 | known);
        return;
      }
      if (out.length < 0x3fff) offsets.set(suffix, out.length);
      const bytes = new TextEncoder().encode(labels[i]);
      out.push(bytes.length, ...bytes);
    }
    out.push(0);
  };
  const characterString = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    out.push(bytes.length, ...bytes);
  };

  u16(query.id);
  // QR, the opcode and RD echoed, RA; rcode 3 (NXDOMAIN) when the name is unknown.
  u16(0x8000 | (query.flags & 0x7900) | 0x0080 | (answers === null ? 3 : 0));
  u16(1);
  u16(answers?.length ?? 0);
  u16(0);
  u16(0);
  name(query.name);
  u16(query.type);
  u16(1);
  for (const answer of answers ?? []) {
    name(query.name);
    u16(35);
    u16(1);
    u32(3600);
    const lengthAt = out.length;
    u16(0);
    u16(answer.order);
    u16(answer.preference);
    characterString(answer.flags);
    characterString(answer.service);
    characterString(answer.regexp);
    name(answer.replacement);
    const length = out.length - lengthAt - 2;
    out[lengthAt] = length >> 8;
    out[lengthAt + 1] = length & 0xff;
  }
  return Uint8Array.from(out);
}

/** The record the Peppol SML publishes for a participant whose SMP is at `smpUrl`. */
export const smpRecord = (smpUrl: string): RecordedNaptr => ({
  order: 100,
  preference: 10,
  flags: 'U',
  service: 'Meta:SMP',
  regexp: `!^.*$!${smpUrl}!`,
  replacement: '.',
});
