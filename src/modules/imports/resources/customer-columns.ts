import { type FieldError, validationError } from '../../../shared/errors';

// The header of a customers CSV: the API's own column names (`name`, `billing_address.city`, `metadata.<key>`)
// and the German names a small firm's list, lexoffice, sevDesk or an Excel sheet gives the same fields
// (`Firma`, `PLZ`, `E-Mail`, `Kundennummer`), in any mix. Documented in docs/imports.md (German column names).

/** The address fields a column may name (`billing_address.<field>`, `shipping_address.<field>`). */
export const ADDRESS_COLUMNS = new Set([
  'line1',
  'line2',
  'line3',
  'city',
  'state',
  'postal_code',
  'country',
]);
export const ADDRESS_FIELDS = new Set(['billing_address', 'shipping_address']);

/**
 * The customer's VAT for new lines (`default_tax`, the object a JSON row and POST /customers take), one
 * column per property: `default_tax.rate;default_tax.category;default_tax.exemption_reason` (a builder
 * invoiced under § 13b UStG: `0;AE;Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)`).
 */
export const DEFAULT_TAX = 'default_tax';
export const DEFAULT_TAX_COLUMNS = new Set(['rate', 'category', 'exemption_reason', 'exemption_reason_code']);

/** Create fields a column names as they are. */
const SCALAR_COLUMNS = [
  'name',
  'contact_name',
  'email',
  'phone',
  'tax_id',
  'buyer_reference',
  'debtor_number',
] as const;

/**
 * Columns that are no create field: a private person's name in two parts. `name` is then
 * "first_name last_name", or with a company name the contact (`contact_name`).
 */
export const FIRST_NAME = 'first_name';
export const LAST_NAME = 'last_name';

/**
 * A column that is no create field either: the number a tool gave the customer (`Kundennummer`). It is the
 * DATEV debtor number when every number of the column is a debtor account (lexoffice numbers customers
 * 10000-69999, as DATEV does), otherwise the customer's `metadata.Kundennummer` (sevDesk counts from 1000,
 * other tools from 1): resources/customers.ts, docs/imports.md "Customer numbers".
 */
export const CUSTOMER_NUMBER = 'customer_number';
/** The metadata key a customer number that is no debtor account is kept under. */
export const CUSTOMER_NUMBER_KEY = 'Kundennummer';

/**
 * Other names of a column, compared as `squashed` compares them (case, spaces, dots, hyphens and
 * underscores left out: `USt-IdNr.` is `ustidnr`). `name` is the customer's name unless the file also has a
 * first-name column: then it is the surname (`Firma;Name;Vorname`), as German address lists use it.
 */
export const COLUMN_ALIASES: Record<string, readonly string[]> = {
  name: ['Firma', 'Firmenname', 'Unternehmen', 'Organisation', 'Kundenname', 'Name (Firma)'],
  [FIRST_NAME]: ['Vorname'],
  [LAST_NAME]: ['Nachname', 'Familienname'],
  contact_name: ['Ansprechpartner', 'Kontaktperson', 'z. Hd.'],
  email: ['E-Mail', 'E-Mail-Adresse', 'Mail'],
  phone: ['Telefon', 'Telefonnummer', 'Tel.'],
  tax_id: ['USt-IdNr.', 'USt-ID', 'USt-IdNr', 'Umsatzsteuer-ID', 'Umsatzsteuer ID', 'UStID-Nr.'],
  [CUSTOMER_NUMBER]: ['Kundennummer', 'Kunden-Nr.', 'Kd.-Nr.'],
  debtor_number: ['Debitorennummer', 'Debitorenkonto', 'Debitor', 'Debitoren-Nr.'],
  buyer_reference: ['Leitweg-ID'],
  'billing_address.line1': ['Straße', 'Strasse', 'Straße und Hausnummer', 'Adresse', 'Anschrift'],
  'billing_address.line2': ['Adresszusatz'],
  'billing_address.postal_code': ['PLZ', 'Postleitzahl'],
  'billing_address.city': ['Ort', 'Stadt'],
  'billing_address.state': ['Bundesland'],
  'billing_address.country': ['Land'],
};

/** `USt-IdNr.` -> `ustidnr`: how an alias is looked up. */
function squashed(column: string): string {
  return column.toLowerCase().replace(/[\s._-]+/g, '');
}

