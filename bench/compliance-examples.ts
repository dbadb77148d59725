/** One official example per profile (paths under the rule pack's `examples/`), for the tier-2 benches. */
export const COMPLIANCE_EXAMPLES: Record<string, string> = {
  factur_x_en16931: 'factur_x_en16931/EN16931_Einfach.factur-x.xml',
  peppol_bis_billing_3: 'peppol_bis_billing_3/base-example.xml',
  xrechnung_ubl: 'xrechnung_ubl/01.01a-INVOICE_ubl.xml',
  xrechnung_cii: 'xrechnung_cii/01.01a-INVOICE_uncefact.xml',
};
