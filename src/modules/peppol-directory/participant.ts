// Peppol participant identifiers and the DNS name the SML publishes for each (Peppol Policy for use of
// Identifiers 4.4, POLICY 7; SML 1.3): docs/peppol-lookup.md.
import { createHash } from 'node:crypto';
import type { ParticipantId } from '../../delivery-channel';

/** The identifier scheme every Peppol participant id we look up carries (ISO 6523 ICD codes). */
export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';

/** Peppol caps a participant identifier's value (ICD excluded) at 50 characters (PFUOI 4.4, POLICY 1). */
const MAX_VALUE_LENGTH = 50;

/**
 * `0088:1234567890123` → `{ scheme: '0088', value: '1234567890123' }`; null when it is no Peppol participant
 * id (an ICD of four digits, a colon, a value of printable characters without spaces).
 */
export function parseParticipantId(text: string): ParticipantId | null {
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const scheme = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (!/^[0-9]{4}$/.test(scheme)) return null;
  if (value.length === 0 || value.length > MAX_VALUE_LENGTH) return null;
  // Control characters and spaces have no place in an identifier and would corrupt a URL or a log line.
  if (!/^[^\s\p{Cc}]+$/u.test(value)) return null;
  return { scheme, value };
}

/**
 * Participant identifiers are case-insensitive (POLICY 7): `0088:123ABC` and `0088:123abc` are one
 * participant, so both hash to the same DNS name and share one cache row.
 */
export function normalizedParticipant(id: ParticipantId): ParticipantId {
  return { scheme: id.scheme.toLowerCase(), value: id.value.toLowerCase() };
}

/**
 * The name the SML publishes the participant's NAPTR record under: lowercase(`scheme:value`) (the ICD
 * and value, without `iso6523-actorid-upis::`) → SHA-256 → Base32 without padding, lowercased, then
 * `.iso6523-actorid-upis.<zone>`.
 */
export function participantDnsName(id: ParticipantId, zone: string): string {
  const digest = createHash('sha256').update(`${id.scheme}:${id.value}`.toLowerCase(), 'utf8').digest();
  const label = base32(digest).toLowerCase();
  return `${label}.${PARTICIPANT_SCHEME}.${zone.toLowerCase().replace(/\.$/, '')}`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32, without `=` padding (the DNS label has none). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}