const ALIASES = new Map<string, string>();
for (const [field, names] of Object.entries(COLUMN_ALIASES)) {
  for (const name of names) ALIASES.set(squashed(name), field);
}
ALIASES.set(squashed(FIRST_NAME), FIRST_NAME);
ALIASES.set(squashed(LAST_NAME), LAST_NAME);
ALIASES.set(squashed(CUSTOMER_NUMBER), CUSTOMER_NUMBER);

/** The field a header cell names (`billing_address.city`, `metadata.CRM_Id`, `first_name`), or null. */
function fieldOf(column: string): string | null {
  const lower = column.toLowerCase();
  const dot = lower.indexOf('.');
  if (dot > 0) {
    const [head, rest] = [lower.slice(0, dot), lower.slice(dot + 1)];
    if (ADDRESS_FIELDS.has(head) && ADDRESS_COLUMNS.has(rest)) return lower;
    if (head === DEFAULT_TAX && DEFAULT_TAX_COLUMNS.has(rest)) return lower;
    // A metadata key keeps its own case: `Metadata.CRM_Id` sets `CRM_Id`.
    if (head === 'metadata' && rest !== '') return `metadata${column.slice(dot)}`;
  }
  if ((SCALAR_COLUMNS as readonly string[]).includes(lower)) return lower;
  return ALIASES.get(squashed(column)) ?? null;
}

/** Every name a customers CSV column may have, for the message refusing an unknown one. */
export function acceptedColumns(): string {
  const aliases = (field: string) => {
    const names = COLUMN_ALIASES[field] ?? [];
    return names.length > 0 ? ` (${names.join(', ')})` : '';
  };
  const fields = [
    ...SCALAR_COLUMNS,
    FIRST_NAME,
    LAST_NAME,
    CUSTOMER_NUMBER,
    ...[...ADDRESS_FIELDS].flatMap((parent) => [...ADDRESS_COLUMNS].map((child) => `${parent}.${child}`)),
    ...[...DEFAULT_TAX_COLUMNS].map((child) => `${DEFAULT_TAX}.${child}`),
  ];
  return `${fields.map((field) => `${field}${aliases(field)}`).join(', ')}, metadata.<key>`;
}

export const ACCEPTED_PREFIX = 'the columns a customers file may have:';

/**
 * The fields of a header (one per column, in order). Unknown columns and two columns meaning one field are
 * a 422 at the header naming them, the unknown ones with the list of accepted names.
 */
export function headerFields(header: readonly string[]): string[] {
  const fields = header.map(fieldOf);
  // `Firma;Name;Vorname`: with a first name beside it, `Name` is the surname.
  if (fields.includes(FIRST_NAME)) {
    header.forEach((column, i) => {
      if (column.toLowerCase() === 'name') fields[i] = LAST_NAME;
    });
  }
  const problems = columnProblems(header, fields, `${ACCEPTED_PREFIX} ${acceptedColumns()}`, (column) =>
    column.toLowerCase(),
  );
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return fields as string[];
}

/**
 * A header's unknown columns and columns meaning one field twice (each file kind's fields by column, null
 * where none): a problem at `body.data.0` each, and, after unknown ones, `accepted` (the names the kind
 * takes). `shown` writes a column as the message names it.
 */
export function columnProblems(
  header: readonly string[],
  fields: readonly (string | null)[],
  accepted: string,
  shown: (column: string) => string = (column) => column,
): FieldError[] {
  const problems: FieldError[] = [];
  const first = new Map<string, number>();
  let unknown = false;
  fields.forEach((field, i) => {
    const column = header[i] ?? '';
    if (field === null) {
      unknown = true;
      problems.push({ loc: 'body.data.0', msg: `unknown column '${shown(column)}'`, type: 'invalid_header' });
      return;
    }
    const earlier = first.get(field);
    if (earlier === undefined) {
      first.set(field, i);
      return;
    }
    const other = header[earlier] ?? '';
    const msg =
      other.toLowerCase() === column.toLowerCase()
        ? `duplicate column '${shown(column)}'`
        : `columns '${other}' and '${column}' both mean ${field}: keep one`;
    problems.push({ loc: 'body.data.0', msg, type: 'invalid_header' });
  });
  if (unknown) problems.push({ loc: 'body.data.0', msg: accepted, type: 'invalid_header' });
  return problems;
}
