// Generated from the service OpenAPI document (GET /api/v1/openapi.json) by
// test/unit/console-api-types.test.ts, which names the schemas; run it with UPDATE_API_TYPES=1 (or
// `npm run generate`) to write it anew. Do not edit.

/** GET /auth/me response.data */
export interface Me {
  account: Account;
  /** The signed-in user (session cookie); null for an API key */
  user: {
    id: string;
    email: string;
    name: string;
  } | null;
  /** The workspace member the key or user acts as, with their role; null = account level */
  member: {
    id: string;
    workspace_id: string;
    role: 'owner' | 'admin' | 'member' | 'accountant';
  } | null;
  /** Every account the signed-in user reaches, each with their role there (an API key: its own account only) */
  accounts: {
    /** `acc_` id */
    id: string;
    name: string;
    role: 'owner' | 'admin' | 'member' | 'accountant';
    /** An office: its owners and admins create client accounts */
    office: boolean;
    /** DATEV Beraternummer */
    consultant_number: number | null;
    /** DATEV Mandantennummer */
    client_number: number | null;
    /** The account this request acts in */
    current: boolean;
    disabled: boolean;
    /** When the user last switched to it (the switcher lists the last used first) */
    last_used_at: string | null;
  }[];
}

/** GET /auth/me response.data.account */
export interface Account {
  id: string;
  name: string;
  plan_id: string;
  plan_name: string;
}

/** GET /documents response.pagination */
export interface Pagination {
  has_more: boolean;
  next_cursor: string | null;
}

/** GET /invitations/{token} response.data */
export interface Invitation {
  kind: 'member' | 'owner_setup' | 'password';
  /** null: the first owner chooses their email */
  email: string | null;
  /** A password link's user; else the name the inviter gave (an office's `owner_name`): the default when accepting without one */
  name: string | null;
  role: 'owner' | 'admin' | 'member' | 'accountant' | null;
  workspace_name: string | null;
  account_name: string;
  /** The email signs in already (to another account): accept with their own password, or signed in, no new one */
  existing_user: boolean;
  expires_at: string;
}

/** POST /invitations/{token}/accept response.data */
export interface User {
  /** `usr_` id */
  id: string;
  email: string;
  name: string;
  created_at: string;
}

