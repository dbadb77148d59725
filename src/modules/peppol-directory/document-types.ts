// The Peppol identifiers a lookup asks an SMP about (Peppol BIS Billing 3.0; XRechnung 3.0 as registered
// Peppol document types; Peppol Policy for use of Identifiers 4.4).

export const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
export const PROCESS_SCHEME = 'cenbii-procid-ubl';
/** The billing process every document type below is exchanged in. */
export const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The one Peppol transport in force (`peppol-transport-as4-v1_0` was withdrawn). */
export const AS4_TRANSPORT = 'peppol-transport-as4-v2_0';

/** What each lookup checks, by the name its answer has. */
export const DOCUMENT_TYPES = {
  invoice:
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  creditNote:
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  xrechnungUbl:
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0::2.1',
  xrechnungCii:
    'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100::CrossIndustryInvoice##urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0::D16B',
} as const;

export type DocumentTypeName = keyof typeof DOCUMENT_TYPES;
