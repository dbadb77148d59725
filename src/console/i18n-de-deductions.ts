// German texts of a final invoice deducting its Abschlagsrechnungen (pages/documents/deductions.tsx,
// deductible.ts, totals-card.tsx), in the words a Handwerker and the Steuerberater use; i18n-de.ts spreads
// them into GERMAN.
export const GERMAN_DEDUCTIONS: Record<string, string> = {
  'Deduct progress invoices': 'Abschläge abziehen',
  'Tick the progress invoices this invoice deducts: each is listed on it with its net amount, VAT and gross amount, and their sum is deducted from the invoice total.':
    'Kreuzen Sie die Abschlagsrechnungen an, die mit dieser Rechnung verrechnet werden: Jede wird darauf mit Netto, USt und Brutto aufgeführt, und ihre Summe wird vom Rechnungsbetrag abgezogen.',
  'This customer has no issued progress invoices that are not deducted yet.':
    'Dieser Kunde hat keine gestellten Abschlagsrechnungen, die noch nicht abgezogen wurden.',
  '{number} of {date}: {total}': '{number} vom {date}: {total}',
  '{number} (can no longer be deducted)': '{number} (kann nicht mehr abgezogen werden)',
  'Tick the progress invoices it deducts under Deduct progress invoices':
    'Kreuzen Sie die abzuziehenden Abschlagsrechnungen unter „Abschläge abziehen“ an',
  // The service's refusals of a deducted invoice (deductible.ts deductionProblemText).
  'Only an invoice deducts progress invoices.': 'Abschläge werden nur von einer Rechnung abgezogen.',
  'The invoice': 'Die Rechnung',
  '{number} no longer exists: untick it.': '{number} gibt es nicht mehr: Bitte entfernen Sie den Haken.',
  '{number} is already deducted by {by} ({status}): untick it here or there.':
    '{number} wird bereits in {by} ({status}) abgezogen: Entfernen Sie den Haken hier oder dort.',
  '{number} is already deducted by another invoice: untick it.':
    '{number} wird bereits in einer anderen Rechnung abgezogen: Bitte entfernen Sie den Haken.',
  'An invoice cannot deduct itself.': 'Eine Rechnung kann sich nicht selbst abziehen.',
  '{number} has been voided: untick it.': '{number} wurde storniert: Bitte entfernen Sie den Haken.',
  '{number} is “{status}”: only finalized, sent or paid invoices are deducted.':
    '{number} ist „{status}“: Abgezogen werden nur abgeschlossene, versendete oder bezahlte Rechnungen.',
  '{number} is in {currency}, this invoice in {own}.':
    '{number} lautet auf {currency}, diese Rechnung auf {own}.',
  '{number} was corrected by a credit note: untick it and enter what is left of it under “Already paid”.':
    '{number} wurde durch eine Rechnungskorrektur berichtigt: Entfernen Sie den Haken und tragen Sie den Restbetrag unter „Bereits gezahlt“ ein.',
  // A finalize refused for the draft's fields (documents/finalize-refused.tsx, ui/messages.ts).
  'Not finalized: it stays a draft. Fix what is named below, then finalize again.':
    'Nicht abgeschlossen, es bleibt ein Entwurf: Beheben Sie das unten Genannte und schließen Sie dann erneut ab.',
  '{number} cannot be deducted: only issued invoices of this customer in its currency are.':
    '{number} kann nicht abgezogen werden: nur gestellte Rechnungen dieses Kunden in derselben Währung.',
  // A void the service refuses while a final invoice deducts the invoice (ui/messages.ts).
  'This invoice cannot be voided while a final invoice deducts it: void or correct that invoice first.':
    'Diese Rechnung kann nicht storniert werden, solange eine Schlussrechnung sie abzieht: Stornieren oder korrigieren Sie zuerst die Schlussrechnung.',
  'Open the final invoice': 'Schlussrechnung öffnen',
  // The totals of a final invoice (totals-card.tsx, editor-parts.tsx), as its PDF states them.
  'Less progress invoices': 'Abzüglich Abschlagsrechnungen',
  '{number} of {date}': '{number} vom {date}',
  'incl. {tax} VAT on net {net}': 'darin {tax} USt auf netto {net}',
};
