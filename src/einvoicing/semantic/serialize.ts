// The one entry point from the semantic model to bytes: the profile decides the syntax.
import { toCii } from '../cii/cii';
import {
  acceptsSpecification,
  type ComplianceProfile,
  forProfile,
  PROFILES,
  XRECHNUNG_EXTENSION,
} from '../profiles';
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
  const thirdParty = thirdPartyProblem(invoice, profile);
  if (thirdParty !== null) {
    throw new EInvoiceError('not_representable', [
      { rule: 'BG-DEX-09', path: 'data.third_party_payments', message: thirdParty },
    ]);
  }
  const shaped = forProfile(invoice, profile);
  return PROFILES[profile].syntax === 'ubl' ? toUbl(shaped, profile) : toCii(shaped, profile);
}

/**
 * Third-party payments (BG-DEX-09) are a term of the XRechnung extension, bound in UBL Invoices only
 * (`cac:PrepaidPayment`; a UBL CreditNote has no such element and the extension defines none in CII).
 * Elsewhere the XML's amount due (BT-115, BR-CO-16) could not include them and would disagree with the
 * document's, so the document is refused, as a BT-24 the profile does not accept is.
 */
function thirdPartyProblem(invoice: EInvoice, profile: ComplianceProfile): string | null {
  if (invoice.thirdPartyPayments.length === 0) return null;
  const what = 'Third-party payments (BG-DEX-09) are a term of the XRechnung extension';
  if (profile !== 'xrechnung_ubl') {
    return `${what}, which only xrechnung_ubl carries: ${profile} cannot state them, and its amount due would leave them out.`;
  }
  if (invoice.typeCode === '381') {
    return `${what}, which a UBL credit note cannot carry (only an Invoice has cac:PrepaidPayment).`;
  }
  if (invoice.specification !== XRECHNUNG_EXTENSION) {
    return `${what}: the document's customization_id (BT-24) must be the extension's, ${XRECHNUNG_EXTENSION}.`;
  }
  return null;
}
