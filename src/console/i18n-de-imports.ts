// German texts of an import carrying an invoice history (docs/imports.md "Moving an invoice history from
// another tool"): the documents hint, the review of what confirm will do (pages/import-review.ts,
// pages/imports.tsx) and the history's problems (pages/import-problems.ts); i18n-de.ts spreads them into GERMAN.
export const GERMAN_IMPORTS: Record<string, string> = {
  'Imported documents are drafts: the reports and the DATEV export count them once finalized. Moving from another invoicing tool? A row may also say what became of the invoice there:':
    'Importierte Dokumente sind Entwürfe: Berichte und DATEV-Export zählen sie erst, wenn sie abgeschlossen sind. Sie wechseln von einem anderen Rechnungsprogramm? Dann darf eine Zeile auch sagen, was dort aus der Rechnung geworden ist:',
  '“Status” (status): paid, sent or open, finalized (also bezahlt, offen, versendet, abgeschlossen); a row without a status stays a draft':
    '„Status“: bezahlt, offen oder versendet, abgeschlossen; eine Zeile ohne Status bleibt ein Entwurf',
  '“Bezahlt am” (paid_on): the day the payment arrived': '„Bezahlt am“: der Tag des Zahlungseingangs',
  '“Bezahlter Betrag” (amount_paid): for a part payment, the amount paid':
    '„Bezahlter Betrag“: bei einer Teilzahlung der gezahlte Betrag',
  '“Rechnungsnummer (Bezug)” (source_document_number): for a credit note, the number of its invoice, which comes earlier in the file':
    '„Rechnungsnummer (Bezug)“: bei einer Rechnungskorrektur die Nummer ihrer Rechnung, die weiter oben in der Datei steht',
  'Before you confirm a history, set “Already booked up to” (Exports, DATEV settings) to the last day your tax adviser booked from the old tool: the DATEV export then does not book those invoices a second time, and no reminders go out by themselves for its open ones.':
    'Bevor Sie eine Rechnungshistorie bestätigen: Setzen Sie „Bereits gebucht bis“ (Exporte, DATEV-Einstellungen) auf den letzten Tag, den Ihr Steuerbüro aus dem alten Programm gebucht hat. Dann bucht der DATEV-Export diese Rechnungen nicht ein zweites Mal, und für die offenen gehen keine Mahnungen von selbst hinaus.',
  'Leave cancelled invoices out. A number already used is not imported again. Explained in the service’s documentation: docs/imports.md, “Moving an invoice history from another tool”.':
    'Stornierte Rechnungen lassen Sie weg. Eine Nummer, die es schon gibt, wird nicht noch einmal importiert. Ausführlich beschrieben in der Dokumentation des Dienstes: docs/imports.md, Abschnitt „Moving an invoice history from another tool“.',
  // The review (pending).
  'On confirming, the import creates:': 'Beim Bestätigen legt der Import an:',
  '1 document already issued, with its number and date from the file':
    '1 bereits ausgestelltes Dokument, mit Nummer und Datum aus der Datei',
  '{n} documents already issued, with their numbers and dates from the file':
    '{n} bereits ausgestellte Dokumente, mit Nummer und Datum aus der Datei',
  'of these': 'davon',
  '{n} paid': '{n} bezahlt',
  '{n} partly paid': '{n} teilweise bezahlt',
  '1 document as a draft': '1 Dokument als Entwurf',
  '{n} documents as drafts': '{n} Dokumente als Entwürfe',
  Row: 'Zeile',
  finalized: 'abgeschlossen',
  'paid on {date}': 'bezahlt am {date}',
  'paid on {date} ({amount})': 'bezahlt am {date} ({amount})',
  'part payment {amount} on {date}': 'Teilzahlung {amount} am {date}',
  'Show {n} more': '{n} weitere anzeigen',
  'Open the documents': 'Zu den Dokumenten',
  // The history's problems (src/modules/imports/resources/document-history.ts, documents.ts).
  'A cancelled invoice is not imported: leave it out of the file (its number stays explained in the records of your previous tool).':
    'Eine stornierte Rechnung wird nicht importiert: Lassen Sie sie in der Datei weg (ihre Nummer bleibt in den Unterlagen Ihres bisherigen Programms erklärt).',
  'An archived document is imported as what it was: paid, sent or finalized.':
    'Ein archiviertes Dokument wird als das importiert, was es war: bezahlt, versendet oder abgeschlossen.',
  '“{value}” is no status the import knows: write paid, sent (or open), finalized or draft.':
    '„{value}“ ist kein Status, den der Import kennt: Schreiben Sie bezahlt, offen (oder versendet), abgeschlossen oder Entwurf.',
  'A payment belongs to an issued document: fill in its status (paid, sent or finalized).':
    'Eine Zahlung gehört zu einer ausgestellten Rechnung: Tragen Sie ihren Status ein (bezahlt, offen oder abgeschlossen).',
  'A draft takes no payment: fill in the status it was issued with (paid, sent or finalized).':
    'Ein Entwurf nimmt keine Zahlung an: Tragen Sie den Status ein, mit dem die Rechnung ausgestellt wurde (bezahlt, offen oder abgeschlossen).',
  'Required: the day the payment arrived.': 'Fehlt: der Tag, an dem die Zahlung einging.',
  'Required: the amount paid on that day (or the status paid, for the whole amount).':
    'Fehlt: der an diesem Tag gezahlte Betrag (oder der Status „bezahlt“ für den ganzen Betrag).',
  'An issued document keeps the number it was issued under: fill in its number.':
    'Ein ausgestelltes Dokument behält die Nummer, unter der es ausgestellt wurde: Tragen Sie die Nummer ein.',
  'This kind of document is not sent: write finalized as its status.':
    'Diese Art Dokument wird nicht versendet: Schreiben Sie „abgeschlossen“ als Status.',
  'This kind of document takes no payments: write finalized or sent as its status.':
    'Diese Art Dokument nimmt keine Zahlungen an: Schreiben Sie „abgeschlossen“ oder „versendet“ als Status.',
  'This kind of document takes no payments: leave the amount paid empty.':
    'Diese Art Dokument nimmt keine Zahlungen an: Lassen Sie den gezahlten Betrag leer.',
  '“{value}” is not an amount above zero, such as 119.00.':
    '„{value}“ ist kein Betrag über null, wie etwa 119,00.',
  'There is no document numbered {number}, neither among your documents nor on an earlier row of this file (put the invoice before its credit note).':
    'Ein Dokument mit der Nummer {number} gibt es weder bei Ihren Dokumenten noch weiter oben in dieser Datei (die Rechnung muss vor ihrer Rechnungskorrektur stehen).',
  'The document numbered {number} (row {row}) is not imported: its rows have errors.':
    'Das Dokument {number} (Zeile {row}) wird nicht importiert: Seine Zeilen haben Fehler.',
  'There is no document numbered {number}: its row was not imported.':
    'Ein Dokument mit der Nummer {number} gibt es nicht: Seine Zeile wurde nicht importiert.',
  'The file says paid, but {amount} does not settle the document: give the whole amount, or the status sent (open) with the part payment.':
    'Laut Datei bezahlt, aber {amount} begleicht das Dokument nicht: Geben Sie den ganzen Betrag an oder den Status „offen“ mit der Teilzahlung.',
  'Could not be finalized: {why}': 'Konnte nicht abgeschlossen werden: {why}',
  'Name the invoice by its id or by its number, not both.':
    'Nennen Sie die Rechnung mit ihrer ID oder mit ihrer Nummer, nicht mit beidem.',
  'A credit note corrects an invoice.': 'Eine Rechnungskorrektur korrigiert eine Rechnung.',
  'The invoice is another customer’s: a credit note corrects an invoice of its own customer.':
    'Die Rechnung gehört einem anderen Kunden: Eine Rechnungskorrektur korrigiert eine Rechnung desselben Kunden.',
};
