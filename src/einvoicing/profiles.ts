// The four compliance profiles of SPEC 4 and what each one writes into the XML's header. The rules each
// profile runs live in the rule pack's manifest; this file only knows what the serializers need.

import type { EInvoice, EParty } from './semantic/types';

export type ComplianceProfile =
  | 'factur_x_en16931'
  | 'peppol_bis_billing_3'
  | 'xrechnung_ubl'
  | 'xrechnung_cii';

export type XmlSyntax = 'ubl' | 'cii';

export interface ProfileSpec {
  syntax: XmlSyntax;
  /** BT-24 Specification identifier: UBL `cbc:CustomizationID`, CII guideline parameter. */
  customizationId: string;
  /** BT-23 Business process type, where the profile's rules require it (PEPPOL-EN16931-R001). */
  profileId: string | null;
  /**
   * Whether the seller's and buyer's electronic addresses (BT-34, BT-49) are required, and whether the
   * profile's EAS code list takes `EM` (an e-mail address), so a party's e-mail can stand in for a missing
   * one. XRechnung requires both and takes EM; Peppol requires both and does not (PEPPOL-EN16931-CL008).
   */
  electronicAddress: { required: boolean; emailScheme: boolean };
}

const EN16931 = 'urn:cen.eu:en16931:2017';
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const XRECHNUNG_3 = `${EN16931}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;
/**
 * BT-24 of the XRechnung 3.0 extension: its terms (third-party payments, BG-DEX-09) are written only under
 * it, and its rules (BR-DEX-09 instead of BR-CO-16) judge them.
 */
export const XRECHNUNG_EXTENSION = `${XRECHNUNG_3}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;

export const PROFILES: Readonly<Record<ComplianceProfile, ProfileSpec>> = {
  factur_x_en16931: {
    syntax: 'cii',
    customizationId: EN16931,
    profileId: null,
    electronicAddress: { required: false, emailScheme: false },
  },
  peppol_bis_billing_3: {
    syntax: 'ubl',
    customizationId: `${EN16931}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`,
    profileId: PEPPOL_BILLING,
    electronicAddress: { required: true, emailScheme: false },
  },
  // XRechnung 3.0's Schematron carries PEPPOL-EN16931-R001 (BT-23 is mandatory) and R010/R020 (both
  // electronic addresses), and every official XRechnung example states the Peppol billing process.
  xrechnung_ubl: {
    syntax: 'ubl',
    customizationId: XRECHNUNG_3,
    profileId: PEPPOL_BILLING,
    electronicAddress: { required: true, emailScheme: true },
  },
  xrechnung_cii: {
    syntax: 'cii',
    customizationId: XRECHNUNG_3,
    profileId: PEPPOL_BILLING,
    electronicAddress: { required: true, emailScheme: true },
  },
};

/**
 * The profile's view of an invoice: where its code list takes `EM`, a party without an electronic address
 * but with an e-mail address gets that e-mail as its address (an explicit address always wins).
 */
export function forProfile(invoice: EInvoice, profile: ComplianceProfile): EInvoice {
  if (!PROFILES[profile].electronicAddress.emailScheme) return invoice;
  const withEmail = (party: EParty): EParty =>
    party.electronicAddress === null && party.contact?.email
      ? { ...party, electronicAddress: { value: party.contact.email, scheme: 'EM' } }
      : party;
  return { ...invoice, seller: withEmail(invoice.seller), buyer: withEmail(invoice.buyer) };
}

/**
 * Whether BT-24 `id` may stand for the profile: its own identifier, or for a profile that is itself a CIUS
 * (XRechnung, Peppol) a refinement of it (its identifier, `#` and more: XRechnung's extension and CVD
 * variants, whose own severities the rule pack knows). Factur-X EN 16931 states exactly its own.
 */
export function acceptsSpecification(profile: ComplianceProfile, id: string): boolean {
  const own = PROFILES[profile].customizationId;
  return id === own || (profile !== 'factur_x_en16931' && id.startsWith(`${own}#`));
}

export function isComplianceProfile(value: unknown): value is ComplianceProfile {
  return typeof value === 'string' && Object.hasOwn(PROFILES, value);
}
