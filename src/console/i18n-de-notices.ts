// German texts of what VAT law asks every invoice to state and a draft lacks (finalize-check's notices,
// pages/documents/finalize-notices.tsx), in the words a German firm and its Steuerberater use; i18n-de.ts
// spreads them into GERMAN.
export const GERMAN_NOTICES: Record<string, string> = {
  'The seller’s tax number (Steuernummer) or VAT ID is missing (§ 14 Abs. 4 Nr. 2 UStG).':
    'Ihre Steuernummer oder USt-IdNr. fehlt (§ 14 Abs. 4 Nr. 2 UStG).',
  'The seller’s VAT ID is missing: an intra-community supply or a reverse charge to another EU country states it (§ 14a Abs. 1, 3 UStG).':
    'Ihre USt-IdNr. fehlt: Bei einer innergemeinschaftlichen Lieferung oder Reverse Charge in einen anderen EU-Staat gehört sie auf die Rechnung (§ 14a Abs. 1, 3 UStG).',
  'The buyer’s VAT ID is missing: an intra-community supply or a reverse charge to another EU country states it (§ 14a Abs. 1, 3 UStG).':
    'Die USt-IdNr. Ihres Kunden fehlt: Bei einer innergemeinschaftlichen Lieferung oder Reverse Charge in einen anderen EU-Staat gehört sie auf die Rechnung (§ 14a Abs. 1, 3 UStG).',
  'The buyer’s full address (street, postal code, city) is missing (§ 14 Abs. 4 Nr. 1 UStG).':
    'Die vollständige Anschrift Ihres Kunden (Straße, PLZ, Ort) fehlt (§ 14 Abs. 4 Nr. 1 UStG).',
  'The VAT rate, or a note that the supply is exempt, is missing (§ 14 Abs. 4 Nr. 8 UStG).':
    'Der Steuersatz oder der Hinweis auf eine Steuerbefreiung fehlt (§ 14 Abs. 4 Nr. 8 UStG).',
  'The note on why the supply is exempt from VAT is missing (§ 14 Abs. 4 Nr. 8 UStG).':
    'Der Hinweis auf die Steuerbefreiung fehlt (§ 14 Abs. 4 Nr. 8 UStG).',
  'The seller’s VAT ID (UID) is missing (§ 11 Abs. 1 Z 2 UStG 1994).':
    'Ihre UID-Nummer fehlt (§ 11 Abs. 1 Z 2 UStG 1994).',
  'The buyer’s VAT ID (UID) is missing: a reverse charge or an intra-community supply states it (§ 11 Abs. 1a UStG 1994).':
    'Die UID-Nummer Ihres Kunden fehlt: Beim Übergang der Steuerschuld oder einer innergemeinschaftlichen Lieferung gehört sie auf die Rechnung (§ 11 Abs. 1a UStG 1994).',
  'The note on why the supply is exempt from VAT is missing (§ 11 Abs. 1 Z 3 lit. e UStG 1994).':
    'Der Hinweis auf die Steuerbefreiung fehlt (§ 11 Abs. 1 Z 3 lit. e UStG 1994).',
  'The buyer’s VAT ID (UID) is missing: an invoice above € 10,000 gross to a business states it (§ 11 Abs. 1 Z 3 lit. i UStG 1994).':
    'Die UID-Nummer Ihres Kunden fehlt: Bei Rechnungen über 10.000 € brutto an Unternehmer gehört sie auf die Rechnung (§ 11 Abs. 1 Z 3 lit. i UStG 1994).',
  'The seller’s VAT ID is missing (Art. 226 No. 3 VAT Directive).':
    'Ihre USt-IdNr. fehlt (Art. 226 Nr. 3 MwStSystRL).',
  'The buyer’s VAT ID is missing: a reverse charge or an intra-community supply states it (Art. 226 No. 4 VAT Directive).':
    'Die USt-IdNr. Ihres Kunden fehlt: Bei Reverse Charge oder einer innergemeinschaftlichen Lieferung gehört sie auf die Rechnung (Art. 226 Nr. 4 MwStSystRL).',
  'The note on why the supply is exempt from VAT is missing (Art. 226 No. 11 VAT Directive).':
    'Der Hinweis auf die Steuerbefreiung fehlt (Art. 226 Nr. 11 MwStSystRL).',
  'Deducted progress invoice {n}': '{n}. abgezogene Abschlagsrechnung',
  'It is not fully paid yet, but its whole amount is deducted. If its payment came in, record it; otherwise the rest stays owed on that progress invoice.':
    'Sie ist noch nicht vollständig bezahlt, abgezogen wird aber ihr voller Betrag. Ist die Zahlung eingegangen, erfassen Sie sie; sonst bleibt der Rest auf der Abschlagsrechnung offen.',
  'Please check before finalizing:': 'Bitte vor dem Abschließen prüfen:',
  'The invoice lacks details every invoice must state:': 'Der Rechnung fehlen Pflichtangaben:',
  'A finalized invoice cannot be changed, only voided.':
    'Eine abgeschlossene Rechnung lässt sich nicht mehr ändern, nur stornieren.',
  'Before finalizing: the invoice lacks details every invoice must state.':
    'Vor dem Abschließen: Der Rechnung fehlen Pflichtangaben.',
  'Open the business profile': 'Geschäftsprofil öffnen',
  'Edit the draft': 'Entwurf bearbeiten',
  'This credit note credits more than is left of its invoice (or the invoice is cancelled): a correction credits at most what the invoice asked.':
    'Diese Rechnungskorrektur schreibt mehr gut, als von ihrer Rechnung offen ist (oder die Rechnung ist storniert): Eine Korrektur schreibt höchstens gut, was die Rechnung verlangt hat.',
  'The credit notes issued against this invoice credit more than it asks: raise its amount or cancel a credit note.':
    'Die zu dieser Rechnung ausgestellten Rechnungskorrekturen schreiben mehr gut, als sie verlangt: Erhöhen Sie ihren Betrag oder stornieren Sie eine Rechnungskorrektur.',
};
