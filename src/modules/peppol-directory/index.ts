// The front door: the Peppol lookup (SML DNS → SMP) for the channels and the composition root.
export type { DnsServer } from './dns-client';
export {
  lookupParticipant,
  type ParticipantReachability,
  type PeppolLookupDeps,
  peppolLookupDepsOf,
  toLookupAnswer,
} from './lookup';
export { normalizedParticipant, parseParticipantId, participantDnsName } from './participant';
export type { OutboundFetch } from './smp';
