// From a participant's NAPTR records to its SMP's base URL (U-NAPTR, RFC 4848; OASIS BDXL 1.0 as Peppol's
// SML 1.3 uses it).
import { ChannelError } from '../../delivery-channel';
import type { NaptrRecord } from './dns-wire';

/** The service a Peppol SML's U-NAPTR record names. */
export const SMP_SERVICE = 'Meta:SMP';

/**
 * The SMP's base URL: the `Meta:SMP` record with flag `U` of the lowest order, then preference, its regexp
 * applied; null when no record names an SMP. The regexp must be the one BDXL prescribes, `!^.*$!<URL>!`
 * (any delimiter): its replacement is the URL whatever the input. Any other pattern is refused rather than
 * run, since a pattern taken from the network could be built to backtrack for ever.
 */
export function smpUrlOf(records: readonly NaptrRecord[]): string | null {
  const candidates = records
    .filter((r) => r.flags.toUpperCase() === 'U' && r.service.toLowerCase() === SMP_SERVICE.toLowerCase())
    .sort((a, b) => a.order - b.order || a.preference - b.preference);
  const chosen = candidates[0];
  if (!chosen) return null;
  const url = bdxlReplacement(chosen.regexp);
  if (url === null) throw new ChannelError(`unsupported NAPTR regexp for the SMP: ${chosen.regexp}`, false);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ChannelError(`the NAPTR record names no valid SMP URL: ${url}`, false);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ChannelError(`the NAPTR record names no http(s) SMP URL: ${url}`, false);
  }
  return url.replace(/\/+$/, '');
}

/** `!^.*$!https://smp.example.org!` → `https://smp.example.org`; null for any other shape. */
function bdxlReplacement(regexp: string): string | null {
  const delimiter = regexp[0];
  if (delimiter === undefined || /[0-9\\i]/.test(delimiter)) return null;
  const parts = regexp.split(delimiter);
  // ['', pattern, replacement, flags]
  if (parts.length !== 4 || parts[0] !== '' || !['', 'i'].includes(parts[3] as string)) return null;
  if (parts[1] !== '^.*$') return null;
  const replacement = parts[2] as string;
  // A back-reference would need the match: none is meaningful for `^.*$`'s whole-name match.
  if (replacement === '' || /\\[0-9]/.test(replacement)) return null;
  return replacement;
}
