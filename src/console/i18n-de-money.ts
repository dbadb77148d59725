// German texts of the console about money on a document: tax per rate, reminders, credits, cancelling.
export const GERMAN_MONEY: Record<string, string> = {
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
};
