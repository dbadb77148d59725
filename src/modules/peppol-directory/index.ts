// The front door: the Peppol lookup (SML DNS → SMP) for the channels and the composition root.
export type { DnsServer } from './dns-client';
export {
  lookupParticipant,
  type ParticipantReachability,
  type PeppolLookupDeps,
  peppolLookupDepsOf,
  toLookupAnswer,
} from './lookup';
export { ParticipantReachability as ParticipantReachabilitySchema, presentReachability } from './model';
export { normalizedParticipant, parseParticipantId, participantDnsName } from './participant';
export type { OutboundFetch } from './smp';
export { type CheckedParticipant, checkParticipant } from './use-cases/check-participant';
