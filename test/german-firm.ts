// A small Berlin engineering office (issue 27) and the federal authority it invoices (XRechnung): the
// profile with every German legal detail, the buyer with its Leitweg-ID, and a line of their work.

/** The office's business profile: bank account, Steuernummer beside the VAT id, register, directors, A4. */
export const GERMAN_SELLER = {
  legal_name: 'Ingenieurbüro Nordlicht GmbH',
  email: 'rechnung@nordlicht.example',
  phone: '+49 30 1234567',
  tax_id: 'DE123456789',
  tax_number: '37/123/45678',
  registration_number: 'HRB 123456 B, Amtsgericht Charlottenburg',
  managing_directors: ['Erika Mustermann', 'Max Mustermann'],
  default_page_size: 'A4',
  default_locale: 'de-DE',
  address: { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' },
  electronic_address: { scheme: 'EM', value: 'rechnung@nordlicht.example' },
  bank_account: {
    account_holder: 'Ingenieurbüro Nordlicht GmbH',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    bank_name: 'Commerzbank',
  },
};

/** A buyer that needs XRechnung (UBL), its Leitweg-ID as its electronic address (scheme 0204). */
export const AUTHORITY = {
  name: 'Bundesamt für Beispiele',
  email: 'eingang@bundesamt.example',
  billing_address: { line1: 'Am Amt 1', city: 'Bonn', postal_code: '53113', country: 'DE' },
  electronic_address: { scheme: '0204', value: '991-12345-67' },
  einvoice_profile: 'xrechnung_ubl',
};

/** One 19 % line of the office's work, with `overrides` over it. */
export const germanLine = (overrides: Record<string, unknown> = {}) => ({
  name: 'Statik-Gutachten',
  quantity: '1',
  unit_price: '1250.00',
  taxes: [{ name: 'USt', rate: '19', category: 'S' }],
  ...overrides,
});

/**
 * The body of a German invoice of the office (issued 2026-11-30, due 14 days later, VAT), for `profileId`
 * and `customerId`, with `lines` and anything in `extra` over it.
 */
export function germanInvoiceBody(
  profileId: string,
  customerId: string,
  number: string,
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
  return {
    number,
    issue_date: '2026-11-30',
    due_date: '2026-12-14',
    currency: 'EUR',
    locale: 'de-DE',
    tax_scheme: 'VAT',
    business_profile_id: profileId,
    customer_id: customerId,
    line_items: lines,
    ...extra,
  };
}
