// The DATEV-Format "Buchungsstapel" (EXTF, header version 700, data category 21, format version 13) as
// DATEV's format description on developer.datev.de has it (docs/exports.md): a header line of 31 fields,
// the line of the 125 column names, then one line per booking. `;` between fields, text in double quotes
// (quotes doubled, no control characters), amounts with a decimal comma, CRLF after every line.

export const FORMAT_VERSION = 13;

const BELEGINFO = Array.from({ length: 8 }, (_, i) => [
  `Beleginfo - Art ${i + 1}`,
  `Beleginfo - Inhalt ${i + 1}`,
]).flat();
// "Zusatzinformation- Inhalt" without the space is DATEV's own spelling.
const ZUSATZINFO = Array.from({ length: 20 }, (_, i) => [
  `Zusatzinformation - Art ${i + 1}`,
  `Zusatzinformation- Inhalt ${i + 1}`,
]).flat();

/** The column line, in DATEV's order (125 names). */
export const COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...BELEGINFO,
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...ZUSATZINFO,
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

export const CRLF = '\r\n';

/**
 * A text field: quoted, inner quotes doubled, cut to `max`. Control characters (C0, DEL, C1, which are no
 * characters in Windows-1252, and the line and paragraph separators) become spaces; a text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@` first: supplier names come from received e-invoices, which
 * outsiders write) gets a leading `'`.
 */
export function text(value: string | null | undefined, max?: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  let clean = (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  if (/^[=+\-@]/.test(clean)) clean = `'${clean}`;
  if (max !== undefined) clean = Array.from(clean).slice(0, max).join('');
  return `"${clean.replaceAll('"', '""')}"`;
}

/** `2026-11-02` -> `20261102`. */
const compactDate = (iso: string) => iso.replaceAll('-', '');

export interface HeaderInput {
  /** When the file was made (the service clock). */
  createdAt: Date;
  consultantNumber: number;
  clientNumber: number;
  /** YYYY-MM-DD. */
  fiscalYearStart: string;
  accountLength: number;
  from: string;
  to: string;
  /** Bezeichnung des Stapels, at most 30 characters. */
  description: string;
  chart: 'SKR03' | 'SKR04';
}

/** The header line (Vorlaufsatz), its 31 fields in DATEV's order. */
export function headerLine(input: HeaderInput): string {
  const created = input.createdAt.toISOString().replace(/[-:TZ.]/g, ''); // YYYYMMDDHHMMSSfff
  const fields = [
    text('EXTF'), // 1 Kennzeichen: made by a program outside DATEV
    '700', // 2 header version
    '21', // 3 data category: Buchungsstapel
    text('Buchungsstapel'), // 4 format name
    String(FORMAT_VERSION), // 5 format version
    created, // 6 created at
    '', // 7 imported (DATEV's)
    text('RE'), // 8 origin (Herkunft)
    text(''), // 9 exported by
    text(''), // 10 imported by
    String(input.consultantNumber), // 11 Beraternummer
    String(input.clientNumber), // 12 Mandantennummer
    compactDate(input.fiscalYearStart), // 13 WJ-Beginn
    String(input.accountLength), // 14 Sachkontenlänge
    compactDate(input.from), // 15 Datum vom
    compactDate(input.to), // 16 Datum bis
    text(input.description, 30), // 17 Bezeichnung
    text(''), // 18 Diktatkürzel
    '1', // 19 Buchungstyp: Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: independent of it
    '0', // 21 Festschreibung: left to the tax adviser
    text('EUR'), // 22 WKZ: the books' currency
    '', // 23 reserved
    text(''), // 24 Derivatskennzeichen
    '', // 25 reserved
    '', // 26 reserved
    text(input.chart === 'SKR04' ? '04' : '03'), // 27 Sachkontenrahmen
    '', // 28 Branchenlösung
    '', // 29 reserved
    text(''), // 30 reserved
    text(''), // 31 Anwendungsinformation
  ];
  return fields.join(';') + CRLF;
}

export interface Booking {
  /** Positive decimal string with two decimals ("119.00"). */
  amount: string;
  /** S: Konto is debited (Soll); H: credited (Haben). */
  side: 'S' | 'H';
  currency: string;
  /** The personal account: a customer's debtor or a supplier's creditor number. */
  account: number;
  counterAccount: string;
  taxKey: string | null;
  /** YYYY-MM-DD; written as DDMM (the year is the header's). */
  date: string;
  /** Belegfeld 1: the document number. */
  reference: string;
  /** Buchungstext: the other party's name. */
  text: string;
}

/**
 * Belegfeld 1 takes at most 36 characters of letters, digits and `$ & % * + - / .` (DATEV's expression):
 * anything else becomes `-`, so an invoice number stays recognisable.
 */
export function belegfeld(number: string): string {
  const mapped = number.replace(/[^A-Za-z0-9$&%*+\-/.]/g, '-');
  // Never a sign first: a spreadsheet opening the file would run `-1+3` (from `=1+3`) as a formula, and an
  // apostrophe is not in DATEV's set. `$` is, and starts no formula.
  return Array.from(mapped.replace(/^[+-]/, '$')).slice(0, 36).join('');
}

/** One booking line: the fields DATEV needs filled, then empty ones up to the 125 columns. */
export function bookingLine(b: Booking): string {
  const [, month, day] = b.date.split('-');
  const fields = [
    b.amount.replace('.', ','),
    text(b.side),
    text(b.currency),
    '', // Kurs
    '', // Basis-Umsatz
    '', // WKZ Basis-Umsatz
    String(b.account),
    b.counterAccount,
    b.taxKey === null ? '' : text(b.taxKey),
    `${day}${month}`,
    text(belegfeld(b.reference)),
    text(''), // Belegfeld 2
    '', // Skonto
    text(b.text, 60),
  ];
  while (fields.length < COLUMNS.length) fields.push('');
  return fields.join(';') + CRLF;
}

// Windows-1252 differs from Latin-1 only in 0x80-0x9F; everything else it cannot hold becomes `?`.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const HIGH_CODES = new Map(Array.from(CP1252_HIGH).map((ch, i) => [ch, 0x80 + i]));

/** The text as Windows-1252 bytes (what DATEV imports by default). */
export function encodeCp1252(value: string): Uint8Array {
  const out = new Uint8Array(value.length);
  let n = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0x3f;
    const high = HIGH_CODES.get(ch);
    out[n++] = high ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : 0x3f);
  }
  return out.subarray(0, n);
}
