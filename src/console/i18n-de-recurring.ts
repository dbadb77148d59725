// German texts of the recurring invoice screens, and of the API's field problems said in words there, on
// payments and in the dunning policy (ui/plain-problems.ts); i18n-de.ts spreads them into GERMAN.
export const GERMAN_RECURRING: Record<string, string> = {
  'A schedule keeps its customer and business profile. To bill another customer, create a new recurring invoice.':
    'Eine wiederkehrende Rechnung behält ihren Kunden und ihr Geschäftsprofil. Für einen anderen Kunden legen Sie eine neue an.',
  'Each later invoice counts it up: RE-2026-002, RE-2026-003, …':
    'Jede weitere Rechnung zählt sie hoch: RE-2026-002, RE-2026-003, …',
  'Every {n} days': 'Alle {n} Tage',
  'Every {n} weeks': 'Alle {n} Wochen',
  'Every {n} months': 'Alle {n} Monate',
  'Every {n} quarters': 'Alle {n} Quartale',
  'Every {n} years': 'Alle {n} Jahre',
  'First invoice’s number': 'Nummer der ersten Rechnung',
  'Invoices made so far': 'Bisher erstellte Rechnungen',
  'A numbering sequence that no longer exists': 'Ein Nummernkreis, den es nicht mehr gibt',
  'Next invoice on {date}': 'Nächste Rechnung am {date}',
  'No further invoices.': 'Keine weiteren Rechnungen.',
  'The invoice of {date} was not made, and none after it until the cause is fixed: correct it (here or at the customer) and save, then it is made.':
    'Die Rechnung vom {date} wurde nicht erstellt; bis der Fehler behoben ist, werden auch keine weiteren erstellt. Beheben Sie ihn (hier oder beim Kunden) und speichern Sie – dann wird die Rechnung erstellt.',
  'No invoice made yet.': 'Noch keine Rechnung erstellt.',
  'Send each invoice by e-mail': 'Jede Rechnung per E-Mail versenden',
  'Not sent': 'Nicht versendet',
  'Only finalized invoices can be e-mailed.':
    'Nur abgeschlossene Rechnungen können per E-Mail versendet werden.',
  'This customer has no e-mail address: add one to the customer to send the invoices.':
    'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt: Tragen Sie beim Kunden eine ein, um die Rechnungen zu versenden.',
  'Pause this recurring invoice?': 'Diese wiederkehrende Rechnung pausieren?',
  'Paused: no invoice is made until it is resumed.':
    'Pausiert: Bis zum Fortsetzen wird keine Rechnung erstellt.',
  'Resume this recurring invoice?': 'Diese wiederkehrende Rechnung fortsetzen?',
  'The last invoice could not be created:': 'Die letzte Rechnung konnte nicht erstellt werden:',
  'The newest {shown} of {count} invoices.': 'Die neuesten {shown} von {count} Rechnungen.',
  'Your unsaved changes will be lost.': 'Ihre ungespeicherten Änderungen gehen verloren.',
  // Payments and the amount of a payment (plain-problems.ts).
  Overpaid: 'Überzahlt',
  'Enter an amount such as {amount}.': 'Geben Sie einen Betrag wie {amount} ein.',
  'Enter an amount above zero.': 'Geben Sie einen Betrag über null ein.',
  'An amount in {currency} has at most {units} decimals.':
    'Ein Betrag in {currency} hat höchstens {units} Nachkommastellen.',
  // The dunning policy's levels (plain-problems.ts).
  'Enter a fee of 0 or more, such as {fee}.': 'Geben Sie eine Gebühr von 0 oder mehr ein, z. B. {fee}.',
  'A fee has at most 2 decimals.': 'Eine Gebühr hat höchstens 2 Nachkommastellen.',
  'Enter more days than the level before.': 'Geben Sie mehr Tage an als bei der vorigen Stufe.',
  '{placeholder} is not a placeholder. These are: {known}':
    '{placeholder} ist kein Platzhalter. Möglich sind: {known}',
  // Where a recurring invoice's numbers come from (plain-problems.ts).
  'This numbering sequence no longer exists: choose another one.':
    'Diesen Nummernkreis gibt es nicht mehr: Wählen Sie einen anderen.',
  'Enter the first invoice’s number, e.g. RE-2026-001, or choose a numbering sequence.':
    'Geben Sie die Nummer der ersten Rechnung ein, z. B. RE-2026-001, oder wählen Sie einen Nummernkreis.',
  'The number needs digits to count on from, e.g. RE-2026-001.':
    'Die Nummer braucht Ziffern zum Weiterzählen, z. B. RE-2026-001.',
  'Contract ends on': 'Vertragsende am',
  'Number of invoices': 'Anzahl Rechnungen',
  '{count} of {max}': '{count} von {max}',
  Complete: 'Abgeschlossen',
  'The contract ends after this many invoices; empty: no limit.':
    'Der Vertrag endet nach so vielen Rechnungen; leer: ohne Begrenzung.',
  'The contract ends after this many invoices ({count} made so far); empty: no limit.':
    'Der Vertrag endet nach so vielen Rechnungen (bisher {count} erstellt); leer: ohne Begrenzung.',
  'Its last day: billed in arrears, the last stretch is invoiced the day after.':
    'Sein letzter Tag: bei Abrechnung im Nachhinein wird der letzte Abschnitt am Tag danach berechnet.',
  'The contract ends on {date}.': 'Der Vertrag endet am {date}.',
  'Dates that pass while it is paused are not invoiced later.':
    'Termine während der Pause werden auch später nicht berechnet.',
  'This date has passed: its invoice is made as soon as you save.':
    'Dieses Datum ist vorbei: Die Rechnung dafür wird sofort beim Speichern erstellt.',
  'This date has passed: saving makes {count} invoices at once, one for each date from {first} to {last}.':
    'Dieses Datum ist vorbei: Beim Speichern werden sofort {count} Rechnungen erstellt, je eine für jeden Termin vom {first} bis {last}.',
  'Each later invoice counts it up: {next}, {after}, …':
    'Jede weitere Rechnung zählt sie hoch: {next}, {after}, …',
  'The next invoices count on from the last one made; another number here starts a new series.':
    'Die nächsten Rechnungen zählen von der zuletzt erstellten weiter; eine andere Nummer hier beginnt eine neue Reihe.',
  // A rejected received invoice's payments (documents/payments.tsx).
  'Rejected: nothing is paid on it. Approve it first to record a payment.':
    'Abgelehnt: Darauf wird nichts gezahlt. Geben Sie sie zuerst frei, um eine Zahlung zu erfassen.',
  // What was made from a document (documents/follow-ups.tsx): a quote's invoices, an invoice's corrections.
  'Made from it': 'Daraus erstellt',
  'Corrected by': 'Korrigiert durch',
  'Invoice {number} was already made from this quote. Create another invoice?':
    'Aus diesem Angebot wurde bereits die Rechnung {number} erstellt. Noch eine Rechnung erstellen?',
  'Invoices {numbers} were already made from this quote. Create another invoice?':
    'Aus diesem Angebot wurden bereits die Rechnungen {numbers} erstellt. Noch eine Rechnung erstellen?',
  'Invoice {number} was already corrected with {numbers}. The new correction starts with all of its lines again. Create it anyway?':
    'Die Rechnung {number} wurde bereits mit {numbers} korrigiert. Die neue Korrektur beginnt wieder mit allen Positionen. Trotzdem erstellen?',
  // Why a generated invoice was not e-mailed (recurring-invoices.tsx), and one waiting for its turn.
  'The customer has no e-mail address: add one and send the invoice from its page.':
    'Für den Kunden ist keine E-Mail-Adresse hinterlegt: Tragen Sie eine ein und versenden Sie die Rechnung von ihrer Seite aus.',
  'Sending e-mail is not set up on this installation (SMTP_URL).':
    'Der E-Mail-Versand ist in dieser Installation nicht eingerichtet (SMTP_URL).',
  'The invoice was voided before it was e-mailed.':
    'Die Rechnung wurde storniert, bevor sie versendet wurde.',
  'Being sent': 'Wird versendet',
  'The invoice was deleted before it was e-mailed.':
    'Die Rechnung wurde gelöscht, bevor sie versendet wurde.',
  'The account is disabled: nothing is e-mailed.': 'Das Konto ist deaktiviert: Es wird nichts versendet.',
  'The e-mail could not be prepared or queued: send the invoice from its page.':
    'Die E-Mail konnte nicht vorbereitet oder eingereiht werden: Versenden Sie die Rechnung von ihrer Seite aus.',
  'The invoice could not be e-mailed: send it from its page.':
    'Die Rechnung konnte nicht per E-Mail versendet werden: Versenden Sie sie von ihrer Seite aus.',
  // Why a schedule is blocked (recurring-model.ts blockedReason), the service's sentence on request.
  'It does not meet the e-invoice rules this customer needs: complete the invoice template or the customer and save.':
    'Sie erfüllt die E-Rechnungs-Vorgaben dieses Kunden nicht: Ergänzen Sie die Rechnungsvorlage oder den Kunden und speichern Sie.',
  'The Leitweg-ID (buyer reference) is missing: enter it at the customer or in the invoice template.':
    'Die Leitweg-ID (Käuferreferenz) fehlt: Tragen Sie sie beim Kunden oder in der Rechnungsvorlage ein.',
  'Its numbering sequence no longer exists: choose another one and save.':
    'Ihren Nummernkreis gibt es nicht mehr: Wählen Sie einen anderen und speichern Sie.',
  'Its number is already used by another document: enter another first number and save.':
    'Ihre Nummer ist bereits an ein anderes Dokument vergeben: Geben Sie eine andere erste Nummer ein und speichern Sie.',
  'The invoice template no longer makes a valid invoice: correct it and save.':
    'Aus der Rechnungsvorlage entsteht keine gültige Rechnung mehr: Korrigieren Sie sie und speichern Sie.',
  'Creating it was interrupted: save the recurring invoice to try again.':
    'Das Erstellen wurde unterbrochen: Speichern Sie die wiederkehrende Rechnung, um es erneut zu versuchen.',
  'The service’s message:': 'Meldung des Dienstes:',
  delivered: 'zugestellt',
};
