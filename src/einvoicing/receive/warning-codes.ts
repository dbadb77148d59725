// Each reading note (a warning a reader makes: what the file states that the data does not keep) has a
// stable code and the values its English message inserts (`params`, every one a string), so a client says
// it in its own language (docs/receiving.md, "Reading notes: codes and params"); `message` stays as it was.
// A name ending in `?` is a param the note leaves out when the file states nothing for it.

export const RECEIVE_WARNING_PARAMS = {
  format_factur_x_minimum: [],
  format_factur_x_basic_wl: [],
  format_zugferd_1: ['profile?'],
  format_oioubl: [],
  format_zatca: [],
  format_peppol_pint: [],
  format_ehf_2: [],
  format_ubl_other: ['customization_id?'],
  second_tax_registration: [],
  other_payment_accounts: ['kept', 'others'],
  preceding_invoices: [],
  attachment_not_kept: [],
  link_not_http: ['url'],
  note_subject_codes: ['subject_code?', 'codes'],
  note_lines: ['count'],
  due_date_before_issue_date: ['due_date', 'issue_date'],
  tax_point_date_code_unknown: ['code', 'standard_codes'],
  tax_point_date_code_beside_date: ['code'],
  tax_currency_rate_implied: ['currency', 'tax_total', 'rate'],
  tax_currency_total_not_kept: ['currency'],
  document_allowance_percentage: ['percent', 'base?', 'amount'],
  line_allowance_percentage: ['percent', 'base?', 'amount'],
  line_allowances_combined: ['count'],
  price_from_line_amount: ['quantity', 'price', 'amount', 'kept'],
  price_base_quantity_rounded: ['price', 'base_quantity', 'kept'],
  price_base_quantity_not_positive: ['base_quantity'],
  price_base_unit: ['base_quantity', 'base_unit', 'unit'],
  gross_price_as_net_price: ['lines', 'more?'],
  sub_invoice_lines: ['count'],
  group_lines: ['count', 'lines'],
  information_lines: ['count', 'lines'],
  prepaid_payments: ['amounts'],
  third_party_payment_without_amount: [],
  stated_totals: ['subtotal?', 'net_total?', 'tax_total?', 'total?', 'amount_due?'],
  stated_totals_no_lines: ['subtotal?', 'net_total?', 'tax_total?', 'total?', 'amount_due?'],
  list_shortened: ['count', 'keep'],
  value_too_long: ['value', 'max_length', 'part?'],
  value_too_short: ['value', 'min_length', 'part?'],
  value_pattern_mismatch: ['value', 'pattern', 'part?'],
  value_format_mismatch: ['value', 'format', 'part?'],
  date_not_in_calendar: ['value', 'part?'],
} as const satisfies Record<string, readonly string[]>;

type Catalogue = typeof RECEIVE_WARNING_PARAMS;
export type ReceiveWarningCode = keyof Catalogue;

/** Every code, in the catalogue's order (the OpenAPI enum, the docs' table, the console's texts). */
export const RECEIVE_WARNING_CODES = Object.keys(RECEIVE_WARNING_PARAMS) as ReceiveWarningCode[];
/** The same as a non-empty list, for a schema's enum. */
export const RECEIVE_WARNING_CODES_TUPLE = RECEIVE_WARNING_CODES as [
  ReceiveWarningCode,
  ...ReceiveWarningCode[],
];

type Required<L extends readonly string[]> = Exclude<L[number], `${string}?`>;
type Optional<L extends readonly string[]> = L[number] extends infer N
  ? N extends `${infer Name}?`
    ? Name
    : never
  : never;

/** The params of a code: each named one a string, the optional ones absent when the file states none. */
export type ParamsOf<C extends ReceiveWarningCode> = { [K in Required<Catalogue[C]>]: string } & {
  [K in Optional<Catalogue[C]>]?: string;
};
