// The tables of the tax audit export (docs/exports.md, "Tax audit export (GoBD Z3)"): each one's file, name,
// columns with their GDPdU types, primary key (its first columns) and foreign keys. Column names are the
// API's; descriptions are German, for the auditor reading them in the audit software.
import {
  type Column,
  type ColumnType,
  count,
  date,
  decimal,
  money,
  price,
  type TableSpec,
  text,
} from './gdpdu';

const col = (name: string, type: ColumnType, description: string): Column => ({ name, type, description });

/** A file on the carrier: its path and its SHA-256. */
const file = (name: string, what: string): [Column, Column] => [
  col(`${name}_file`, text, `Pfad der Datei (${what}) auf diesem Datenträger`),
  col(`${name}_sha256`, text, `SHA-256-Prüfsumme der Datei (${what}), hexadezimal`),
];

export const DOCUMENTS: TableSpec = {
  file: 'documents.csv',
  name: 'documents',
  description:
    'Ausgangsbelege des Zeitraums (Rechnungen, Gutschriften/Rechnungskorrekturen, Quittungen) nach Belegdatum, jede vergebene Nummer einschließlich stornierter Belege; Beträge wie im Beleg ausgewiesen',
  primaryKey: 1,
  columns: [
    col('document_number', text, 'Belegnummer (Rechnungsnummer)'),
    col(
      'document_type',
      text,
      'Belegart: invoice (Rechnung), credit_note (Gutschrift/Korrektur), receipt (Quittung)',
    ),
    col('status', text, 'Status: finalized, sent, paid, void (storniert), archived, ...'),
    col('issue_date', date, 'Belegdatum (Ausstellungsdatum)'),
    col('due_date', date, 'Fälligkeitsdatum'),
    col('customer_id', text, 'Kunden-ID (Schlüssel in customers)'),
    col('customer_name', text, 'Name des Leistungsempfängers wie im Beleg'),
    col('customer_vat_id', text, 'USt-IdNr. des Leistungsempfängers wie im Beleg'),
    col('currency', text, 'Währung (ISO 4217)'),
    col('lines_total', money, 'Summe der Positionsbeträge (lines.line_amount)'),
    col('discount_total', money, 'Nachlässe auf Belegebene'),
    col('shipping_total', money, 'Versandkosten'),
    col('charge_total', money, 'Zuschläge auf Belegebene außer Versand'),
    col('net_amount', money, 'Nettobetrag (Gesamtbetrag abzüglich Umsatzsteuer)'),
    col('tax_amount', money, 'Umsatzsteuer (Summe von tax_groups.tax_amount)'),
    col('total', money, 'Gesamtbetrag (brutto)'),
    col('prepaid_amount', money, 'Bereits gezahlt (Anzahlung)'),
    col('amount_due', money, 'Zahlbetrag laut Beleg'),
    col('amount_paid', money, 'Summe der erfassten Zahlungen (payments.amount)'),
    col('source_document_number', text, 'Korrigierter Beleg (bei Gutschriften/Rechnungskorrekturen)'),
    col('reason', text, 'Grund der Korrektur'),
    col('finalized_at', text, 'Zeitpunkt der Festschreibung (ISO 8601, UTC)'),
    col('voided_at', text, 'Zeitpunkt der Stornierung (ISO 8601, UTC)'),
    ...file('pdf', 'Beleg als PDF'),
    ...file('xml', 'E-Rechnung (XML), wenn der Kunde eine erhält'),
    col('note', text, 'Hinweis, falls eine Datei nicht beigefügt werden konnte'),
  ],
  foreignKeys: [{ column: 'customer_id', references: 'customers' }],
};

