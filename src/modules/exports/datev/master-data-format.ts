// The DATEV-Format "Debitoren/Kreditoren" (EXTF, header version 700, data category 16, format version 5):
// the personal accounts' master data, one line per debtor or creditor in DATEV's 254 columns, written by
// the same rules as the Buchungsstapel (format.ts): `;`, text quoted, CRLF, Windows-1252 by default.
import { CRLF } from './format';
import { text } from './text';

const bank = (n: number) => [
  `Bankleitzahl ${n}`,
  `Bankbezeichnung ${n}`,
  `Bank-Kontonummer ${n}`,
  `Länderkennzeichen ${n}`,
  `IBAN-Nr. ${n}`,
  'Leerfeld',
  `SWIFT-Code ${n}`,
  `Abw. Kontoinhaber ${n}`,
  `Kennz. Hauptbankverb. ${n}`,
  `Bankverb ${n} Gültig von`,
  `Bankverb ${n} Gültig bis`,
];
const banks = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => bank(from + i)).flat();
const numbered = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name} ${i + 1}`);
const billing = (name: string) => `${name} (Rechnungsadresse)`;
const contact = (name: string) => [name, `Bemerkung (${name})`];

/** The column line of format version 5, in DATEV's order and spelling (254 names). */
export const MASTER_DATA_COLUMNS: readonly string[] = [
  'Konto',
  'Name (Adressattyp Unternehmen)',
  'Unternehmensgegenstand',
  'Name (Adressattyp natürl. Person)',
  'Vorname (Adressattyp natürl. Person)',
  'Name (Adressattyp keine Angabe)',
  'Adressattyp',
  'Kurzbezeichnung',
  'EU-Land',
  'EU-UStID',
  'Anrede',
  'Titel/Akad. Grad',
  'Adelstitel',
  'Namensvorsatz',
  'Adressart',
  'Straße',
  'Postfach',
  'Postleitzahl',
  'Ort',
  'Land',
  'Versandzusatz',
  'Adresszusatz',
  'Abweichende Anrede',
  'Abw. Zustellbezeichnung 1',
  'Abw. Zustellbezeichnung 2',
  'Kennz. Korrespondenzadresse',
  'Adresse Gültig von',
  'Adresse Gültig bis',
  ...contact('Telefon'),
  ...contact('Telefon GL'),
  ...contact('E-Mail'),
  ...contact('Internet'),
  ...contact('Fax'),
  ...contact('Sonstige'),
  ...banks(1, 5),
  'Leerfeld',
  'Briefanrede',
  'Grußformel',
  'Kunden-/Lief.-Nr.',
  'Steuernummer',
  'Sprache',
  'Ansprechpartner',
  'Vertreter',
  'Sachbearbeiter',
  'Diverse-Konto',
  'Ausgabeziel',
  'Währungssteuerung',
  'Kreditlimit (Debitor)',
  'Zahlungsbedingung',
  'Fälligkeit in Tagen (Debitor)',
  'Skonto in Prozent (Debitor)',
  'Kreditoren-Ziel 1 Tg.',
  'Kreditoren-Skonto 1 %',
  'Kreditoren-Ziel 2 Tg.',
  'Kreditoren-Skonto 2 %',
  'Kreditoren-Ziel 3 Brutto Tg.',
  'Kreditoren-Ziel 4 Tg.',
  'Kreditoren-Skonto 4 %',
  'Kreditoren-Ziel 5 Tg.',
  'Kreditoren-Skonto 5 %',
  'Mahnung',
  'Kontoauszug',
  ...numbered('Mahntext', 3),
  'Kontoauszugstext',
  'Mahnlimit Betrag',
  'Mahnlimit %',
  'Zinsberechnung',
  ...numbered('Mahnzinssatz', 3),
  'Lastschrift',
  'Leerfeld',
  'Mandantenbank',
  'Zahlungsträger',
  ...numbered('Indiv. Feld', 15),
  billing('Abweichende Anrede'),
  billing('Adressart'),
  billing('Straße'),
  billing('Postfach'),
  billing('Postleitzahl'),
  billing('Ort'),
  billing('Land'),
  billing('Versandzusatz'),
  billing('Adresszusatz'),
  billing('Abw. Zustellbezeichnung 1'),
  billing('Abw. Zustellbezeichnung 2'),
  billing('Adresse Gültig von'),
  billing('Adresse Gültig bis'),
  ...banks(6, 10),
  'Nummer Fremdsystem',
  'Insolvent',
  ...numbered('SEPA-Mandatsreferenz', 10),
  'Verknüpftes OPOS-Konto',
  'Mahnsperre bis',
  'Lastschriftsperre bis',
  'Zahlungssperre bis',
  'Gebührenberechnung',
  ...numbered('Mahngebühr', 3),
  'Pauschalenberechnung',
  ...numbered('Verzugspauschale', 3),
  'Alternativer Suchname',
  'Status',
  'Anschrift manuell geändert (Korrespondenzadresse)',
  'Anschrift individuell (Korrespondenzadresse)',
  'Anschrift manuell geändert (Rechnungsadresse)',
  'Anschrift individuell (Rechnungsadresse)',
  'Fristberechnung bei Debitor',
  ...numbered('Mahnfrist', 3),
  'Letzte Frist',
];

/** One debtor or creditor: what the service knows of it. */
export interface PersonalAccount {
  /** The debtor or creditor number (Personenkonto). */
  account: number;
  name: string;
  /** EU-Land and EU-UStID: the VAT ID split into its member state and the rest. */
  vatId: { country: string; number: string } | null;
  street: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  email: string | null;
  phone: string | null;
  /** The contact person (EN 16931 BT-41 / BT-56; a customer's `contact_name`). */
  contactName: string | null;
  /** A German Steuernummer (EN 16931 BT-32), creditors only. */
  taxNumber: string | null;
}

const at = (name: string) => {
  const index = MASTER_DATA_COLUMNS.indexOf(name);
  if (index < 0) throw new Error(`no DATEV column ${name}`);
  return index;
};

/**
 * One line: every party as a company (Adressattyp 2, DATEV's default; the service does not tell people from
 * firms), with its name, short name, VAT ID, street address (Adressart STR), e-mail, phone, contact person
 * and a creditor's Steuernummer; the other columns empty. Lengths are DATEV's (name 50, short name 15,
 * street 36, postcode 10, city 30, contact person 40, Steuernummer 20).
 */
export function masterDataLine(p: PersonalAccount): string {
  const fields: string[] = MASTER_DATA_COLUMNS.map(() => '');
  const put = (column: string, value: string | null | undefined, max: number) => {
    if (value) fields[at(column)] = text(value, max);
  };
  fields[at('Konto')] = String(p.account);
  put('Name (Adressattyp Unternehmen)', p.name, 50);
  put('Adressattyp', '2', 1);
  put('Kurzbezeichnung', p.name, 15);
  put('EU-Land', p.vatId?.country, 2);
  put('EU-UStID', p.vatId?.number, 13);
  put('Adressart', p.street ? 'STR' : null, 3);
  put('Straße', p.street, 36);
  put('Postleitzahl', p.postalCode, 10);
  put('Ort', p.city, 30);
  put('Land', p.country, 2);
  put('Adresszusatz', p.addressLine2, 36);
  put('Telefon', p.phone, 60);
  put('E-Mail', p.email, 60);
  put('Ansprechpartner', p.contactName, 40);
  put('Steuernummer', p.taxNumber, 20);
  return fields.join(';') + CRLF;
}
