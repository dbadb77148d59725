// German texts of a received e-invoice's reading notes (pages/received-notes.ts), keyed by the English text.
export const GERMAN_RECEIVED: Record<string, string> = {
  '(nor the {part} it belongs to)': '(samt {part}, zu dem er gehört)',
  'Factur-X / ZUGFeRD MINIMUM: a booking aid, not an EN 16931 invoice; the PDF is the invoice (the data has no lines and keeps the stated totals)':
    'Factur-X / ZUGFeRD MINIMUM: eine Buchungshilfe, keine Rechnung nach EN 16931; die Rechnung ist das PDF (die Daten haben keine Positionen und übernehmen die angegebenen Summen)',
  'Factur-X / ZUGFeRD BASIC WL: a booking aid without lines, not an EN 16931 invoice; the PDF is the invoice (the data keeps the stated totals)':
    'Factur-X / ZUGFeRD BASIC WL: eine Buchungshilfe ohne Positionen, keine Rechnung nach EN 16931; die Rechnung ist das PDF (die Daten übernehmen die angegebenen Summen)',
  'ZUGFeRD 1.0 {profile}: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile rules apply)':
    'ZUGFeRD 1.0 {profile}: so weit wie möglich gelesen; ZUGFeRD 1.0 ist älter als EN 16931 und keine Rechnung nach EN 16931 (keine Profilregeln anwendbar)',
  'ZUGFeRD 1.0: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile rules apply)':
    'ZUGFeRD 1.0: so weit wie möglich gelesen; ZUGFeRD 1.0 ist älter als EN 16931 und keine Rechnung nach EN 16931 (keine Profilregeln anwendbar)',
  'OIOUBL (Danish UBL, not EN 16931): its TaxExclusiveAmount is the VAT total, not the net, and is read so; its tax scheme codes are not UNCL5153':
    'OIOUBL (dänisches UBL, nicht EN 16931): sein TaxExclusiveAmount ist die Umsatzsteuersumme, nicht der Nettobetrag, und wird so gelesen; seine Steuerschema-Codes sind nicht UNCL5153',
  'ZATCA (Saudi e-invoice, not EN 16931): read as far as the EN 16931 terms go; its QR code, stamps and hash chain are not kept':
    'ZATCA (saudi-arabische E-Rechnung, nicht EN 16931): gelesen, soweit die Begriffe der EN 16931 reichen; QR-Code, Stempel und Hash-Kette werden nicht übernommen',
  'Peppol PINT (the international invoice, not EN 16931 by its BT-24): read as EN 16931 UBL, which PINT follows; no profile applies':
    'Peppol PINT (die internationale Rechnung, laut BT-24 nicht EN 16931): als UBL nach EN 16931 gelesen, dem PINT folgt; kein Profil anwendbar',
  'EHF 2 (Norwegian Peppol BIS 4A/5A 2.0, before EN 16931): read as far as the EN 16931 terms go; no profile applies':
    'EHF 2 (norwegisches Peppol BIS 4A/5A 2.0, vor EN 16931): gelesen, soweit die Begriffe der EN 16931 reichen; kein Profil anwendbar',
  'CustomizationID {customization_id}: names no EN 16931 specification; read as EN 16931 UBL as far as it goes, no profile applies':
    'CustomizationID {customization_id}: nennt keine Spezifikation nach EN 16931; so weit wie möglich als UBL nach EN 16931 gelesen, kein Profil anwendbar',
  'No CustomizationID: the file names no EN 16931 specification; read as EN 16931 UBL as far as it goes, no profile applies':
    'Keine CustomizationID: die Datei nennt keine Spezifikation nach EN 16931; so weit wie möglich als UBL nach EN 16931 gelesen, kein Profil anwendbar',
  'A second tax registration is not kept': 'Eine zweite Steuerregistrierung wird nicht übernommen',
  'Only the first account to pay to is kept ({kept}); also stated: {others}':
    'Nur das erste Zahlungskonto wird übernommen ({kept}); außerdem angegeben: {others}',
  'Only the first 50 preceding invoices are kept':
    'Nur die ersten 50 vorausgegangenen Rechnungen werden übernommen',
  'The attached file stays in the original e-invoice; the data names the document only':
    'Die angehängte Datei bleibt in der Original-E-Rechnung; die Daten nennen nur den Beleg',
  'The link {url} is no http(s) URL: kept in the description':
    'Der Link {url} ist keine http(s)-URL: in die Beschreibung übernommen',
  'The notes are kept as one note with the subject code of the first ({subject_code}); the subject codes of the others are not kept: {codes}':
    'Die Bemerkungen werden als eine Bemerkung mit dem Betreff-Code der ersten ({subject_code}) übernommen; die Betreff-Codes der übrigen nicht: {codes}',
  'The notes are kept as one note; the subject codes of the others are not kept: {codes}':
    'Die Bemerkungen werden als eine Bemerkung übernommen; die Betreff-Codes der übrigen nicht: {codes}',
  '{count} line(s) holding only a note are kept in the notes of the document':
    '{count} Position(en) mit nur einer Bemerkung stehen in den Bemerkungen des Dokuments',
  'The due date {due_date} is before the issue date {issue_date}: kept in the payment terms':
    'Das Fälligkeitsdatum {due_date} liegt vor dem Rechnungsdatum {issue_date}: in die Zahlungsbedingungen übernommen',
  'The tax point date code {code} is none of the standard codes ({standard_codes})':
    'Der Code für das Datum der Steuerfälligkeit {code} ist keiner der Codes der Norm ({standard_codes})',
  'The tax point date code {code} is left out: the file states the tax point date (BT-7) too':
    'Der Code für das Datum der Steuerfälligkeit {code} wird nicht übernommen: die Datei nennt auch das Datum der Steuerfälligkeit (BT-7)',
  'The VAT total in {currency} ({tax_total}) states no exchange rate: kept as the rate it implies, {rate}':
    'Die Umsatzsteuersumme in {currency} ({tax_total}) nennt keinen Wechselkurs: übernommen wird der Kurs, der sich aus ihr ergibt, {rate}',
  'The VAT total in {currency} is not kept (no exchange rate is stated)':
    'Die Umsatzsteuersumme in {currency} wird nicht übernommen (kein Wechselkurs angegeben)',
  'Stated as {percent} % of no base amount: kept as its amount, {amount} (a percentage is kept only of the amount of the lines it reduces, giving the same amount)':
    'Angegeben als {percent} % ohne Grundbetrag: als Betrag übernommen, {amount} (ein Prozentsatz wird nur vom Betrag der Positionen übernommen, die er mindert, wenn er denselben Betrag ergibt)',
  'Stated as {percent} % of {base}: kept as its amount, {amount} (a percentage is kept only of the amount of the lines it reduces, giving the same amount)':
    'Angegeben als {percent} % von {base}: als Betrag übernommen, {amount} (ein Prozentsatz wird nur vom Betrag der Positionen übernommen, die er mindert, wenn er denselben Betrag ergibt)',
  'Stated as {percent} % of no base amount: kept as its amount, {amount} (a percentage is kept only of the amount of the line itself, giving the same amount)':
    'Angegeben als {percent} % ohne Grundbetrag: als Betrag übernommen, {amount} (ein Prozentsatz wird nur vom Betrag der Position selbst übernommen, wenn er denselben Betrag ergibt)',
  'Stated as {percent} % of {base}: kept as its amount, {amount} (a percentage is kept only of the amount of the line itself, giving the same amount)':
    'Angegeben als {percent} % von {base}: als Betrag übernommen, {amount} (ein Prozentsatz wird nur vom Betrag der Position selbst übernommen, wenn er denselben Betrag ergibt)',
  '{count} line allowances are kept as one discount':
    '{count} Nachlässe einer Position werden als ein Rabatt übernommen',
  '{quantity} x {price} is not the stated line amount {amount}: the price is kept as {kept}':
    '{quantity} × {price} ergibt nicht den angegebenen Positionsbetrag {amount}: der Preis wird als {kept} übernommen',
  'The price {price} per {base_quantity} units is kept as {kept} per unit (rounded)':
    'Der Preis {price} je {base_quantity} Einheiten wird als {kept} je Einheit übernommen (gerundet)',
  'The price base quantity {base_quantity} is not above zero: the price is read as per unit':
    'Die Basismenge des Preises {base_quantity} ist nicht größer als null: der Preis gilt je Einheit',
  'The price is per {base_quantity} {base_unit}, the quantity in {unit}: it is kept as a price per {unit}':
    'Der Preis gilt je {base_quantity} {base_unit}, die Menge ist in {unit} angegeben: er wird als Preis je {unit} übernommen',
  'The item gross price less its price discount (BT-147) is kept as the net price (BT-146), the amounts unchanged: line {lines} and {more} more':
    'Der Bruttopreis abzüglich Preisnachlass (BT-147) wird als Nettopreis (BT-146) übernommen, die Beträge unverändert: Position {lines} und {more} weitere',
  'The item gross price less its price discount (BT-147) is kept as the net price (BT-146), the amounts unchanged: line {lines}':
    'Der Bruttopreis abzüglich Preisnachlass (BT-147) wird als Nettopreis (BT-146) übernommen, die Beträge unverändert: Position {lines}',
  'Sub-invoice lines of {count} line(s) are not kept: each line keeps its own amount':
    'Unterpositionen von {count} Position(en) werden nicht übernommen: jede Position behält ihren eigenen Betrag',
  '{count} group line(s) ({lines}), each the sum of its sub-lines, are not kept as lines: their sub-lines are, each with its own amount':
    '{count} Gruppenposition(en) ({lines}), jeweils die Summe ihrer Unterpositionen, nicht als Positionen übernommen: übernommen sind ihre Unterpositionen, jede mit ihrem eigenen Betrag',
  "{count} information line(s) ({lines}) with an amount are not kept as lines: an information line's amount is not counted":
    '{count} Informationsposition(en) ({lines}) mit Betrag nicht als Positionen übernommen: der Betrag einer Informationsposition zählt nicht',
  'Prepaid payments ({amounts}) outside the XRechnung extension are not kept: EN 16931 has no such term':
    'Vorauszahlungen ({amounts}) außerhalb der XRechnung-Extension werden nicht übernommen: EN 16931 kennt diesen Begriff nicht',
  'A third-party payment without an amount (BT-DEX-002) is not kept':
    'Eine Zahlung für Dritte ohne Betrag (BT-DEX-002) wird nicht übernommen',
  'The lines do not give the stated totals: {totals} kept as stated, not computed':
    'Die Positionen ergeben nicht die angegebenen Summen: {totals} wie angegeben übernommen, nicht berechnet',
  'The file has no lines: its totals are kept as stated ({totals}), not computed':
    'Die Datei hat keine Positionen: ihre Summen werden wie angegeben übernommen ({totals}), nicht berechnet',
  '{count} entries, the data keeps the first {keep}: the rest are not kept':
    '{count} Einträge, die Daten behalten die ersten {keep}: die übrigen werden nicht übernommen',
  '"{value}" is not kept: longer than {max_length} characters':
    '„{value}“ wird nicht übernommen: länger als {max_length} Zeichen',
  '"{value}" is not kept: shorter than {min_length} characters':
    '„{value}“ wird nicht übernommen: kürzer als {min_length} Zeichen',
  '"{value}" is not kept: not of the form the data takes ({pattern})':
    '„{value}“ wird nicht übernommen: nicht in der Form, die die Daten verlangen ({pattern})',
  '"{value}" is not kept: not a valid {format}': '„{value}“ wird nicht übernommen: kein gültiges {format}',
  '"{value}" is not kept: no date of the calendar': '„{value}“ wird nicht übernommen: kein Kalenderdatum',
  // What an upload refused as no e-invoice is (pages/received-refusal.ts, the API's details.document).
  'This file is {what}, not an e-invoice the service reads (XRechnung, ZUGFeRD, Factur-X, Peppol: UBL 2.1 or UN/CEFACT CII; or ZUGFeRD 1.0).':
    'Diese Datei ist {what}, keine E-Rechnung, die der Dienst liest (XRechnung, ZUGFeRD, Factur-X, Peppol: UBL 2.1 oder UN/CEFACT CII; oder ZUGFeRD 1.0).',
  'an HTML page': 'eine HTML-Seite',
  'a JPEG image': 'ein JPEG-Bild',
  'a PNG image': 'ein PNG-Bild',
  'a GIF image': 'ein GIF-Bild',
  'a TIFF image': 'ein TIFF-Bild',
  'a ZIP archive (Word and Excel files are ZIP archives too)':
    'ein ZIP-Archiv (auch Word- und Excel-Dateien sind ZIP-Archive)',
  'This file is a PDF but was sent as XML: rename it to end in .pdf and upload it again.':
    'Diese Datei ist ein PDF, wurde aber als XML gesendet: Benennen Sie sie in .pdf um und laden Sie sie erneut hoch.',
  'an RTF document': 'ein RTF-Dokument',
  'XML in UTF-16 (send it in UTF-8)': 'XML in UTF-16 (bitte in UTF-8 senden)',
  'binary data': 'eine Binärdatei',
  JSON: 'JSON',
  'a CSV file (a table of values)': 'eine CSV-Datei (eine Tabelle)',
  'plain text': 'reiner Text',
  'XML that is not well-formed': 'XML, das nicht wohlgeformt ist',
  'XML in an encoding that does not exist': 'XML in einer Zeichenkodierung, die es nicht gibt',
  'an XML document of another kind': 'ein XML-Dokument anderer Art',
  'an Italian FatturaPA invoice (its own syntax)': 'eine italienische FatturaPA-Rechnung (eigene Syntax)',
  'a Czech ISDOC invoice (its own syntax)': 'eine tschechische ISDOC-Rechnung (eigene Syntax)',
  'a Swedish Svefaktura 1.0 invoice (UBL 1.0, before EN 16931)':
    'eine schwedische Svefaktura-1.0-Rechnung (UBL 1.0, vor EN 16931)',
  'a Svefaktura object envelope': 'ein Svefaktura-Umschlag (ObjectEnvelope)',
  'an Order-X purchase order (CII)': 'eine Order-X-Bestellung (CII)',
  'a CII order': 'eine CII-Bestellung',
  'a CII invoice status response (CDAR)': 'eine CII-Statusmeldung zu einer Rechnung (CDAR)',
  'a VEFA validator test set': 'ein VEFA-Testsatz',
  'a UBL order': 'eine UBL-Bestellung',
  'a UBL order response': 'eine UBL-Bestellantwort',
  'a UBL order change': 'eine UBL-Bestelländerung',
  'a UBL despatch advice': 'ein UBL-Lieferavis',
  'a UBL receipt advice': 'eine UBL-Wareneingangsmeldung',
  'a UBL application response (a status message)': 'eine UBL-Statusmeldung (ApplicationResponse)',
  'a UBL reminder': 'eine UBL-Zahlungserinnerung',
  'a UBL catalogue': 'ein UBL-Katalog',
  'a UBL statement of account': 'ein UBL-Kontoauszug',
  'a UBL self-billed invoice (SelfBilledInvoice)':
    'eine UBL-Gutschrift im Gutschriftsverfahren (SelfBilledInvoice)',
  'a UBL document ({root})': 'ein UBL-Dokument ({root})',
  // A received invoice paid beyond what it asked (received-details.tsx AmountDue).
  'Overpaid by {amount}': 'Überzahlt um {amount}',
  // The seller's notes on a received invoice (BT-22), received.tsx.
  'Notes from the seller': 'Hinweise des Verkäufers',
};
