// The DNS wire format (RFC 1035), as much as a NAPTR lookup needs: a query, and a response's header,
// question and answer records (NAPTR per RFC 3403, CNAME), names compressed or not. Everything read is
// bounds-checked: the bytes come from the network.

export const TYPE_CNAME = 5;
export const TYPE_NAPTR = 35;
const TYPE_OPT = 41;
const CLASS_IN = 1;
/** The UDP answer size we offer through EDNS(0): 1232 bytes is the size DNS flag day 2020 settled on. */
const EDNS_UDP_SIZE = 1232;

export const RCODE_NOERROR = 0;
export const RCODE_SERVFAIL = 2;
export const RCODE_NXDOMAIN = 3;

export interface NaptrRecord {
  order: number;
  preference: number;
  flags: string;
  service: string;
  regexp: string;
  /** A domain name; `` (the root) when the record is terminal, as U-NAPTR records are. */
  replacement: string;
}

export type ResourceData =
  | { type: typeof TYPE_NAPTR; naptr: NaptrRecord }
  | { type: typeof TYPE_CNAME; cname: string }
  | { type: number; bytes: Uint8Array };

export interface ResourceRecord {
  /** Lowercase, without the trailing dot. */
  name: string;
  type: number;
  class: number;
  ttl: number;
  data: ResourceData;
}

export interface DnsMessage {
  id: number;
  response: boolean;
  truncated: boolean;
  rcode: number;
  questions: { name: string; type: number; class: number }[];
  answers: ResourceRecord[];
}

export class DnsFormatError extends Error {
  override readonly name = 'DnsFormatError';
}

/** A recursive query for `name`'s records of `type`, offering a larger UDP answer through EDNS(0). */
export function encodeQuery(id: number, name: string, type: number): Uint8Array {
  const qname = encodeName(name);
  const out = new Uint8Array(12 + qname.length + 4 + 11);
  const view = new DataView(out.buffer);
  view.setUint16(0, id);
  view.setUint16(2, 0x0100); // RD: the server resolves for us
  view.setUint16(4, 1); // one question
  view.setUint16(10, 1); // one additional record: the OPT pseudo-record
  out.set(qname, 12);
  let at = 12 + qname.length;
  view.setUint16(at, type);
  view.setUint16(at + 2, CLASS_IN);
  at += 4;
  // OPT: root name, type 41, "class" = UDP size, TTL = extended rcode/version/flags (0), no options.
  out[at] = 0;
  view.setUint16(at + 1, TYPE_OPT);
  view.setUint16(at + 3, EDNS_UDP_SIZE);
  return out;
}

/** A name as uncompressed labels; refuses what DNS cannot carry (a label over 63 bytes, a name over 255). */
export function encodeName(name: string): Uint8Array {
  const trimmed = name.replace(/\.$/, '');
  const labels = trimmed === '' ? [] : trimmed.split('.');
  const parts: number[] = [];
  for (const label of labels) {
    const bytes = new TextEncoder().encode(label);
    if (bytes.length === 0 || bytes.length > 63) throw new DnsFormatError(`bad DNS label in ${name}`);
    parts.push(bytes.length, ...bytes);
  }
  parts.push(0);
  if (parts.length > 255) throw new DnsFormatError(`DNS name too long: ${name}`);
  return Uint8Array.from(parts);
}

/** Reads a response: header, questions and answers (authority and additional records are not needed). */
export function decodeMessage(bytes: Uint8Array): DnsMessage {
  const reader = new Reader(bytes);
  const id = reader.u16();
  const flags = reader.u16();
  const qdcount = reader.u16();
  const ancount = reader.u16();
  reader.u16(); // authority records
  reader.u16(); // additional records
  const questions: DnsMessage['questions'] = [];
  for (let i = 0; i < qdcount; i++) {
    questions.push({ name: reader.name(), type: reader.u16(), class: reader.u16() });
  }
  const answers: ResourceRecord[] = [];
  for (let i = 0; i < ancount; i++) answers.push(readRecord(reader));
  return {
    id,
    response: (flags & 0x8000) !== 0,
    truncated: (flags & 0x0200) !== 0,
    rcode: flags & 0x000f,
    questions,
    answers,
  };
}

function readRecord(reader: Reader): ResourceRecord {
  const name = reader.name();
  const type = reader.u16();
  const klass = reader.u16();
  const ttl = reader.u32();
  const length = reader.u16();
  const end = reader.offset + length;
  if (end > reader.bytes.length) throw new DnsFormatError('record data beyond the message');
  let data: ResourceData;
  if (type === TYPE_NAPTR) {
    data = {
      type,
      naptr: {
        order: reader.u16(),
        preference: reader.u16(),
        flags: reader.characterString(),
        service: reader.characterString(),
        regexp: reader.characterString(),
        replacement: reader.name(),
      },
    };
  } else if (type === TYPE_CNAME) {
    data = { type, cname: reader.name() };
  } else {
    data = { type, bytes: reader.bytes.slice(reader.offset, end) };
    reader.offset = end;
  }
  if (reader.offset !== end) throw new DnsFormatError(`record data of type ${type} has the wrong length`);
  return { name, type, class: klass, ttl, data };
}

class Reader {
  offset = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number): void {
    if (this.offset + count > this.bytes.length) throw new DnsFormatError('DNS message cut short');
  }

  u16(): number {
    this.need(2);
    const value = this.view.getUint16(this.offset);
    this.offset += 2;
    return value;
  }

  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.offset);
    this.offset += 4;
    return value;
  }

  characterString(): string {
    this.need(1);
    const length = this.bytes[this.offset] as number;
    this.need(1 + length);
    const text = new TextDecoder().decode(this.bytes.subarray(this.offset + 1, this.offset + 1 + length));
    this.offset += 1 + length;
    return text;
  }

  /**
   * A name, following compression pointers (RFC 1035 4.1.4); the reader continues after the first pointer.
   * A pointer must point before itself and a name is at most 255 bytes, so a crafted loop ends in an error.
   */
  name(): string {
    const labels: string[] = [];
    let at = this.offset;
    let resume: number | null = null;
    let length = 0;
    for (;;) {
      if (at >= this.bytes.length) throw new DnsFormatError('DNS name runs past the message');
      const head = this.bytes[at] as number;
      if (head === 0) {
        at += 1;
        break;
      }
      if ((head & 0xc0) === 0xc0) {
        if (at + 1 >= this.bytes.length) throw new DnsFormatError('DNS name pointer cut short');
        const target = ((head & 0x3f) << 8) | (this.bytes[at + 1] as number);
        if (target >= at) throw new DnsFormatError('DNS name pointer does not point backwards');
        resume ??= at + 2;
        at = target;
        continue;
      }
      if ((head & 0xc0) !== 0) throw new DnsFormatError('unknown DNS label type');
      if (at + 1 + head > this.bytes.length) throw new DnsFormatError('DNS label runs past the message');
      length += head + 1;
      if (length > 255) throw new DnsFormatError('DNS name longer than 255 bytes');
      labels.push(new TextDecoder().decode(this.bytes.subarray(at + 1, at + 1 + head)));
      at += 1 + head;
    }
    this.offset = resume ?? at;
    return labels.join('.').toLowerCase();
  }
}
