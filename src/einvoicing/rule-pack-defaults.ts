/**
 * What the service expects a rule pack to provide, from SPEC 4 "E-invoicing compliance semantics". Used only
 * when no usable pack is installed: the result must still name every ruleset that should have run and say
 * why it did not (`ran: false`), so a missing pack can never read as a pass. Versions are the installed
 * pack's alone (its manifest): none is written here, so a new pack needs no code change.
 */
export const SERVICE_PROFILES = [
  'factur_x_en16931',
  'peppol_bis_billing_3',
  'xrechnung_ubl',
  'xrechnung_cii',
] as const;
export type ServiceProfile = (typeof SERVICE_PROFILES)[number];

export interface ExpectedRuleset {
  id: string;
  label: string;
  version: string;
}

const EN16931_UBL: ExpectedRuleset = { id: 'en16931-ubl', label: 'EN 16931 (UBL)', version: '' };
const EN16931_CII: ExpectedRuleset = { id: 'en16931-cii', label: 'EN 16931 (CII)', version: '' };

export const EXPECTED_RULESETS: Record<ServiceProfile, ExpectedRuleset[]> = {
  factur_x_en16931: [EN16931_CII],
  peppol_bis_billing_3: [
    EN16931_UBL,
    { id: 'peppol-bis-billing-3', label: 'Peppol BIS Billing 3.0 (UBL)', version: '' },
  ],
  xrechnung_ubl: [EN16931_UBL, { id: 'xrechnung-ubl', label: 'XRechnung 3.0 (UBL)', version: '' }],
  xrechnung_cii: [EN16931_CII, { id: 'xrechnung-cii', label: 'XRechnung 3.0 (CII)', version: '' }],
};

export function isServiceProfile(value: string): value is ServiceProfile {
  return (SERVICE_PROFILES as readonly string[]).includes(value);
}