/** GET /workspaces response.data[] */
export interface Workspace {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** GET /workspaces/{workspace_id}/members response.data[] */
export interface Member {
  id: string;
  workspace_id: string;
  email: string;
  role: 'owner' | 'admin' | 'member' | 'accountant';
  created_at: string;
}

/** POST /workspaces/{workspace_id}/invitations response.data */
export interface MemberInvitation {
  member: Member;
  /** The one-time link, shown only now; null when the person already signs in to this account */
  url: string | null;
  expires_at: string | null;
  /** Whether the link was sent to the email (SMTP_URL set) */
  emailed: boolean;
}

/** GET /api-keys response.data[] */
export interface ApiKey {
  id: string;
  name: string;
  last4: string;
  created_at: string;
  revoked_at: string | null;
  /** The workspace member the key acts for, with its role; null = account-level key (every right) */
  workspace_member_id: string | null;
}

/** POST /api-keys response.data */
export interface NewApiKey {
  id: string;
  name: string;
  /** The full secret, shown once. */
  api_key: string;
  last4: string;
  created_at: string;
  /** The workspace member the key acts for, with its role; null = account-level key (every right) */
  workspace_member_id: string | null;
}

/** GET /usage response.data */
export interface AccountUsage {
  period: {
    start: string;
    end: string;
  };
  renders: {
    used: number;
    quota: number;
  };
}

/** GET /usage/limits response.data */
export interface UsageLimits {
  renders: {
    used: number;
    limit: number;
    remaining: number;
  };
  rate_limit: {
    requests_per_second: number;
  };
  overage: {
    /** Renders beyond the quota are accepted now (turned on, and the plan has a price) */
    enabled: boolean;
    /** Most renders beyond the quota per month; null = no cap */
    cap: number | null;
    /** The plan's price of one render beyond the quota, in cents; null = the plan has no overage */
    cents_per_render: string | null;
    /** Renders beyond the quota this month */
    renders: number;
    /** renders x cents_per_render, rounded up to a whole cent */
    estimated_cost_cents: number;
  };
}

/** GET /billing/plans response.data[] */
export interface BillingPlan {
  id: string;
  name: string;
  price_id: string | null;
  monthly_render_quota: number;
  requests_per_second: number;
  /** Price of one render beyond the quota while overage is on, in cents (decimal string) */
  overage_cents_per_render: string | null;
}

/** GET /billing/subscription response.data */
export interface Subscription {
  subscription_id: string | null;
  /** The provider's status word (active, past_due, canceled...) */
  status: string | null;
  plan_id: string;
  plan_name: string;
  /** Whether the payment provider is configured */
  stripe_configured: boolean;
  /** Whether a provider customer exists for the account */
  has_billing_account: boolean;
  current_period_end: string | null;
}

/** GET /business-profiles/{id} response.data */
export interface BusinessProfile {
  id: string;
  legal_name: string;
  display_name: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  tax_id: string | null;
  address: Address | null;
  default_currency: string | null;
  default_locale: string | null;
  default_timezone: string | null;
  logo_file_id: string | null;
  /** EN 16931 BT-34 (seller) / BT-49 (buyer), e.g. a Peppol id */
  electronic_address?: ElectronicAddress;
  bank_account?: {
    /** EN 16931 BT-85; default: the legal name */
    account_holder?: string | null;
    /** EN 16931 BT-84; checked (ISO 13616 mod 97), spaces allowed */
    iban: string;
    /** EN 16931 BT-86; 8 or 11 characters */
    bic?: string | null;
    bank_name?: string | null;
  };
  tax_number?: string;
  registration_number?: string;
  /** Geschäftsführer: one line, or one name each */
  managing_directors?: string | string[];
  contact_name?: string;
  legal_info?: string;
  /** Used by renders of its documents that name no page_size; unset = LETTER */
  default_page_size?: 'A4' | 'LETTER';
  /** The VAT the console's new lines start with (a Kleinunternehmer's 0 % exempt, a French firm's 20 %); the API never applies it to a document's lines */
  default_tax?: {
    /** Percent, 0-100, e.g. "19", "7", "0" */
    rate: string;
    /** UNCL5305: S (standard rate, above 0 %), or at 0 % Z, E, AE, K, G, O */
    category: string;
    /** EN 16931 BT-120 for E, AE, K, G, O: printed on the invoice */
    exemption_reason?: string;
    /** EN 16931 BT-121, VATEX code */
    exemption_reason_code?: string;
  };
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /business-profiles response.data[] */
export interface BusinessProfileSummary {
  id: string;
  legal_name: string;
  display_name: string | null;
  email: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /customers/{id} response.data */
export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  billing_address: Address | null;
  shipping_address: Address | null;
  metadata: Record<string, string> | null;
  /** EN 16931 BT-34 (seller) / BT-49 (buyer), e.g. a Peppol id */
  electronic_address?: ElectronicAddress;
  buyer_reference?: string;
  /** The e-invoice this buyer needs: finalize checks documents against it, sending attaches it (null: a PDF is enough) */
  einvoice_profile?: 'xrechnung_ubl' | 'xrechnung_cii' | 'peppol_bis_billing_3' | 'factur_x_en16931';
  debtor_number?: number;
  contact_name?: string;
  /** The VAT the console's new lines for this customer start with, over the business profile's (a builder invoiced under § 13b UStG: AE at 0 %); the API never applies it to a document's lines */
  default_tax?: {
    /** Percent, 0-100, e.g. "19", "7", "0" */
    rate: string;
    /** UNCL5305: S (standard rate, above 0 %), or at 0 % Z, E, AE, K, G, O */
    category: string;
    /** EN 16931 BT-120 for E, AE, K, G, O: printed on the invoice */
    exemption_reason?: string;
    /** EN 16931 BT-121, VATEX code */
    exemption_reason_code?: string;
  };
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /customers response.data[] */
export interface CustomerSummary {
  id: string;
  name: string;
  email: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /customers/{id} response.data.billing_address */
export interface Address {
  line1: string;
  line2?: string | null;
  /** EN 16931 BT-162 / BT-163 / BT-165: a third address line */
  line3?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** GET /customers/{id} response.data.electronic_address */
export interface ElectronicAddress {
  /** EAS code, e.g. 0088 (GLN), 9930 (DE VAT), EM (email) */
  scheme: string;
  value: string;
}

/** GET /products/{id} response.data */
export interface Product {
  id: string;
  /** Artikelnummer; BT-155 on a line */
  article_number: string | null;
  name: string;
  description: string | null;
  /** UN/ECE Recommendation 20, e.g. HUR, C62 */
  unit_code: string | null;
  unit_price: string | null;
  /** BT-149; null is 1 */
  price_base_quantity: string | null;
  tax_rate: string | null;
  tax_category: string | null;
  currency: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /files/{file_id} response.data */
export interface StoredFile {
  id: string;
  /** The uploaded name without directories, for display only */
  filename: string;
  /** Sniffed from the bytes; application/octet-stream when unknown */
  content_type: string;
  size_bytes: number;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
}

/** GET /reference/unit-codes response.data[] */
export interface UnitCode {
  code: string;
  label: string;
}

/** GET /reference/document-types response.data[] */
export interface DocumentTypeInfo {
  id: string;
  name: string;
  number_prefix: string;
  payable: boolean;
  requires_source_document: boolean;
  supports_reason: boolean;
  line_item_type: 'standard' | 'shipped';
  actions: string[];
}

/** GET /reference/fonts response.data[] */
export interface Font {
  /** The family drawn; what font_family answers */
  name: string;
  style: 'sans-serif' | 'serif' | 'monospace';
  /** Names accepted for it (case-insensitive) */
  aliases: string[];
  weights: number[];
  italic: boolean;
  scripts: string[];
  source: string;
}

/** GET /numbering-sequences/{sequence_id} response.data */
export interface NumberingSequence {
  id: string;
  name: string;
  prefix: string;
  pattern: string;
  reset: 'never' | 'yearly';
  next_number: number;
  /** The number the next document would get if issued today */
  next_preview: string;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /documents/{document_id} response.data */
export interface StoredDocument {
  id: string;
  document_type: DocumentType;
  number: string;
  status: DocumentStatus;
  issue_date: string;
  due_date: string | null;
  currency: string;
  locale: string | null;
  business_profile_id: string;
  customer_id: string;
  source_document_id: string | null;
  reason: string | null;
  numbering_sequence_id: string | null;
  data: Record<string, unknown>;
  totals: Totals;
  /** The tax per category and rate, as the PDF and the e-invoice state it (BG-23) */
  tax_breakdown: {
    /** UNCL5305 (BT-118), null when none was given */
    category: string | null;
    /** Percent (BT-119) */
    rate: string;
    taxable_amount: Money;
    tax_amount: Money;
  }[];
  /** Each line's amount in the order of data.line_items: quantity x price less its discount, plus its charges */
  line_amounts: Money[];
  /** The sum of the payments recorded against it (docs/payments.md) */
  amount_paid: string;
  /** Set against it by the issued credit notes (Rechnungskorrekturen) naming it as their source_document_id */
  amount_credited: string;
  /** Still owed: the amount due of the totals less amount_credited and amount_paid; negative when overpaid */
  amount_due: string;
  payment_status: 'unpaid' | 'partially_paid' | 'paid' | 'overpaid';
  /** Days a finalized or sent invoice is past its due date with an amount due; else 0 */
  days_overdue: number;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
  finalized_at: string | null;
  sent_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  archived_at: string | null;
  /** The cost centre (Kostenstelle, DATEV KOST1) it is allocated to, from /api/v1/cost-centres; may change in any status */
  cost_centre_id: string | null;
}

/** GET /documents/{document_id} response.data.document_type */
export type DocumentType =
  | 'invoice'
  | 'credit_note'
  | 'quote'
  | 'receipt'
  | 'proforma'
  | 'purchase_order'
  | 'delivery_note';

/** GET /documents/{document_id} response.data.status */
export type DocumentStatus = 'draft' | 'finalized' | 'sent' | 'paid' | 'void' | 'archived';

/** GET /documents/{document_id} response.data.totals */
export interface Totals {
  subtotal: Money;
  discount_total: Money;
  tax_total: Money;
  shipping_total: Money;
  total: Money;
  charge_total?: Money;
  prepaid_amount?: Money;
  rounding_amount?: Money;
  third_party_payment_total?: Money;
  amount_due?: Money;
}

/** GET /documents/{document_id} response.data.totals.subtotal */
export interface Money {
  amount: string;
  currency: string;
}

/** POST /documents/calculate request.data */
export interface DocumentData {
  invoice_number?: string;
  /** Issue date */
  issue_date?: string;
  /** Due date, not before the issue date */
  due_date?: string;
  /** ISO 4217 */
  currency: string;
  /** BCP 47, from the locales reference list */
  locale?: string;
  /** Credit notes only */
  reason?: string;
  seller?: Party;
  buyer?: Party;
  line_items: LineItem[];
  discounts?: Discount[];
  shipping?: {
    description?: string;
    /** EN 16931 BT-105 / BT-145: UNTDID 7161, e.g. FC (freight), ABL (packaging), AAJ (installation) */
    reason_code?: string;
    /** Shipping charge */
    amount: string;
    /** Default: the tax set every line shares, if any */
    taxes?: Tax[];
  };
  /** Document level charges besides shipping */
  charges?: {
    /** EN 16931 BT-104, printed in the totals */
    reason: string;
    /** EN 16931 BT-105 / BT-145: UNTDID 7161, e.g. FC (freight), ABL (packaging), AAJ (installation) */
    reason_code?: string;
    /** The charge, zero or more, before tax */
    amount: string;
    /** Default: the tax set every line shares, if any */
    taxes?: Tax[];
  }[];
  custom_fields?: {
    label: string;
    value: string;
  }[];
  /** EN 16931 BG-24: additional supporting documents */
  supporting_documents?: {
    /** EN 16931 BT-122: its reference */
    id: string;
    /** EN 16931 BT-123 */
    description?: string;
    /** EN 16931 BT-125: an uploaded file of this account (PDF, PNG, JPEG, CSV, XLSX or ODS), embedded in the XML and attached to a Factur-X PDF */
    file_id?: string;
    /** EN 16931 BT-124: where the document can be fetched, instead of a file */
    url?: string;
  }[];
  payment?: PaymentTerms;
  branding?: {
    logo_file_id?: string;
    primary_color?: string;
    accent_color?: string;
    font_family?: string;
    footer_text?: string;
  };
  ship_to?: {
    name: string;
    address?: Address;
    /** EN 16931 BT-71: the delivery location, e.g. a GLN */
    location_id?: {
      id: string;
      /** ISO 6523 ICD, e.g. 0088 (GLN) */
      scheme_id?: string;
    };
  };
  /** EN 16931 BG-10: the party paid, when not the seller (a factor, a parent company) */
  payee?: {
    /** EN 16931 BT-59 */
    name: string;
    /** EN 16931 BT-60 */
    identifier?: {
      id: string;
      /** ISO 6523 ICD, e.g. 0088 (GLN) */
      scheme_id?: string;
    };
    /** EN 16931 BT-61: legal registration identifier */
    registration_number?: string;
  };
  /** EN 16931 BG-11: the seller's tax representative */
  tax_representative?: {
    /** EN 16931 BT-62 */
    name: string;
    /** EN 16931 BT-63 */
    vat_id: string;
    address: Address;
  };
  /** EN 16931 BT-10 */
  buyer_reference?: string;
  /** EN 16931 BT-3 (UNTDID 1001): an invoice is 380 (default), 326 (partial invoice, Teilrechnung), 384 (corrected invoice), 389 (self-billed invoice), 875 (partial construction invoice, Abschlagsrechnung), 876 (partial final construction invoice, Teilschlussrechnung) or 877 (final construction invoice, Schlussrechnung); a credit note is 381 */
  type_code?: '380' | '326' | '384' | '389' | '875' | '876' | '877' | '381';
  /** EN 16931 BT-18: what the invoice is for (a meter, a subscription, a vehicle) */
  invoiced_object?: {
    id: string;
    /** UNTDID 1153, e.g. AFL (meter point) */
    scheme_id?: string;
  };
  /** EN 16931 BG-3: the invoice a credit note or corrected invoice refers to, also one never stored here; wins over source_document_id. The same as preceding_invoices with one entry; never both in one request (a PATCH setting one clears the other) */
  preceding_invoice?: {
    /** EN 16931 BT-25 */
    number: string;
    /** EN 16931 BT-26 */
    issue_date?: string;
  };
  /** EN 16931 BG-3 (0..n): the invoices this one refers to, e.g. the Abschlagsrechnungen a Schlussrechnung deducts; never beside preceding_invoice in one request (a PATCH setting one clears the other). XRechnung CII (D16B) takes one: only the first is written there */
  preceding_invoices?: {
    /** EN 16931 BT-25 */
    number: string;
    /** EN 16931 BT-26 */
    issue_date?: string;
  }[];
  /** EN 16931 BT-13: the buyer's purchase order */
  order_reference?: string;
  /** EN 16931 BT-12 */
  contract_reference?: string;
  /** EN 16931 BT-11 */
  project_reference?: string;
  /** EN 16931 BT-14: the seller's own order number */
  sales_order_reference?: string;
  /** EN 16931 BT-15 */
  receiving_advice_reference?: string;
  /** EN 16931 BT-16 */
  despatch_advice_reference?: string;
  /** EN 16931 BT-17: tender or lot */
  tender_reference?: string;
  /** EN 16931 BT-19: the buyer's accounting reference (cost centre) */
  buyer_accounting_reference?: string;
  /** EN 16931 BT-7: when VAT becomes due */
  tax_point_date?: string;
  /** EN 16931 BT-8: when VAT becomes due, as a code instead of a date (UNTDID 2005): 3 the invoice date, 35 the delivery date, 432 the date of payment; not beside tax_point_date */
  tax_point_date_code?: '3' | '35' | '432';
  /** EN 16931 BG-14: the period the invoice covers */
  invoice_period?: {
    /** BT-73 */
    start_date?: string;
    /** BT-74 */
    end_date?: string;
  };
  /** EN 16931 BT-113: already paid (a deposit, a payment on account); amount_due = total - prepaid_amount + rounding_amount */
  prepaid_amount?: string;
  /** The earlier invoices (Abschlagsrechnungen) this final invoice deducts, each with the net, VAT and gross IT stated: prepaid_amount is the sum of their totals, and the PDF lists each. A stored document has it filled from deducted_invoices; stateless data may state it (prepaid_amount must then be the sum) */
  deductions?: {
    /** The stored invoice deducted */
    document_id?: string;
    /** Its number (BT-25 too) */
    number: string;
    /** Its issue date */
    issue_date?: string;
    /** Its total without VAT (BT-109) */
    net_amount: string;
    /** Its VAT total (BT-110) */
    tax_amount: string;
    /** Its total with VAT (BT-112): what is deducted */
    total: string;
    /** Its VAT rate in percent, when it had exactly one */
    tax_rate?: string;
  }[];
  /** EN 16931 BT-114: added to the total to reach the amount due (cash rounding), e.g. "0.02" */
  rounding_amount?: string;
  /** XRechnung extension BG-DEX-09: amounts the seller collects on behalf of third parties (mobile payment, a publisher's claim). Not in the total; amount_due = total - prepaid_amount + rounding_amount + their sum (BR-DEX-09). Written only into xrechnung_ubl invoices whose customization_id is the XRechnung extension's; any other e-invoice is refused (422 at data.third_party_payments) */
  third_party_payments?: {
    /** XRechnung BT-DEX-001: the kind of payment, e.g. "MobilesBezahlen" */
    type: string;
    /** XRechnung BT-DEX-002: collected with this invoice for the third party, in the currency's decimals at most */
    amount: string;
    /** XRechnung BT-DEX-003: what the payment is for (printed in the totals) */
    description: string;
  }[];
  /** UNCL5153 code (VAT, GST, LOC, OTH); no default */
  tax_scheme?: string;
  notes?: string;
  /** EN 16931 BT-21: UNTDID 4451 subject of the notes, e.g. AAI (general information), REG (regulatory) */
  notes_subject_code?: string;
  /** EN 16931 BT-24 when the invoice follows a refinement of its profile (an XRechnung extension or CVD variant): written instead of the profile's own identifier, which it must begin with followed by '#' (XRechnung and Peppol profiles only). Received e-invoices keep theirs */
  customization_id?: string;
  /** EN 16931 BT-117 as the seller stated it, for a tax group (not tax-inclusive) whose tax was rounded per line or to whole units: it replaces the computed amount when within one currency unit of it (BR-CO-17), else it is a problem. Received e-invoices carry it where their figure differs */
  tax_amounts?: {
    /** UNCL5305 code of the group */
    category?: string;
    /** Percent of the group */
    rate: string;
    /** EN 16931 BT-117: the tax amount stated for the group */
    amount: string;
  }[];
  /** Document totals a received e-invoice states that its lines do not give (no lines, as Factur-X MINIMUM and BASIC WL, or lines that do not add up): they stand in the totals instead of the computed ones (docs/calculation.md rule 8b). Such data cannot be written as an EN 16931 e-invoice */
  stated_totals?: {
    /** EN 16931 BT-106: the sum of the line net amounts, as stated */
    subtotal?: string;
    /** EN 16931 BT-109: the total without VAT, as stated */
    net_total?: string;
    /** EN 16931 BT-110: the VAT total, as stated */
    tax_total?: string;
    /** EN 16931 BT-112: the total with VAT, as stated */
    total?: string;
    /** EN 16931 BT-115: the amount due, as stated */
    amount_due?: string;
  };
  /** EN 16931 BT-6/BT-111: an invoice in a foreign currency states its VAT total in the accounting currency too */
  tax_currency?: {
    /** EN 16931 BT-6: ISO 4217 */
    currency: string;
    /** Units of the tax currency per unit of the document currency, e.g. "0.9213" */
    exchange_rate: string;
  };
  /** EN 16931 BT-72: when the goods or services were supplied */
  delivery_date?: string;
  /** Quotes: the date the offer stands until */
  valid_until?: string;
}

/** POST /documents/calculate request.data.seller */
export interface Party {
  name: string;
  legal_name?: string;
  email?: string;
  phone?: string;
  website?: string;
  /** EN 16931 BT-41 (seller) / BT-56 (buyer): the contact person or department; default: the party itself */
  contact_name?: string;
  tax_id?: string;
  /** The seller's national tax number (German Steuernummer), EN 16931 BT-32; tax_id stays the VAT id */
  tax_number?: string;
  /** Commercial register entry, e.g. "HRB 123456 B, Amtsgericht Charlottenburg" */
  registration_number?: string;
  /** Printed on the PDF (German companies must name them) */
  managing_directors?: string;
  /** EN 16931 BT-33, the seller only: additional legal information such as share capital, register court or directors */
  legal_info?: string;
  /** EN 16931 BT-30 (seller) / BT-47 (buyer) scheme: the ISO 6523 ICD of registration_number (0184 a Danish CVR, 0002 a SIREN); default: the one its country and format imply, if any */
  registration_scheme?: string;
  address?: Address;
  bank_account?: BankAccount;
  /** EN 16931 BT-29 (seller) / BT-46 (buyer): an id such as a GLN, or the buyer's customer number */
  identifier?: {
    id: string;
    /** ISO 6523 ICD, e.g. 0088 (GLN) */
    scheme_id?: string;
  };
  /** EN 16931 BT-34 (seller) / BT-49 (buyer), e.g. a Peppol id */
  electronic_address?: ElectronicAddress;
}

/** POST /documents/calculate request.data.line_items[] */
export interface LineItem {
  name: string;
  /** EN 16931 BT-126: the line's identifier, as a received invoice states it; default its position (1, 2, ...) */
  line_id?: string;
  description?: string;
  /** Quantity */
  quantity: string;
  /** Price per unit (per price_base_quantity units); absent on delivery notes */
  unit_price?: string;
  /** EN 16931 BT-149: the number of units unit_price is for, in the unit of unit_code ("100" for a price per 100 pieces); greater than zero, default 1 */
  price_base_quantity?: string;
  /** EN 16931 BT-148: the price before its price discount (BT-147 = gross_unit_price - unit_price), for the same base quantity; at least unit_price */
  gross_unit_price?: string;
  unit?: string;
  sku?: string;
  /** UN/ECE Recommendation 20; any code accepted */
  unit_code?: string;
  discount?: LineDiscount;
  /** EN 16931 BG-28: line charges */
  charges?: {
    /** Added to the line amount, zero or more */
    amount: string;
    /** EN 16931 BT-144 */
    reason: string;
    /** EN 16931 BT-105 / BT-145: UNTDID 7161, e.g. FC (freight), ABL (packaging), AAJ (installation) */
    reason_code?: string;
  }[];
  taxes?: Tax[];
  /** EN 16931 BT-127 */
  note?: string;
  /** EN 16931 BT-156: the buyer's id */
  buyer_item_id?: string;
  /** EN 16931 BT-157: e.g. a GTIN */
  standard_item_id?: {
    id: string;
    /** ISO 6523 ICD, e.g. 0160 for a GTIN */
    scheme_id: string;
  };
  /** EN 16931 BT-159: ISO 3166-1 alpha-2 */
  origin_country?: string;
  /** EN 16931 BT-132: the buyer's order line */
  order_line_reference?: string;
  /** EN 16931 BT-133: the buyer's accounting reference for the line */
  accounting_reference?: string;
  /** EN 16931 BG-26: the period this line covers (a subscription month) */
  period?: {
    /** EN 16931 BT-134 */
    start_date?: string;
    /** EN 16931 BT-135 */
    end_date?: string;
  };
  /** EN 16931 BT-128: an object the line is about (a meter, a subscription, a vehicle) */
  object_identifier?: {
    id: string;
    /** UNTDID 1153, e.g. AFL (meter point) */
    scheme_id?: string;
  };
  /** EN 16931 BT-158: item classification codes */
  classifications?: {
    id: string;
    /** UNTDID 7143, e.g. STI (CPV), HS (customs tariff), TST (UNSPSC) */
    scheme_id: string;
    scheme_version?: string;
  }[];
  /** EN 16931 BG-32: item attributes (colour, size), printed under the line */
  attributes?: {
    /** BT-160 */
    name: string;
    /** BT-161 */
    value: string;
  }[];
}

/** POST /documents/calculate request.data.line_items[].discount */
export interface LineDiscount {
  type: 'percentage' | 'fixed';
  /** Percent for percentage, an amount for fixed */
  value: string;
  reason?: string;
  /** EN 16931 BT-98 / BT-140: UNTDID 5189, e.g. 95 (discount), 41 (bonus for early delivery); 95 when absent */
  reason_code?: string;
}

/** POST /documents/calculate request.data.line_items[].taxes[] */
export interface Tax {
  name?: string;
  /** Percent, e.g. "19" */
  rate: string;
  /** The unit price already includes this tax */
  inclusive?: boolean;
  /** UNCL5305 code (S, Z, E, AE, K, G, O); never inferred */
  category?: string;
  /** EN 16931 BT-120, for E, AE, K, G, O */
  exemption_reason?: string;
  /** EN 16931 BT-121, VATEX code */
  exemption_reason_code?: string;
}

/** POST /documents/calculate request.data.discounts[] */
export interface Discount {
  type: 'percentage' | 'fixed';
  /** Percent for percentage, an amount for fixed */
  value: string;
  reason?: string;
  /** EN 16931 BT-98 / BT-140: UNTDID 5189, e.g. 95 (discount), 41 (bonus for early delivery); 95 when absent */
  reason_code?: string;
  /** EN 16931 BT-95/96: the tax this allowance reduces; it is then spread over the lines of that tax only (a percentage is of their amount). Default: every line, by amount */
  taxes?: Tax[];
}

/** POST /documents/calculate request.data.payment */
export interface PaymentTerms {
  instructions?: string;
  /** Skonto: a discount for paying within `days` of the issue date. Written into BT-20 as XRechnung prescribes (#SKONTO#TAGE=14#PROZENT=2.00#), printed in words on the PDF */
  early_payment_discounts?: EarlyPaymentDiscount[];
  payment_url?: string;
  /** EN 16931 BT-83: the remittance information the payer quotes with the transfer (a structured creditor reference RF18 5390 0754 7034, or any text); the invoice number when absent. Written as PaymentID / PaymentReference, printed under the bank details and put in the EPC QR code */
  reference?: string;
  /** EN 16931 BT-82: the payment means in words as the seller names them (e.g. "Überweisung"); the code (BT-81) follows from the data */
  means_text?: string;
  accepted_methods?: string[];
  bank_account?: BankAccount;
  /** EN 16931 BG-19: the amount is collected by (SEPA) direct debit */
  direct_debit?: {
    /** EN 16931 BT-89 */
    mandate_reference: string;
    /** EN 16931 BT-90: the seller's (or payee's) SEPA creditor identifier */
    creditor_id: string;
    /** EN 16931 BT-91: the buyer's account (IBAN) to debit */
    debited_account?: string;
  };
  /** EN 16931 BG-18: paid (or to be paid) by payment card */
  card?: {
    /** EN 16931 BT-87: the last 4 to 6 digits of the card number, never the whole number */
    last_digits: string;
    /** EN 16931 BT-88 */
    holder_name?: string;
    /** e.g. VISA, MASTERCARD */
    network?: string;
    /** UNCL4461 54 (credit card) or 55 (debit card); 48 (bank card) when absent */
    type?: 'credit' | 'debit';
  };
}

/** POST /documents/calculate request.data.payment.early_payment_discounts[] */
export interface EarlyPaymentDiscount {
  /** Paid within this many days of the issue date */
  days: number;
  /** The discount in percent of the amount due (or of base_amount), e.g. "2" or "2.5" */
  percent: string;
  /** What the percent applies to, when not the whole amount due */
  base_amount?: string;
}

/** POST /documents/calculate request.data.payment.bank_account */
export interface BankAccount {
  bank_name?: string;
  account_number?: string;
  routing_number?: string;
  swift?: string;
  /** EN 16931 BT-85: the name the account is held in */
  account_name?: string;
}

/** POST /documents/calculate response.data */
export interface Calculation {
  calculation: Totals;
}

/** POST /documents/{document_id}/finalize-check response.data */
export interface FinalizeCheck {
  profile: string | null;
  violations: Finding[];
  /** What the seller's VAT law asks every invoice to state and the draft lacks (Germany § 14 Abs. 4 and § 14a UStG, Austria § 11 UStG 1994, Ireland Regulation 20 VAT Regulations 2010, other EU sellers VAT Directive art. 226): never a reason to refuse finalize */
  notices: {
    /** Stable, snake_case: seller_vat_id_missing */
    code: string;
    /** The document field to fill: data.seller.tax_id */
    field: string;
    /** An English sentence naming the legal basis */
    message: string;
  }[];
}

/** POST /documents/{document_id}/finalize-check response.data.violations[] */
export interface Finding {
  rule: string;
  field: string;
  message: string;
}

/** POST /documents/validate-compliance response.data */
export interface ComplianceResult {
  profile: string;
  ruleset_version: string;
  valid: boolean;
  in_scope: boolean;
  fully_checked: boolean;
  rulesets: {
    id: string;
    label: string;
    version: string;
    /** When the rule pack's manifest gives it: the date this release is in force from */
    valid_from?: string;
    ran: boolean;
    reason: string | null;
  }[];
  violations: Violation[];
}

/** POST /documents/validate-compliance response.data.violations[] */
export interface Violation {
  rule: string;
  path: string;
  message: string;
  severity: 'fatal' | 'warning';
  ruleset: string;
}

/** GET /payments response.data[] */
export interface Payment {
  id: string;
  document_id: string;
  /** Decimal string in the document's currency */
  amount: string;
  currency: string;
  /** The day the money arrived (YYYY-MM-DD) */
  date: string;
  method: 'bank_transfer' | 'card' | 'cash' | 'direct_debit' | 'other' | 'early_payment_discount' | null;
  reference: string | null;
  note: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
}

/** GET /documents/{document_id}/deliveries response.data[] */
export interface Delivery {
  id: string;
  /** The document sent */
  invoice_id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string | null;
  attach_pdf: boolean;
  /** The e-invoice attached (the customer einvoice_profile); absent when none */
  einvoice_profile?: string;
  status: 'queued' | 'sent' | 'delivered' | 'bounced' | 'failed';
  /** The render linked in the email (and attached when attach_pdf) */
  render_id: string | null;
  /** Why it failed or bounced; while queued, why the last attempt did not go through */
  error_message: string | null;
  /** Only when error_message is set: what it says, as a code a client words in its own language (recipient_rejected: the customer's mail server refused the address; partly_rejected: sent, some recipients refused; bounced_later: a bounce came back after sending; message_refused, login_refused: the firm's mail server refused the message or the login; gave_up; retrying; mail_not_configured; link_expired; einvoice_failed; document_deleted; file_missing; reminder_obsolete; other). docs/deliveries.md */
  error_code?:
    | 'recipient_rejected'
    | 'partly_rejected'
    | 'bounced_later'
    | 'message_refused'
    | 'login_refused'
    | 'gave_up'
    | 'retrying'
    | 'mail_not_configured'
    | 'link_expired'
    | 'einvoice_failed'
    | 'document_deleted'
    | 'file_missing'
    | 'reminder_obsolete'
    | 'other';
  /** The delivery this one retries */
  retry_of: string | null;
  created_at: string;
  sent_at: string | null;
}

/** GET /documents/{document_id}/reminders response.data[] */
export interface Reminder {
  id: string;
  document_id: string;
  level: number;
  /** Decimal string in the invoice's currency */
  fee: string;
  /** What was still due on the invoice when the reminder was made */
  amount_due: string;
  currency: string;
  /** The new payment date the letter asks for */
  pay_by: string;
  /** The e-mail (GET /api/v1/deliveries/{id}) */
  delivery_id: string;
  created_at: string;
}

/** GET /dunning-policy response.data */
export interface DunningPolicy {
  /** The daily job sends the reminders that are due */
  enabled: boolean;
  levels: DunningLevel[];
  /** Null while the account has the defaults */
  updated_at: string | null;
}

/** GET /dunning-policy response.data.levels[] */
export interface DunningLevel {
  /** Days past the due date */
  days_after_due: number;
  /** A decimal string of at least 0 (at most 2 decimals), charged in the invoice's currency */
  fee: string;
  /** One line: the e-mail subject and the letter title; placeholders such as {number} */
  subject: string;
  /** The letter's text; placeholders {number}, {amount_due}, {due_date}... (docs/dunning.md) */
  message: string;
}

/** PUT /dunning-policy request */
export interface DunningPolicyBody {
  enabled: boolean;
  /** One to four levels, days_after_due ascending */
  levels: DunningLevel[];
}

/** GET /recurring-invoices/{recurring_id} response.data */
export interface RecurringInvoice {
  id: string;
  status: 'active' | 'paused' | 'cancelled';
  business_profile_id: string;
  customer_id: string;
  frequency: 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  interval: number;
  /** The anchor of the schedule (moves on a frequency/interval change) */
  start_date: string;
  next_occurrence_date: string | null;
  end_date: string | null;
  occurrences_created: number;
  max_occurrences: number | null;
  numbering_sequence_id: string | null;
  auto_finalize: boolean;
  /** Present (true) when each invoice is e-mailed */
  auto_send?: boolean;
  invoice_template: Record<string, unknown>;
  /** Why the next occurrence could not be generated */
  last_error: string | null;
  /** With last_error: its kind, for a client to say in its own language (einvoice_failed, numbering_sequence_missing, number_taken, invalid_template, interrupted, other) */
  last_error_code?:
    | 'einvoice_failed'
    | 'numbering_sequence_missing'
    | 'number_taken'
    | 'invalid_template'
    | 'interrupted'
    | 'other';
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /recurring-invoices/{recurring_id}/invoices response.data[] */
export interface GeneratedInvoice {
  /** The document id (doc_...) */
  id: string;
  invoice_number: string;
  number: string;
  status: string;
  issue_date: string;
  due_date: string | null;
  occurrence_date: string;
  /** With auto_send: the delivery that e-mailed it (GET /deliveries/{id}) */
  delivery_id?: string;
  /** With auto_send: that delivery's status */
  delivery_status?: string;
  /** With auto_send: why it could not be e-mailed */
  send_error?: string;
  /** With send_error: its kind, for a client to say in its own language (no_email, mail_not_configured, document_deleted, document_not_sendable, account_disabled, send_failed, refused) */
  send_error_code?:
    | 'no_email'
    | 'mail_not_configured'
    | 'document_deleted'
    | 'document_not_sendable'
    | 'account_disabled'
    | 'send_failed'
    | 'refused';
  totals: Totals;
  created_at: string;
}

/** GET /reports/receivables response.data */
export interface ReceivablesReport {
  as_of: string;
  currencies: ReceivablesFigures[];
  customers: {
    customer: {
      id: string;
      name: string;
    };
    currency: string;
    /** Open items less credits: what is owed (negative: what is owed back) */
    open: string;
    /** Open items not yet past their due date */
    current: string;
    /** Open items past their due date (the sum of the ageing buckets) */
    overdue: string;
    /** Credit notes and overpayments no open item absorbed */
    credits: string;
    ageing: {
      /** Exact decimal in the currency’s minor units */
      '0-30': string;
      /** Exact decimal in the currency’s minor units */
      '31-60': string;
      /** Exact decimal in the currency’s minor units */
      '61-90': string;
      /** Exact decimal in the currency’s minor units */
      '90+': string;
    };
    /** Invoices with an amount due */
    open_items: number;
  }[];
}

/** GET /reports/receivables response.data.currencies[] */
export interface ReceivablesFigures {
  currency: string;
  /** Open items less credits: what is owed (negative: what is owed back) */
  open: string;
  /** Open items not yet past their due date */
  current: string;
  /** Open items past their due date (the sum of the ageing buckets) */
  overdue: string;
  /** Credit notes and overpayments no open item absorbed */
  credits: string;
  ageing: {
    /** Exact decimal in the currency’s minor units */
    '0-30': string;
    /** Exact decimal in the currency’s minor units */
    '31-60': string;
    /** Exact decimal in the currency’s minor units */
    '61-90': string;
    /** Exact decimal in the currency’s minor units */
    '90+': string;
  };
  /** Invoices with an amount due */
  open_items: number;
}

/** GET /reports/revenue response.data */
export interface RevenueReport {
  from: string;
  to: string;
  group: 'month';
  basis: 'issue_date';
  currencies: {
    currency: string;
    /** Exact decimal in the currency’s minor units */
    net: string;
    /** Exact decimal in the currency’s minor units */
    tax: string;
    /** Exact decimal in the currency’s minor units */
    gross: string;
    months: {
      /** YYYY-MM */
      month: string;
      /** Exact decimal in the currency’s minor units */
      net: string;
      /** Exact decimal in the currency’s minor units */
      tax: string;
      /** Exact decimal in the currency’s minor units */
      gross: string;
      documents: number;
      by_tax_rate?: {
        /** UNCL5305 VAT category */
        category: string | null;
        /** Percent */
        rate: string;
        /** Exact decimal in the currency’s minor units */
        net: string;
        /** Exact decimal in the currency’s minor units */
        tax: string;
      }[];
    }[];
  }[];
}

/** GET /received-documents/{received_id} response.data */
export interface ReceivedDocument {
  id: string;
  status: 'received' | 'approved' | 'rejected' | 'paid';
  syntax: 'ubl' | 'cii';
  profile: string | null;
  customization_id: string | null;
  document_type: 'invoice' | 'credit_note';
  /** EN 16931 BT-3 as written: 380 a commercial invoice, 381 a credit note, 384 a corrected invoice, 389 a self-billed invoice (written by the buyer), 326 a partial invoice… */
  type_code: string;
  invoice_number: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  seller: {
    name: string | null;
    tax_id: string | null;
    electronic_address: ElectronicAddress | null;
  };
  total: string;
  /** What is still owed: the stated amount due (BT-115) less the payments; negative when overpaid */
  amount_due: string;
  /** The sum of its payments (POST /received-documents/{id}/payments) */
  amount_paid: string;
  payment_status: 'unpaid' | 'partially_paid' | 'paid' | 'overpaid';
  /** What the file is, as POST /einvoices/parse names it; null for documents received before it was kept */
  format:
    | 'en16931'
    | 'zugferd_1'
    | 'factur_x_minimum'
    | 'factur_x_basic_wl'
    | 'oioubl'
    | 'zatca'
    | 'peppol_pint'
    | 'ehf_2'
    | 'ubl_other'
    | null;
  /** null: no compliance profile applies */
  valid: boolean | null;
  compliance: ComplianceResult | null;
  /** What the file states that the data does not keep (parse's warnings), and what the inbox found: code differing_total */
  warnings: {
    term: string;
    path: string;
    message: string;
    /** differing_total (the inbox's own finding): another file with the same seller, number, issue date and type states other amounts: no copy, each counts on its own; check which is right. Any other: a reading note of the file, as parse answers it (docs/receiving.md, 'Reading notes: codes and params'); absent on a reading note of a document received before codes were kept */
    code?:
      | 'differing_total'
      | 'format_factur_x_minimum'
      | 'format_factur_x_basic_wl'
      | 'format_zugferd_1'
      | 'format_oioubl'
      | 'format_zatca'
      | 'format_peppol_pint'
      | 'format_ehf_2'
      | 'format_ubl_other'
      | 'second_tax_registration'
      | 'other_payment_accounts'
      | 'preceding_invoices'
      | 'attachment_not_kept'
      | 'link_not_http'
      | 'note_subject_codes'
      | 'note_lines'
      | 'due_date_before_issue_date'
      | 'tax_point_date_code_unknown'
      | 'tax_point_date_code_beside_date'
      | 'tax_currency_rate_implied'
      | 'tax_currency_total_not_kept'
      | 'document_allowance_percentage'
      | 'line_allowance_percentage'
      | 'line_allowances_combined'
      | 'price_from_line_amount'
      | 'price_base_quantity_rounded'
      | 'price_base_quantity_not_positive'
      | 'price_base_unit'
      | 'gross_price_as_net_price'
      | 'sub_invoice_lines'
      | 'group_lines'
      | 'information_lines'
      | 'prepaid_payments'
      | 'third_party_payment_without_amount'
      | 'stated_totals'
      | 'stated_totals_no_lines'
      | 'list_shortened'
      | 'value_too_long'
      | 'value_too_short'
      | 'value_pattern_mismatch'
      | 'value_format_mismatch'
      | 'date_not_in_calendar';
    /** The values the message inserts, by name, each a string (the code's own names) */
    params?: Record<string, string>;
    /** differing_total: the other file */
    other_file?: {
      id: string;
      /** BT-112 as that file states it */
      total: string;
      /** BT-115 as that file states it */
      amount_due: string;
      currency: string;
    };
  }[];
  /** The file that counts of the same invoice: same type, seller, number, issue date, currency, total and amount due */
  duplicate_of: string | null;
  /** The firm's own note on it (PATCH) */
  note: string | null;
  /** The seller's notes on the invoice (BT-22, several joined by a blank line; a #CODE# subject prefix left out), as the file states them */
  invoice_note: string | null;
  /** Euros per unit of `currency` for the books (the DATEV export's Kurs): the rate the file states (its accounting currency EUR, BT-6, with the rate behind BT-111), else the one set by PATCH `exchange_rate`; null for a euro document and while none is known */
  exchange_rate: string | null;
  /** Where exchange_rate comes from: file (the file states it; PATCH cannot change it) or set (PATCH exchange_rate); null without a rate */
  exchange_rate_source: 'file' | 'set' | null;
  lines: ReceivedLine[];
  /** The VAT per category and rate (BG-23) of the file's lines, allowances and charges, as the totals give them back; empty when its data's totals cannot be computed (docs/receiving.md) */
  tax_breakdown: {
    /** UNCL5305 (BT-118) */
    category: string | null;
    /** Percent (BT-119) */
    rate: string;
    /** BT-116, in the document currency */
    taxable_amount: string;
    /** BT-117, the input tax (Vorsteuer) to book at this rate */
    tax_amount: string;
  }[];
  payment: ReceivedPayment;
  /** upload: POST /received-documents; folder: INBOX_DIR or the receive command; email: IMAP_URL; network: a delivery channel (GET /received-documents/{id}/transport) */
  source: 'upload' | 'folder' | 'email' | 'network';
  /** The file or attachment name (`archive.zip/inner.xml` from a ZIP); null for a body */
  file_name: string | null;
  /** source email: the message it came in */
  email: {
    from: string | null;
    subject: string | null;
    /** The Date header, ISO 8601 */
    date: string | null;
    message_id: string | null;
  } | null;
  sha256: string;
  content_type: string;
  size_bytes: number;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /received-documents/{received_id} response.data.lines[] */
export interface ReceivedLine {
  name: string;
  description: string | null;
  quantity: string;
  /** BT-130 as written (a UN/ECE Rec. 20 code) or the unit name */
  unit: string | null;
  /** BT-146, net */
  unit_price: string | null;
  /** BT-149: the quantity unit_price is for (null: per unit) */
  price_base_quantity: string | null;
  /** BT-148: the price before its price discount (null: none stated) */
  gross_unit_price: string | null;
  /** BT-131: the line after its allowances and charges */
  net_amount: string | null;
  /** BT-152, percent */
  tax_rate: string | null;
}

/** GET /received-documents/{received_id} response.data.payment */
export interface ReceivedPayment {
  /** BT-9 */
  due_date: string | null;
  /** BT-20 as written (XRechnung #SKONTO# lines included) */
  terms: string | null;
  /** The XRechnung #SKONTO# terms of BT-20, read: a payment by pay_by of amount settles it */
  early_payment_discounts: {
    /** From the issue date */
    days: number;
    percent: string;
    base_amount: string | null;
    /** The issue date plus days */
    pay_by: string | null;
    /** What is then to be paid: what is still due less the discount; null when nothing more is due */
    amount: string | null;
  }[];
  /** BT-83: the payment reference the seller asks the payer to quote (null: the file states none but the invoice number) */
  reference: string | null;
  /** BG-17: the seller's account to pay into */
  bank_account: {
    /** BT-84 */
    iban: string | null;
    /** BT-86 */
    bic: string | null;
    /** BT-85 */
    account_name: string | null;
    bank_name: string | null;
  } | null;
  /** BG-19: the amount is collected by direct debit, do not transfer it */
  direct_debit: {
    mandate_reference: string;
    creditor_id: string;
    debited_account: string | null;
  } | null;
}

/** GET /received-documents/{received_id}/payments response.data[] */
export interface ReceivedDocumentPayment {
  id: string;
  /** Decimal string in the document's currency */
  amount: string;
  currency: string;
  /** The day the money arrived (YYYY-MM-DD) */
  date: string;
  method: 'bank_transfer' | 'card' | 'cash' | 'direct_debit' | 'other' | 'early_payment_discount' | null;
  reference: string | null;
  note: string | null;
  created_at: string;
  received_document_id: string;
}

/** GET /templates response.data[] */
export interface BuiltInTemplate {
  template_id: string;
  name: string;
  document_type: string;
}

/** GET /templates/custom/{template_id} response.data */
export interface CustomTemplate {
  id: string;
  name: string;
  description: string | null;
  base_template_id: string;
  config: TemplateConfig;
  status: 'draft' | 'published';
  is_default: boolean;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** GET /templates/custom response.data[] */
export interface CustomTemplateListed {
  id: string;
  name: string;
  base_template_id: string;
  status: 'draft' | 'published';
  is_default: boolean;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** GET /templates/custom/{template_id} response.data.config */
export interface TemplateConfig {
  primary_color?: string;
  accent_color?: string;
  /** An embedded family or a common name for one (Helvetica, Georgia, Courier...), answered as the family drawn; GET /api/v1/reference/fonts lists them */
  font_family?: string;
  header_text?: string;
  footer_text?: string;
}

/** GET /templates/{template_id}/versions response.data[] */
export interface TemplateVersion {
  id: string;
  template_id: string;
  version: number;
  label: string | null;
  changelog: string | null;
  config: TemplateConfig;
  created_at: string;
}

/** GET /branding-profiles/{id} response.data */
export interface BrandingProfile {
  id: string;
  name: string;
  is_default: boolean;
  logo_file_id: string | null;
  primary_color: string;
  accent_color: string;
  /** An embedded family (Noto Sans, Noto Serif, Noto Sans Mono, Inter) or a common name for one (Helvetica, Georgia, Courier...): answered as the family drawn. GET /api/v1/reference/fonts lists them. */
  font_family: string | null;
  header_text: string | null;
  footer_text: string;
  hide_service_branding: boolean;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
}

/** GET /batches/{batch_id} response.data */
export interface Batch {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled';
  operation: 'render';
  template_id: string;
  template_version: number | null;
  output: {
    format: 'pdf';
    combine: boolean;
    archive_format: 'zip';
    page_size: 'LETTER' | 'A4';
  };
  total_items: number;
  completed_items: number;
  failed_items: number;
  error_message: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** GET /imports/{import_id} response.data */
export interface Import {
  id: string;
  /** What each row creates (products: articles of the catalogue); default 'customers' */
  resource: 'customers' | 'documents' | 'products';
  source_format: 'json' | 'csv';
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  total_rows: number;
  imported_rows: number;
  failed_rows: number;
  errors:
    | {
        row: number;
        /** CSV only, present only where it is not row + 1: the record's row in the spreadsheet, counting the header row and the blank or emptied rows the import skipped (a record with a multi-line cell is one row) */
        sheet_row?: number;
        fields: {
          loc: string;
          msg: string;
          type: string;
        }[];
      }[]
    | null;
  /** Failed rows beyond the first 1000 listed in `errors` (present only then) */
  errors_omitted?: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** The workspace member who created it (wsm_…); absent when an account-level key or the CLI did */
  created_by?: string;
  /** Documents import, while pending, present only when some valid row carries a history (status 'finalized', 'sent' or 'paid'): each such document, which confirm creates issued and with its payment */
  issued_rows?: {
    /** The document's first row (for a CSV, its first line's) */
    row: number;
    /** As on a row error: only where not row + 1 */
    sheet_row?: number;
    number: string;
    status: 'finalized' | 'sent' | 'paid';
    /** The day of the payment recorded with it */
    paid_on?: string;
    /** The payment recorded; absent for a 'paid' row without one: the whole amount due */
    amount_paid?: string;
    /** A 'finalized' or 'sent' row whose payment covers its amount due: confirm makes it paid (absent otherwise) */
    settles?: true;
  }[];
}

/** GET /settings/accounting response.data */
export interface AccountingSettings {
  chart: 'SKR03' | 'SKR04';
  consultant_number: number | null;
  client_number: number | null;
  /** MM-DD */
  fiscal_year_start: string;
  account_length: number;
  revenue_accounts: {
    standard_19: AccountAssignment;
    reduced_7: AccountAssignment;
    intra_eu: AccountAssignment;
    third_country: AccountAssignment;
    reverse_charge: AccountAssignment;
    reverse_charge_domestic: AccountAssignment;
    reverse_charge_third_country: AccountAssignment;
    small_business: AccountAssignment;
    zero_rated: AccountAssignment;
    exempt: AccountAssignment;
    outside_scope_eu: AccountAssignment;
    outside_scope_third_country: AccountAssignment;
    other: AccountAssignment;
  };
  expense_accounts: {
    standard_19: AccountAssignment;
    reduced_7: AccountAssignment;
    intra_eu: AccountAssignment;
    third_country: AccountAssignment;
    reverse_charge: AccountAssignment;
    reverse_charge_domestic: AccountAssignment;
    reverse_charge_third_country: AccountAssignment;
    small_business: AccountAssignment;
    zero_rated: AccountAssignment;
    exempt: AccountAssignment;
    outside_scope_eu: AccountAssignment;
    outside_scope_third_country: AccountAssignment;
    other: AccountAssignment;
  };
  first_debtor_number: number;
  first_creditor_number: number;
  /** Bereits gebucht bis: the books up to this day are kept elsewhere; DATEV exports leave bookings dated on or before it out (only when set) */
  booked_until?: string;
}

/** GET /settings/accounting response.data.revenue_accounts.standard_19 */
export interface AccountAssignment {
  account: string;
  tax_key: string | null;
}

/** GET /exports/archive/{archive_id} response.data */
export interface ArchiveExport {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  from: string;
  to: string;
  created_at: string;
  completed_at: string | null;
  size_bytes: number | null;
  /** Once completed: where to fetch the ZIP */
  download_url: string | null;
  error: string | null;
}

/** GET /channels response.data[] */
export interface Channel {
  /** The channel id: storecove, recommand, afnor-pa, … */
  channel: string;
  name: string;
  network: 'peppol' | 'fr-pa';
  receive: 'poll' | 'webhook' | 'both' | 'none';
  /** The e-invoice profiles it sends, preferred first */
  profiles: string[];
  secret_names: string[];
  /** The account has a connection (enabled or not) */
  connected: boolean;
  enabled: boolean;
  /** The provider's API used: the account's, else the channel's own */
  base_url: string;
  settings: Record<string, unknown>;
  /** Which secrets are set (never their values) */
  secrets: Record<string, boolean>;
  /** A webhook URL was made (shown once when made) */
  webhook: boolean;
  last_polled_at: string | null;
  last_poll_error: string | null;
}

/** POST /channels/{channel}/test response.data */
export interface ChannelTest {
  channel: string;
  ok: boolean;
  /** The provider's answer in its (English) words, the detail of `reason` */
  message: string;
  /** What the reason is, beside the provider's own words: credentials_refused, not_found, provider_unavailable, not_provider_api, rate_limited, refused, network_rejected, connection_incomplete, receiver_found (docs/channels.md); present only when known */
  reason?:
    | 'credentials_refused'
    | 'not_found'
    | 'provider_unavailable'
    | 'not_provider_api'
    | 'rate_limited'
    | 'refused'
    | 'network_rejected'
    | 'connection_incomplete'
    | 'receiver_found';
}

/** GET /network-deliveries/{delivery_id} response.data */
export interface NetworkDelivery {
  /** `ndl_` id */
  id: string;
  document_id: string;
  channel: string;
  network: string;
  profile: string;
  receiver: ElectronicAddress;
  /** queued, submitted, delivered, accepted, rejected, paid, failed (docs/channels.md) */
  state: 'queued' | 'submitted' | 'delivered' | 'accepted' | 'rejected' | 'paid' | 'failed';
  reason: string | null;
  /** What the reason is, beside the provider's own words: credentials_refused, not_found, provider_unavailable, not_provider_api, rate_limited, refused, network_rejected, connection_incomplete, receiver_found (docs/channels.md); present only when known */
  reason_code?:
    | 'credentials_refused'
    | 'not_found'
    | 'provider_unavailable'
    | 'not_provider_api'
    | 'rate_limited'
    | 'refused'
    | 'network_rejected'
    | 'connection_incomplete'
    | 'receiver_found';
  /** While queued: why the last attempt did not go through (the provider away, rate limited, slow) and it waits for the next; null once it went through */
  last_error: string | null;
  /** What the reason is, beside the provider's own words: credentials_refused, not_found, provider_unavailable, not_provider_api, rate_limited, refused, network_rejected, connection_incomplete, receiver_found (docs/channels.md); present only when known */
  last_error_code?:
    | 'credentials_refused'
    | 'not_found'
    | 'provider_unavailable'
    | 'not_provider_api'
    | 'rate_limited'
    | 'refused'
    | 'network_rejected'
    | 'connection_incomplete'
    | 'receiver_found';
  provider_ref: string | null;
  created_at: string;
  updated_at: string;
  /** Every transition, oldest first, with its receipt */
  events: NetworkDeliveryEvent[];
}

/** GET /network-deliveries/{delivery_id} response.data.events[] */
export interface NetworkDeliveryEvent {
  /** queued, submitted, delivered, accepted, rejected, paid, failed (docs/channels.md) */
  state: 'queued' | 'submitted' | 'delivered' | 'accepted' | 'rejected' | 'paid' | 'failed';
  at: string;
  reason: string | null;
  /** What the reason is, beside the provider's own words: credentials_refused, not_found, provider_unavailable, not_provider_api, rate_limited, refused, network_rejected, connection_incomplete, receiver_found (docs/channels.md); present only when known */
  reason_code?:
    | 'credentials_refused'
    | 'not_found'
    | 'provider_unavailable'
    | 'not_provider_api'
    | 'rate_limited'
    | 'refused'
    | 'network_rejected'
    | 'connection_incomplete'
    | 'receiver_found';
  /** Where the entry comes from, beside `reason` (the lookup: an SMP URL) */
  detail?: string;
  receipt: {
    content_type: string;
    /** The channel's receipt, unchanged: all of it, or its first 64 KiB when `truncated` */
    body: string;
    /** The receipt was larger than 64 KiB: the rest was not kept */
    truncated: boolean;
  } | null;
}

/** GET /received-documents/{received_id}/transport response.data */
export interface ReceivedTransport {
  received_id: string;
  channel: string;
  provider_ref: string;
  sender: ElectronicAddress | null;
  transport: Record<string, string>;
  response: {
    state: string;
    reason: string | null;
    at: string;
    receipt: string | null;
  } | null;
}

/** GET /customers/{id}/networks response.data */
export interface CustomerNetworks {
  electronic_address: ElectronicAddress | null;
  /** Its e-invoice profile (Peppol BIS, XRechnung) and Peppol address say it takes invoices over Peppol */
  must_use_peppol: boolean;
  /** The service's own Peppol lookup (null: no Peppol address, or the lookup failed) */
  peppol: {
    /** The ICD (ISO 6523), e.g. 0088 (GLN), 0208 (Belgian enterprise number) */
    scheme: string;
    /** The identifier, lowercased: Peppol identifiers are case-insensitive */
    value: string;
    /** The Peppol SML names an SMP for the participant (its DNS record) */
    registered: boolean;
    /** The SMP publishes an AS4 endpoint in service for Peppol BIS Billing 3.0 invoices: an invoice can be sent */
    invoice: boolean;
    /** The same for Peppol BIS Billing 3.0 credit notes */
    credit_note: boolean;
    /** The same for XRechnung 3.0 UBL invoices */
    xrechnung_ubl: boolean;
    /** The same for XRechnung 3.0 CII invoices */
    xrechnung_cii: boolean;
    /** The participant's SMP, as the SML names it */
    smp_url: string | null;
    /** When the SML and SMP were asked (ISO 8601) */
    checked_at: string;
    /** Answered from a lookup of the last 24 hours (`?refresh=true` asks again) */
    cached: boolean;
  } | null;
  peppol_error: string | null;
  /** Each enabled channel's own directory */
  channels: {
    channel: string;
    name: string;
    network: string;
    reachable: boolean;
    invoice: boolean;
    credit_note: boolean;
    detail: string | null;
    checked_at: string;
    /** Why the channel's lookup failed, if it did */
    error: string | null;
  }[];
}
