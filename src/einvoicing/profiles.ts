// The four compliance profiles of SPEC 4 and what each one writes into the XML's header. The rules each
// profile runs live in the rule pack's manifest; this file only knows what the serializers need.

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
}

const EN16931 = 'urn:cen.eu:en16931:2017';
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const XRECHNUNG_3 = `${EN16931}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;

export const PROFILES: Readonly<Record<ComplianceProfile, ProfileSpec>> = {
  factur_x_en16931: { syntax: 'cii', customizationId: EN16931, profileId: null },
  peppol_bis_billing_3: {
    syntax: 'ubl',
    customizationId: `${EN16931}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`,
    profileId: PEPPOL_BILLING,
  },
  // XRechnung 3.0's Schematron carries PEPPOL-EN16931-R001 (BT-23 is mandatory), and every official
  // XRechnung example states the Peppol billing process.
  xrechnung_ubl: { syntax: 'ubl', customizationId: XRECHNUNG_3, profileId: PEPPOL_BILLING },
  xrechnung_cii: { syntax: 'cii', customizationId: XRECHNUNG_3, profileId: PEPPOL_BILLING },
};

export function isComplianceProfile(value: unknown): value is ComplianceProfile {
  return typeof value === 'string' && Object.hasOwn(PROFILES, value);
}
