// The one entry point from the semantic model to bytes: the profile decides the syntax.
import { toCii } from '../cii/cii';
import { type ComplianceProfile, forProfile, PROFILES } from '../profiles';
import { toUbl } from '../ubl/ubl';
import type { EInvoice } from './types';

/** The profile's XML for an invoice: UBL 2.1 or CII D16B, UTF-8, the same bytes for the same invoice. */
export function serialize(invoice: EInvoice, profile: ComplianceProfile): string {
  const shaped = forProfile(invoice, profile);
  return PROFILES[profile].syntax === 'ubl' ? toUbl(shaped, profile) : toCii(shaped, profile);
}
