// A NAPTR lookup over UDP (node:dgram), written here because node's dns.Resolver.resolveNaptr can hang
// under Bun. Each try waits `timeoutMs`; the servers are asked in turn, twice round (one retry each).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { ChannelError } from '../../delivery-channel';
import {
  DnsFormatError,
  decodeMessage,
  encodeQuery,
  type NaptrRecord,
  RCODE_NOERROR,
  RCODE_NXDOMAIN,
  TYPE_CNAME,
  TYPE_NAPTR,
} from './dns-wire';

export interface DnsServer {
  host: string;
  port: number;
}

export const DEFAULT_DNS_TIMEOUT_MS = 3000;

export type NaptrAnswer = { kind: 'records'; records: NaptrRecord[] } | { kind: 'nxdomain' };

/**
 * `name`'s NAPTR records (following a CNAME chain within the answer), or NXDOMAIN. Throws a transient
 * ChannelError when no server gave a usable answer (timeouts, SERVFAIL, REFUSED, malformed or truncated
 * answers).
 */
export async function queryNaptr(
  name: string,
  servers: readonly DnsServer[],
  timeoutMs = DEFAULT_DNS_TIMEOUT_MS,
): Promise<NaptrAnswer> {
  if (servers.length === 0) throw new ChannelError('no DNS server to ask (PEPPOL_DNS_SERVERS)', false);
  const problems: string[] = [];
  for (let attempt = 0; attempt < servers.length * 2; attempt++) {
    const server = servers[attempt % servers.length] as DnsServer;
    const where = `${server.host}:${server.port}`;
    try {
      const answer = await askOnce(name, server, timeoutMs);
      if (answer !== null) return answer;
      problems.push(`${where} could not answer`);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  throw new ChannelError(`DNS lookup of ${name} failed: ${[...new Set(problems)].join('; ')}`, true);
}

/** One query to one server: its answer, or null for an answer that says it could not resolve. */
async function askOnce(name: string, server: DnsServer, timeoutMs: number): Promise<NaptrAnswer | null> {
  const id = randomInt(0, 0x10000);
  const bytes = await exchange(server, encodeQuery(id, name, TYPE_NAPTR), id, timeoutMs);
  const message = decodeMessage(bytes);
  const question = message.questions[0];
  if (!message.response || question?.name !== name.toLowerCase() || question.type !== TYPE_NAPTR) {
    throw new DnsFormatError('the answer is not for our question');
  }
  // A UDP answer cut short may miss records; the SML's answers are far below the size we offer.
  if (message.truncated) throw new DnsFormatError('the answer was truncated');
  if (message.rcode === RCODE_NXDOMAIN) return { kind: 'nxdomain' };
  if (message.rcode !== RCODE_NOERROR) return null;
  const names = new Set([name.toLowerCase()]);
  for (const record of message.answers) {
    if (record.data.type === TYPE_CNAME && names.has(record.name) && 'cname' in record.data) {
      names.add(record.data.cname);
    }
  }
  const records = message.answers.flatMap((r) =>
    r.data.type === TYPE_NAPTR && 'naptr' in r.data && names.has(r.name) ? [r.data.naptr] : [],
  );
  return { kind: 'records', records };
}

/**
 * Sends `query` from a fresh socket (a random source port) and waits for the reply carrying `id` from that
 * very server: anything else arriving on the port is ignored, not taken for the answer.
 */
function exchange(server: DnsServer, query: Uint8Array, id: number, timeoutMs: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // node:dgram on the first lookup, not at every start of the server.
    const { createSocket } = require('node:dgram') as typeof import('node:dgram');
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    let settled = false;
    const finish = (error: Error | null, bytes?: Uint8Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(bytes as Uint8Array);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (error) => finish(error));
    socket.on('message', (message, from) => {
      if (from.port !== server.port || !sameAddress(from.address, server.host)) return;
      if (message.length < 12 || message.readUInt16BE(0) !== id) return;
      finish(null, new Uint8Array(message));
    });
    socket.send(query, server.port, server.host, (error) => {
      if (error) finish(error);
    });
  });
}

const sameAddress = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase() || a.replace(/^::ffff:/, '') === b.replace(/^::ffff:/, '');

/**
 * The system's resolvers, from /etc/resolv.conf, read at each lookup so a changed file counts; empty when
 * the file is missing or names none.
 */
export function systemDnsServers(path = '/etc/resolv.conf'): DnsServer[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const servers: DnsServer[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*nameserver\s+(\S+)/.exec(line);
    // A link-local IPv6 server's zone (`fe80::1%eth0`) is kept: the socket needs it.
    const host = match?.[1];
    if (host && isIP(host.split('%')[0] ?? '') !== 0) servers.push({ host, port: 53 });
  }
  return servers;
}
