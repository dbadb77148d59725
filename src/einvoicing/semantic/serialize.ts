// The one entry point from the semantic model to bytes: the profile decides the syntax.
import { toCii } from '../cii/cii';
import { acceptsSpecification, type ComplianceProfile, forProfile, PROFILES } from '../profiles';
import { toUbl } from '../ubl/ubl';
import { EInvoiceError } from './errors';
import type { EInvoice } from './types';

/** The profile's XML for an invoice: UBL 2.1 or CII D16B, UTF-8, the same bytes for the same invoice. */
export function serialize(invoice: EInvoice, profile: ComplianceProfile): string {
  const specification = invoice.specification;
  if (specification !== null && !acceptsSpecification(profile, specification)) {
    const message = `The specification identifier (BT-24) ${specification} is not ${profile}'s own nor a refinement of it.`;
    throw new EInvoiceError('not_representable', [{ rule: 'BT-24', path: 'data.customization_id', message }]);
  }
  const shaped = forProfile(invoice, profile);
  return PROFILES[profile].syntax === 'ubl' ? toUbl(shaped, profile) : toCii(shaped, profile);
}
