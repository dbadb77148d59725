interface FieldSpec {
  path: string;
  label: string;
  type?: string;
  required?: boolean;
  hint?: string;
  /** A choice instead of text; the empty value means none (cleared on save). */
  options?: { value: string; label: string }[];
  /** Sent as a whole number (digits typed); anything else goes as typed, for the API to name. */
  integer?: boolean;
}

export interface PartyKind {
  api: '/customers' | '/business-profiles';
  route: string;
  title: string;
  singular: string;
  newLabel: string;
  nameField: string;
  fields: FieldSpec[];
  /**
   * Groups sent as one object (addresses, the e-invoicing address): all empty is no object. `optional`:
   * shown on request ("Ship to another address"), so a form has one set of address labels.
   */
  addresses: { path: string; label: string; optional?: boolean; fields?: FieldSpec[] }[];
  withLogo?: boolean;
  /** The VAT new lines start with (`default_tax`), asked as the document editor asks for a line's. */
  withDefaultTax?: boolean;
}

export const ADDRESS_FIELDS: FieldSpec[] = [
  { path: 'line1', label: 'Address line 1' },
  { path: 'line2', label: 'Address line 2' },
  { path: 'line3', label: 'Address line 3' },
  { path: 'postal_code', label: 'Postal code' },
  { path: 'city', label: 'City' },
  { path: 'state', label: 'State' },
  { path: 'country', label: 'Country', hint: 'Two letters, e.g. DE' },
];

// EN 16931 BT-34 / BT-49: where e-invoices reach the party (XRechnung and Peppol require it).
const ELECTRONIC_ADDRESS_FIELDS: FieldSpec[] = [
  { path: 'value', label: 'Electronic invoice address', hint: 'Peppol ID, Leitweg-ID or e-mail' },
  { path: 'scheme', label: 'EAS scheme code', hint: 'e.g. 9930 (German VAT ID), 0088 (GLN), EM (e-mail)' },
];
const E_INVOICING = { path: 'electronic_address', label: 'E-invoicing', fields: ELECTRONIC_ADDRESS_FIELDS };

// The profile's standing account: the payment means of its invoices unless an invoice states its own.
const BANK_ACCOUNT = {
  path: 'bank_account',
  label: 'Bank account',
  fields: [
    { path: 'account_holder', label: 'Account holder' },
    { path: 'iban', label: 'IBAN', hint: 'e.g. DE89 3704 0044 0532 0130 00' },
    { path: 'bic', label: 'BIC / SWIFT' },
    { path: 'bank_name', label: 'Bank name' },
  ],
};

const EINVOICE_PROFILES = [
  { value: '', label: 'No, a PDF is enough' },
  { value: 'xrechnung_ubl', label: 'XRechnung (UBL)' },
  { value: 'xrechnung_cii', label: 'XRechnung (CII)' },
  { value: 'peppol_bis_billing_3', label: 'Peppol BIS Billing 3' },
  { value: 'factur_x_en16931', label: 'Factur-X / ZUGFeRD (EN 16931)' },
];
const PAGE_SIZES = [
  { value: '', label: 'US Letter (default)' },
  { value: 'A4', label: 'A4' },
  { value: 'LETTER', label: 'US Letter' },
];

export const CUSTOMERS: PartyKind = {
  api: '/customers',
  route: 'customers',
  title: 'Customers',
  singular: 'Customer',
  newLabel: 'New customer',
  nameField: 'name',
  fields: [
    { path: 'name', label: 'Name', required: true },
    {
      path: 'contact_name',
      label: 'Contact person',
      hint: 'Printed with the address, e.g. Ms Walsh, Accounts',
    },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'phone', label: 'Phone', type: 'tel' },
    { path: 'tax_id', label: 'VAT ID' },
    {
      path: 'buyer_reference',
      label: 'Leitweg-ID or buyer reference',
      hint: 'BT-10: copied into new invoices that state none',
    },
    { path: 'einvoice_profile', label: 'Needs an e-invoice', options: EINVOICE_PROFILES },
    {
      path: 'debtor_number',
      label: 'Debtor number',
      hint: 'DATEV debtor account; given on the first DATEV export when empty',
      integer: true,
    },
  ],
  addresses: [
    { path: 'billing_address', label: 'Billing address' },
    { path: 'shipping_address', label: 'Shipping address', optional: true },
    E_INVOICING,
  ],
  // A builder invoiced under § 13b UStG every time: new lines start at 0 % reverse charge, over the profile's.
  withDefaultTax: true,
};

export const BUSINESS_PROFILES: PartyKind = {
  api: '/business-profiles',
  route: 'business-profiles',
  title: 'Business profiles',
  singular: 'Business profile',
  newLabel: 'New business profile',
  nameField: 'legal_name',
  fields: [
    { path: 'legal_name', label: 'Legal name', required: true },
    { path: 'display_name', label: 'Display name' },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'phone', label: 'Phone', type: 'tel' },
    { path: 'website', label: 'Website', type: 'url' },
    { path: 'tax_id', label: 'VAT ID', hint: 'e.g. DE123456789' },
    {
      path: 'tax_number',
      label: 'Tax number',
      hint: 'A national tax number besides the VAT ID, e.g. a German Steuernummer 37/123/45678',
    },
    {
      path: 'registration_number',
      label: 'Commercial register',
      hint: 'e.g. CRO 654321, or HRB 123456 B, Amtsgericht Charlottenburg',
    },
    { path: 'managing_directors', label: 'Managing directors' },
    {
      path: 'legal_info',
      label: 'Further legal information',
      hint: 'Printed with the register entry, e.g. Registered office: Dublin',
    },
    {
      path: 'contact_name',
      label: 'Contact person',
      hint: 'For questions about invoices, e.g. Accounts, Ms Walsh',
    },
    { path: 'default_page_size', label: 'Page size', options: PAGE_SIZES },
    { path: 'default_currency', label: 'Default currency', hint: 'ISO 4217, e.g. EUR' },
    {
      path: 'default_locale',
      label: 'Default locale',
      hint: 'Language of PDFs and e-mails, e.g. de-DE (German); empty: English',
    },
    { path: 'default_timezone', label: 'Default timezone', hint: 'e.g. Europe/Berlin' },
  ],
  addresses: [{ path: 'address', label: 'Address' }, BANK_ACCOUNT, E_INVOICING],
  withLogo: true,
  withDefaultTax: true,
};

export type Party = Record<string, unknown> & { id: string; created_at: string; created_by?: string | null };
