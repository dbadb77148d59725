// German texts of the console about money on a document: tax per rate, reminders, credits, cancelling.
export const GERMAN_MONEY: Record<string, string> = {
  // The payments card of an invoice with nothing left to pay (documents/payments.tsx).
  'Paid in full: nothing is left to pay.': 'Vollständig bezahlt: Es ist nichts mehr offen.',
  'Settled by credit notes: nothing is left to pay.':
    'Durch Rechnungskorrekturen ausgeglichen: Es ist nichts mehr offen.',
  'Nothing is due on this invoice.': 'Auf diese Rechnung ist nichts zu zahlen.',
  'Record a further payment': 'Weitere Zahlung erfassen',
  'Only for a payment beyond what was due: it is shown as overpaid.':
    'Nur für eine Zahlung über den offenen Betrag hinaus: Sie wird als Überzahlung ausgewiesen.',
  'This invoice cannot be voided while payments of {paid} are recorded on it: delete them under Payments first.':
    'Diese Rechnung kann nicht storniert werden, solange Zahlungen über {paid} auf ihr erfasst sind: Löschen Sie diese zuerst unter „Zahlungen“.',
  // The documents list: an invoice paid in part, under its status and its total (documents/index.tsx).
  'Partly paid': 'Teilweise bezahlt',
  '{amount} still due': '{amount} noch offen',
  // Reminders: the next letter named, asked before it goes, the letters sent with their e-mail (reminders.tsx).
  'Send a reminder to {to}?': 'Eine Mahnung an {to} senden?',
  'Send {letter} with a fee of {fee} to {to}?': '{letter} mit {fee} Gebühr an {to} senden?',
  'Send {letter} to {to}?': '{letter} an {to} senden?',
  'the customer’s e-mail address': 'die E-Mail-Adresse des Kunden',
  'Every level of the dunning policy has been sent for this invoice.':
    'Alle Stufen des Mahnwesens sind für diese Rechnung versendet.',
  'Send {letter}': '{letter} senden',
  'Fee of this letter: {fee}': 'Gebühr dieses Schreibens: {fee}',
  'No fee for this letter.': 'Dieses Schreiben kostet keine Gebühr.',
  '{letter} queued for sending.': '{letter} wird versendet.',
  'The customer has no e-mail address: enter the recipient here.':
    'Für den Kunden ist keine E-Mail-Adresse hinterlegt: Geben Sie hier den Empfänger ein.',
  // A letter named in another language than the console's (an English invoice's "Payment reminder"): quoted.
  'Send the letter “{letter}”': 'Mahnschreiben „{letter}“ senden',
  'Send the letter “{letter}” to {to}?': 'Mahnschreiben „{letter}“ an {to} senden?',
  'Send the letter “{letter}” with a fee of {fee} to {to}?':
    'Mahnschreiben „{letter}“ mit {fee} Gebühr an {to} senden?',
  'The letter “{letter}” was queued for sending.': 'Das Mahnschreiben „{letter}“ wird versendet.',
  // What an e-mail carries (documents/send.tsx): the PDF, and the e-invoice a buyer's profile asks for.
  'The PDF and the e-invoice ({format} XML), to the addresses you enter':
    'Das PDF und die E-Rechnung ({format}-XML) an die Adressen, die Sie eingeben',
  'The PDF with the e-invoice inside (Factur-X/ZUGFeRD), to the addresses you enter':
    'Das PDF mit eingebetteter E-Rechnung (Factur-X/ZUGFeRD) an die Adressen, die Sie eingeben',
  'e-mail waiting to be sent': 'E-Mail wartet auf Versand',
  'e-mail sent': 'E-Mail versendet',
  'e-mail delivered': 'E-Mail zugestellt',
  'e-mail bounced': 'E-Mail unzustellbar',
  'e-mail failed': 'E-Mail fehlgeschlagen',
  // The dashboard: credits taken off the open amount; the last payments with their invoices.
  'Credits of customers': 'Guthaben von Kunden',
  'This letter was sent for this invoice meanwhile. Reload the page to see the reminders sent.':
    'Dieses Schreiben wurde für diese Rechnung inzwischen versendet. Laden Sie die Seite neu, um die versendeten Mahnungen zu sehen.',
  // A document's totals: the tax per category and rate (totals-card.tsx).
  'VAT {rate} on {base}': 'USt {rate} auf {base}',
  '{category} on {base}': '{category} auf {base}',
  'Zero rated': 'Nullsatz',
  Exempt: 'Steuerbefreit',
  'Reverse charge': 'Steuerschuldnerschaft des Leistungsempfängers',
  'Intra-community supply': 'Innergemeinschaftliche Lieferung',
  'Export outside the EU': 'Ausfuhr in ein Drittland',
  'Not subject to VAT': 'Nicht steuerbar',
  // A customer's statement when more than one business profile bills the customer
  '{name} is billed by {count} of your business profiles. A statement is for one seller: please choose it.':
    '{name} erhält Rechnungen von {count} Ihrer Geschäftsprofile. Ein Kontoauszug gilt für einen Verkäufer: Bitte wählen Sie ihn aus.',
  'Choose a seller': 'Verkäufer wählen',
  // A received invoice in a foreign currency: the rate to the euro the books use (received-rate.tsx).
  'Rate to the euro': 'Kurs zum Euro',
  'Rate for the books: 1 {currency} = … EUR': 'Kurs für die Buchhaltung: 1 {currency} = … EUR',
  'The file states no rate to the euro. The books (the DATEV export) need one.':
    'Die Datei nennt keinen Kurs zum Euro. Die Buchhaltung (der DATEV-Export) braucht einen.',
  'The books use 1 {currency} = {rate} EUR.': 'Die Buchhaltung rechnet mit 1 {currency} = {rate} EUR.',
  'Save rate': 'Kurs speichern',
  'Remove rate': 'Kurs entfernen',
  'Change rate': 'Kurs ändern',
  'Enter the rate as a number above 0, such as {rate}.':
    'Geben Sie den Kurs als Zahl über 0 ein, z. B. {rate}.',
  'The file states its own rate to the euro: the books use that one.':
    'Die Datei nennt ihren eigenen Kurs zum Euro: Die Buchhaltung verwendet diesen.',
  'A document in euros needs no rate to the euro.': 'Ein Dokument in Euro braucht keinen Kurs zum Euro.',
  // The document's e-mails (documents/outputs.tsx): why one did not arrive, in German; the service's
  // English sentence on hover. A second e-mail of an invoice is a copy, asked before it goes.
  'Cc: {addresses}': 'Kopie an: {addresses}',
  'The recipient’s mail server refused the address (wrong address or mailbox closed).':
    'Der Mailserver des Empfängers hat die Adresse abgelehnt (Adresse falsch oder Postfach geschlossen).',
  'Not delivered to every address: the recipient’s mail server refused some.':
    'Nicht an alle Adressen zugestellt: Der Mailserver des Empfängers hat einzelne abgelehnt.',
  'Sent, but the recipient’s mail server reported afterwards that it could not deliver it.':
    'Versendet, aber der Mailserver des Empfängers hat nachträglich gemeldet, dass er sie nicht zustellen konnte.',
  'Your mail server refused the e-mail.': 'Ihr Mailserver hat die E-Mail abgelehnt.',
  'Your mail server refused the login: check the SMTP settings.':
    'Ihr Mailserver hat die Anmeldung abgelehnt: Prüfen Sie die SMTP-Einstellungen.',
  'Your mail server could not be reached; sending was given up.':
    'Ihr Mailserver war nicht erreichbar; der Versand wurde aufgegeben.',
  'The last attempt did not go through; it is tried again.':
    'Der letzte Versuch ist nicht durchgegangen; der Versand wird wiederholt.',
  'E-mail is not set up on this installation.':
    'Der E-Mail-Versand ist auf dieser Installation nicht eingerichtet.',
  'The PDF’s link expired before the e-mail went out: send it again.':
    'Der Link zum PDF ist abgelaufen, bevor die E-Mail hinausging: Senden Sie sie erneut.',
  'The e-invoice (XML) could not be written for this document.':
    'Die E-Rechnung (XML) konnte für dieses Dokument nicht erstellt werden.',
  'The document was deleted before the e-mail went out.':
    'Das Dokument wurde gelöscht, bevor die E-Mail hinausging.',
  'A file of the e-mail is missing from storage.': 'Eine Datei der E-Mail fehlt im Speicher.',
  'Not sent: the invoice was paid, settled or cancelled before the reminder went out.':
    'Nicht versendet: Die Rechnung wurde bezahlt, verrechnet oder storniert, bevor die Mahnung hinausging.',
  'This invoice was sent on {date} to {to}. Sent again, the e-mail is marked as a copy (subject and text), so that it is not booked twice. Send the copy?':
    'Diese Rechnung wurde am {date} an {to} versendet. Erneut versendet, ist die E-Mail als Kopie gekennzeichnet (Betreff und Text), damit sie nicht doppelt gebucht wird. Kopie senden?',
  'This invoice was sent on {date}. Sent again, the e-mail is marked as a copy (subject and text), so that it is not booked twice. Send the copy?':
    'Diese Rechnung wurde am {date} versendet. Erneut versendet, ist die E-Mail als Kopie gekennzeichnet (Betreff und Text), damit sie nicht doppelt gebucht wird. Kopie senden?',
  'Attach the PDF beside the e-invoice (a copy to read)':
    'PDF zusätzlich zur E-Rechnung beifügen (zur Ansicht)',
};
