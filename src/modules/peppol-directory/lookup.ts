// The Peppol lookup, done by the service itself (no access point asked): the participant's NAPTR record in
// the SML's DNS zone names its SMP, whose ServiceMetadata per document type says whether the participant
// receives it over AS4 (docs/peppol-lookup.md).
import type { LookupAnswer, ParticipantId, RawReceipt } from '../../delivery-channel';
import { DEFAULT_DNS_TIMEOUT_MS, type DnsServer, queryNaptr, systemDnsServers } from './dns-client';
import { DOCUMENT_TYPES, type DocumentTypeName } from './document-types';
import { smpUrlOf } from './naptr';
import { participantDnsName } from './participant';
import { checkDocumentType, type OutboundFetch } from './smp';

/** What a lookup runs on: the composition root builds it from PEPPOL_SML_ZONE, PEPPOL_DNS_SERVERS. */
export interface PeppolLookupDeps {
  /** The SML's DNS zone: `participant.sml.prod.tech.peppol.org` (production) or the test SML's. */
  zone: string;
  /** The DNS servers asked; null = the system's (/etc/resolv.conf), read at each lookup. */
  dnsServers: readonly DnsServer[] | null;
  /** The service's guarded outbound fetch (OUTBOUND_HOSTS, time limit): every SMP request goes through it. */
  fetch: OutboundFetch;
  /** The time limit of one DNS try (default 3 s; each server is tried twice). */
  dnsTimeoutMs?: number;
}

/** The lookup's deps from PEPPOL_SML_ZONE and PEPPOL_DNS_SERVERS, with the service's guarded fetch. */
export function peppolLookupDepsOf(
  config: { peppolSmlZone: string; peppolDnsServers: readonly DnsServer[] | null },
  fetch: OutboundFetch,
): PeppolLookupDeps {
  return { zone: config.peppolSmlZone, dnsServers: config.peppolDnsServers, fetch };
}

export interface ParticipantReachability {
  /** The SML names an SMP for the participant. */
  registered: boolean;
  smpUrl: string | null;
  /** Per document type: the SMP publishes an AS4 endpoint of the billing process in service now. */
  supports: Record<DocumentTypeName, boolean>;
  /** The SMP's ServiceMetadata for the invoice type, as sent (null when it has none). */
  raw: RawReceipt | null;
}

const NONE = Object.fromEntries(Object.keys(DOCUMENT_TYPES).map((name) => [name, false])) as Record<
  DocumentTypeName,
  boolean
>;

/**
 * Whether `id` can receive our documents over Peppol. Not registered (NXDOMAIN, no `Meta:SMP` record) is an
 * answer; DNS timeouts and SMP failures are ChannelErrors (`transient` when asking again later may help).
 */
export async function lookupParticipant(
  deps: PeppolLookupDeps,
  id: ParticipantId,
  now: Date,
): Promise<ParticipantReachability> {
  const name = participantDnsName(id, deps.zone);
  const servers = deps.dnsServers ?? systemDnsServers();
  const answer = await queryNaptr(name, servers, deps.dnsTimeoutMs ?? DEFAULT_DNS_TIMEOUT_MS);
  const smpUrl = answer.kind === 'records' ? smpUrlOf(answer.records) : null;
  if (smpUrl === null) return { registered: false, smpUrl: null, supports: { ...NONE }, raw: null };
  const names = Object.keys(DOCUMENT_TYPES) as DocumentTypeName[];
  const answers = await Promise.all(
    names.map((type) => checkDocumentType(deps.fetch, smpUrl, id, DOCUMENT_TYPES[type], now)),
  );
  const supports = { ...NONE };
  names.forEach((type, i) => {
    supports[type] = answers[i]?.supported ?? false;
  });
  return { registered: true, smpUrl, supports, raw: answers[names.indexOf('invoice')]?.raw ?? null };
}

/** The channel interface's answer (src/delivery-channel.ts): reachable when it receives invoices or credit notes. */
export function toLookupAnswer(result: ParticipantReachability): LookupAnswer {
  return {
    reachable: result.supports.invoice || result.supports.creditNote,
    invoice: result.supports.invoice,
    creditNote: result.supports.creditNote,
    detail: result.smpUrl,
    raw: result.raw,
  };
}
