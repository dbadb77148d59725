// The DATEV-Format "Buchungsstapel" (EXTF, header version 700, data category 21, format version 13) as
// DATEV's format description on developer.datev.de has it (docs/exports.md): a header line of 31 fields,
// the line of the 125 column names, then one line per booking. `;` between fields, text in double quotes
// (quotes doubled, no control characters), amounts with a decimal comma, CRLF after every line.

import { belegfeld, text } from './text';

export { belegfeld, encodeCp1252, text, transliterate } from './text';

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

/** `2026-11-02` -> `20261102`. */
const compactDate = (iso: string) => iso.replaceAll('-', '');

/** The two EXTF data categories the service writes: bookings (21) and debtor/creditor master data (16). */
const CATEGORIES = {
  Buchungsstapel: { number: '21', version: FORMAT_VERSION },
  'Debitoren/Kreditoren': { number: '16', version: 5 },
} as const;

export interface HeaderInput {
  /** Erzeugt am (for a Buchungsstapel: taken from its bookings, docs/exports.md). */
  createdAt: Date;
  consultantNumber: number;
  clientNumber: number;
  /** YYYY-MM-DD. */
  fiscalYearStart: string;
  accountLength: number;
  /** The batch's period (Datum vom/bis): a Buchungsstapel's only. */
  from?: string;
  to?: string;
  /** Bezeichnung des Stapels, at most 30 characters. */
  description: string;
  chart: 'SKR03' | 'SKR04';
  /** The data category; Buchungsstapel unless said. */
  format?: keyof typeof CATEGORIES;
}

/**
 * The header line (Vorlaufsatz), its 31 fields in DATEV's order. Period, Buchungstyp,
 * Rechnungslegungszweck, Festschreibung and WKZ belong to a Buchungsstapel only: empty for master data.
 */
export function headerLine(input: HeaderInput): string {
  const format = input.format ?? 'Buchungsstapel';
  const batch = format === 'Buchungsstapel';
  const created = input.createdAt.toISOString().replace(/[-:TZ.]/g, ''); // YYYYMMDDHHMMSSfff
  const fields = [
    text('EXTF'), // 1 Kennzeichen: made by a program outside DATEV
    '700', // 2 header version
    CATEGORIES[format].number, // 3 data category
    text(format), // 4 format name
    String(CATEGORIES[format].version), // 5 format version
    created, // 6 created at
    '', // 7 imported (DATEV's)
    text('RE'), // 8 origin (Herkunft)
    text(''), // 9 exported by
    text(''), // 10 imported by
    String(input.consultantNumber), // 11 Beraternummer
    String(input.clientNumber), // 12 Mandantennummer
    compactDate(input.fiscalYearStart), // 13 WJ-Beginn
    String(input.accountLength), // 14 Sachkontenlänge
    batch && input.from ? compactDate(input.from) : '', // 15 Datum vom
    batch && input.to ? compactDate(input.to) : '', // 16 Datum bis
    text(input.description, 30), // 17 Bezeichnung
    text(''), // 18 Diktatkürzel
    batch ? '1' : '', // 19 Buchungstyp: Finanzbuchführung
    batch ? '0' : '', // 20 Rechnungslegungszweck: independent of it
    batch ? '0' : '', // 21 Festschreibung: left to the tax adviser
    text(batch ? 'EUR' : ''), // 22 WKZ: the books' currency
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
  /**
   * An amount in another currency than the euro: DATEV's Kurs (units of `currency` per euro, decimal
   * point) and the amount in euros (Basis-Umsatz, two decimals).
   */
  foreign?: { kurs: string; baseAmount: string } | null;
  /** The personal account: a customer's debtor or a supplier's creditor number. */
  account: number;
  counterAccount: string;
  taxKey: string | null;
  /** YYYY-MM-DD; written as DDMM (the year is the header's). */
  date: string;
  /** Belegfeld 1: the document number (mapped to DATEV's characters). */
  reference: string;
  /** Buchungstext: the other party's name. */
  text: string;
  /** EU-Land u. UStID (Bestimmung): country code and VAT ID, as `ATU12345678`. */
  euVatId?: string | null;
  /**
   * An OSS distance sale: the buyer's EU country (field 40, a consumer's country code alone), the rate
   * taxed there (41, EU-Steuersatz (Bestimmung)) and the seller's VAT ID (123, EU-Land u. UStID (Ursprung)).
   */
  oss?: { country: string; rate: string; origin: string | null } | null;
  /** KOST1 - Kostenstelle: the code of the cost centre the document is allocated to (text, 36 at most). */
  costCentre?: string | null;
  /**
   * Leistungsdatum (YYYY-MM-DD, written TTMMJJJJ): when the supply was made (an issued invoice's BT-72, else
   * its period's end), which the booking otherwise does not carry (its Belegdatum is the issue date).
   */
  supplyDate?: string | null;
  /** Beleginfo: up to eight pairs of kind (20 characters) and content (210). */
  info?: readonly (readonly [string, string])[];
}

/** Beleginfo - Art 1 is the 21st column, KOST1 the 37th, EU-Land u. UStID (Bestimmung) the 40th. */
const BELEGINFO_AT = COLUMNS.indexOf('Beleginfo - Art 1');
const KOST1_AT = COLUMNS.indexOf('KOST1 - Kostenstelle');
const EU_VAT_ID_AT = COLUMNS.indexOf('EU-Land u. UStID (Bestimmung)');
const SUPPLY_DATE_AT = COLUMNS.indexOf('Leistungsdatum');
const EU_RATE_AT = COLUMNS.indexOf('EU-Steuersatz (Bestimmung)');
const ORIGIN_VAT_ID_AT = COLUMNS.indexOf('EU-Land u. UStID (Ursprung)');

/** One booking line: the fields DATEV needs filled, then empty ones up to the 125 columns. */
export function bookingLine(b: Booking): string {
  const [, month, day] = b.date.split('-');
  const fields: string[] = [
    b.amount.replace('.', ','),
    text(b.side),
    text(b.currency),
    b.foreign ? b.foreign.kurs.replace('.', ',') : '', // Kurs
    b.foreign ? b.foreign.baseAmount.replace('.', ',') : '', // Basis-Umsatz
    b.foreign ? text('EUR') : '', // WKZ Basis-Umsatz
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
  (b.info ?? []).slice(0, 8).forEach(([kind, content], i) => {
    fields[BELEGINFO_AT + 2 * i] = text(kind, 20);
    fields[BELEGINFO_AT + 2 * i + 1] = text(content, 210);
  });
  if (b.costCentre) fields[KOST1_AT] = text(b.costCentre, 36);
  if (b.euVatId) fields[EU_VAT_ID_AT] = text(b.euVatId, 15);
  if (b.oss) {
    fields[EU_VAT_ID_AT] = text(b.oss.country, 15);
    fields[EU_RATE_AT] = b.oss.rate.replace('.', ',');
    if (b.oss.origin) fields[ORIGIN_VAT_ID_AT] = text(b.oss.origin, 15);
  }
  if (b.supplyDate && /^\d{4}-\d{2}-\d{2}$/.test(b.supplyDate)) {
    const [year, m, d] = b.supplyDate.split('-');
    fields[SUPPLY_DATE_AT] = `${d}${m}${year}`;
  }
  return fields.join(';') + CRLF;
}
