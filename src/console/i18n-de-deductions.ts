// German texts of a final invoice deducting its Abschlagsrechnungen (pages/documents/deductions.tsx), in
// the words a Handwerker and the Steuerberater use; i18n-de.ts spreads them into GERMAN.
export const GERMAN_DEDUCTIONS: Record<string, string> = {
  'Deduct progress invoices': 'Abschläge abziehen',
  'Tick the progress invoices this invoice deducts: each is listed on it with its net amount, VAT and gross amount, and their sum is deducted from the amount due.':
    'Kreuzen Sie die Abschlagsrechnungen an, die von dieser Rechnung abgezogen werden: Jede wird mit Netto, USt und Brutto aufgeführt, ihre Summe vom Zahlbetrag abgezogen.',
  'This customer has no issued progress invoices that are not deducted yet.':
    'Für diesen Kunden gibt es keine gestellten Abschlagsrechnungen, die noch nicht abgezogen sind.',
  '{number} of {date}: {total}': '{number} vom {date}: {total}',
  '{number} (can no longer be deducted)': '{number} (kann nicht mehr abgezogen werden)',
  'Tick the progress invoices it deducts under Deduct progress invoices':
    'Die abzuziehenden Abschlagsrechnungen unter „Abschläge abziehen“ ankreuzen',
};