export const LINES: TableSpec = {
  file: 'document_lines.csv',
  name: 'document_lines',
  description: 'Positionen der Ausgangsbelege',
  primaryKey: 2,
  columns: [
    col('document_number', text, 'Belegnummer (Schlüssel in documents)'),
    col('line_number', count, 'Positionsnummer im Beleg, ab 1'),
    col('name', text, 'Bezeichnung'),
    col('description', text, 'Beschreibung'),
    col('sku', text, 'Artikelnummer'),
    col('quantity', decimal, 'Menge'),
    col('unit', text, 'Einheit'),
    col('unit_price', price, 'Einzelpreis'),
    col(
      'price_base_quantity',
      decimal,
      'Preiseinheit: die Menge, für die der Einzelpreis gilt (1 wenn leer)',
    ),
    col('discount_amount', money, 'Positionsrabatt'),
    col(
      'line_amount',
      money,
      'Positionsbetrag (Menge mal Einzelpreis durch Preiseinheit, abzüglich Rabatt, zuzüglich Zuschläge)',
    ),
    col('document_discount_share', money, 'Anteil der Nachlässe auf Belegebene an dieser Position'),
    col('tax_category', text, 'Steuerkategorie (UNCL5305: S, Z, E, AE, K, G, O)'),
    col('tax_rate', decimal, 'Steuersatz in Prozent'),
    col('price_includes_tax', text, 'true, wenn der Einzelpreis die Steuer enthält (Bruttopreis)'),
    col('further_taxes', text, 'Weitere Steuern der Position (Kategorie Satz %)'),
    col('currency', text, 'Währung (ISO 4217)'),
  ],
  foreignKeys: [{ column: 'document_number', references: 'documents' }],
};

export const TAX_GROUPS: TableSpec = {
  file: 'tax_groups.csv',
  name: 'tax_groups',
  description: 'Umsatzsteuer der Ausgangsbelege je Steuersatz und -kategorie',
  primaryKey: 2,
  columns: [
    col('document_number', text, 'Belegnummer (Schlüssel in documents)'),
    col('group_number', count, 'Laufende Nummer der Steuergruppe im Beleg, ab 1'),
    col('tax_name', text, 'Bezeichnung der Steuer'),
    col('tax_category', text, 'Steuerkategorie (UNCL5305)'),
    col('tax_rate', decimal, 'Steuersatz in Prozent'),
    col('price_includes_tax', text, 'true bei Bruttopreisen'),
    col('taxable_amount', money, 'Bemessungsgrundlage (netto)'),
    col('tax_amount', money, 'Steuerbetrag'),
    col('currency', text, 'Währung (ISO 4217)'),
  ],
  foreignKeys: [{ column: 'document_number', references: 'documents' }],
};

export const PAYMENTS: TableSpec = {
  file: 'payments.csv',
  name: 'payments',
  description:
    'Zahlungseingänge zu den Ausgangsbelegen des Zeitraums (mit ihrem Zahlungsdatum, auch außerhalb des Zeitraums)',
  primaryKey: 1,
  columns: [
    col('payment_id', text, 'Zahlungs-ID'),
    col('document_number', text, 'Belegnummer (Schlüssel in documents)'),
    col('payment_date', date, 'Zahlungsdatum (Geldeingang)'),
    col('amount', money, 'Betrag'),
    col('currency', text, 'Währung (ISO 4217)'),
    col(
      'method',
      text,
      'Zahlungsart (bank_transfer, card, cash, direct_debit, early_payment_discount = Skonto, other)',
    ),
    col('reference', text, 'Referenz (z. B. Verwendungszweck)'),
    col('note', text, 'Notiz'),
  ],
  foreignKeys: [{ column: 'document_number', references: 'documents' }],
};

export const CUSTOMERS: TableSpec = {
  file: 'customers.csv',
  name: 'customers',
  description: 'Kunden der Ausgangsbelege (Stammdaten zum Zeitpunkt des Exports)',
  primaryKey: 1,
  columns: [
    col('customer_id', text, 'Kunden-ID'),
    col('name', text, 'Name'),
    col('vat_id', text, 'USt-IdNr.'),
    col('street', text, 'Straße und Hausnummer'),
    col('postal_code', text, 'Postleitzahl'),
    col('city', text, 'Ort'),
    col('country', text, 'Land (ISO 3166-1)'),
    col('email', text, 'E-Mail'),
    col('debtor_number', count, 'Debitorenkonto (DATEV), wenn vergeben'),
  ],
  foreignKeys: [],
};

export const SUPPLIERS: TableSpec = {
  file: 'suppliers.csv',
  name: 'suppliers',
  description: 'Lieferanten der Eingangsbelege, wie ihr zuletzt empfangener Beleg des Zeitraums sie nennt',
  primaryKey: 1,
  columns: [
    col('supplier_key', text, 'Lieferantenschlüssel: tax: und Steuer-/USt-IdNr., sonst name: und Name'),
    col('name', text, 'Name'),
    col('tax_id', text, 'USt-IdNr. oder Steuernummer'),
    col('street', text, 'Straße und Hausnummer'),
    col('postal_code', text, 'Postleitzahl'),
    col('city', text, 'Ort'),
    col('country', text, 'Land (ISO 3166-1)'),
  ],
  foreignKeys: [],
};

export const RECEIVED: TableSpec = {
  file: 'received_documents.csv',
  name: 'received_documents',
  description: 'Eingangsbelege (empfangene E-Rechnungen) des Zeitraums nach Belegdatum, jeder Status',
  primaryKey: 1,
  columns: [
    col('received_id', text, 'ID des Eingangsbelegs'),
    col('supplier_key', text, 'Lieferantenschlüssel (Schlüssel in suppliers)'),
    col('supplier_name', text, 'Name des Lieferanten wie im Beleg'),
    col('invoice_number', text, 'Rechnungsnummer des Lieferanten'),
    col('document_type', text, 'Belegart: invoice, credit_note'),
    col('issue_date', date, 'Belegdatum'),
    col('due_date', date, 'Fälligkeitsdatum'),
    col('currency', text, 'Währung (ISO 4217)'),
    col('net_amount', money, 'Nettobetrag'),
    col('tax_amount', money, 'Umsatzsteuer (Vorsteuer)'),
    col('total', money, 'Gesamtbetrag (brutto)'),
    col('amount_due', money, 'Zahlbetrag laut Beleg'),
    col('amount_paid', money, 'Summe der erfassten Zahlungen'),
    col('status', text, 'Status: received, approved, rejected, paid'),
    col('duplicate_of', text, 'received_id des zuerst empfangenen Belegs, wenn dieser eine Dublette ist'),
    col('received_at', text, 'Zeitpunkt des Empfangs (ISO 8601, UTC)'),
    col('source', text, 'Eingangsweg: upload, folder, email'),
    col('format', text, 'Format des Originals (z. B. en16931, zugferd_1)'),
    ...file('original', 'Original wie empfangen'),
    col('note', text, 'Hinweis, falls das Original fehlt'),
  ],
  foreignKeys: [{ column: 'supplier_key', references: 'suppliers' }],
};

/**
 * Nummernlücken: sequence numbers of the period that no document holds because the draft that held them was
 * deleted after a later number was taken (docs/documents.md "Numbers"). On the carrier when there are any.
 */
export const NUMBERING_GAPS: TableSpec = {
  file: 'numbering_gaps.csv',
  name: 'numbering_gaps',
  description:
    'Nummernlücken: Belegnummern aus einem Nummernkreis, die kein Beleg trägt, weil der Entwurf, der sie erhalten hatte, gelöscht wurde, nachdem bereits eine spätere Nummer vergeben war (Entwürfe sind keine ausgestellten Rechnungen); nach Belegdatum des gelöschten Entwurfs',
  primaryKey: 1,
  columns: [
    col('gap_id', text, 'ID des Lückenvermerks'),
    col('number', text, 'Fehlende Belegnummer (Rechnungsnummer)'),
    col('sequence_id', text, 'ID des Nummernkreises'),
    col('sequence_name', text, 'Name des Nummernkreises (leer, wenn er inzwischen gelöscht ist)'),
    col(
      'document_type',
      text,
      'Belegart des gelöschten Entwurfs: invoice (Rechnung), credit_note (Gutschrift/Korrektur), ...',
    ),
    col('issue_date', date, 'Belegdatum des gelöschten Entwurfs'),
    col('document_id', text, 'ID des gelöschten Entwurfs'),
    col(
      'deleted_by',
      text,
      'Gelöscht von: Mitglied (wsm_), sonst API-Schlüssel (key_), Benutzer (usr_), Hintergrundauftrag oder cli',
    ),
    col('deleted_at', text, 'Zeitpunkt der Löschung (ISO 8601, UTC)'),
    col('reason', text, 'Grund der Lücke'),
  ],
  foreignKeys: [],
};

/** Every table, in the order of the ZIP and of index.xml (numbering_gaps only when the period has gaps). */
export const TABLES = [
  DOCUMENTS,
  LINES,
  TAX_GROUPS,
  PAYMENTS,
  CUSTOMERS,
  RECEIVED,
  SUPPLIERS,
  NUMBERING_GAPS,
] as const;
