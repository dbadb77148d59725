// German texts of the books kept elsewhere ("Bereits gebucht bis", the DATEV settings and downloads,
// docs/exports.md) and of finalizing the drafts chosen in the documents list; i18n-de.ts spreads them into
// GERMAN.
export const GERMAN_BOOKED: Record<string, string> = {
  // `booked_until` after today (plain-problems.ts).
  'Enter today or a day before.': 'Geben Sie heute oder einen früheren Tag an.',
  'The file leaves out 1 booking dated on or before {date} (already booked).':
    'Die Datei lässt 1 Buchung bis einschließlich {date} aus (bereits gebucht).',
  'The file leaves out {count} bookings dated on or before {date} (already booked).':
    'Die Datei lässt {count} Buchungen bis einschließlich {date} aus (bereits gebucht).',
  'Already booked up to': 'Bereits gebucht bis',
  'The day up to which your tax adviser already has your bookings (festgeschrieben), e.g. from the invoicing tool you used before. DATEV files leave out everything dated on or before it, so nothing is booked twice. Empty: none.':
    'Der Tag, bis zu dem Ihr Steuerbüro Ihre Buchungen schon hat (festgeschrieben), etwa aus Ihrem bisherigen Rechnungsprogramm. DATEV-Dateien lassen alles bis einschließlich dieses Tages weg, damit nichts doppelt gebucht wird. Leer lassen, wenn es keinen solchen Tag gibt.',
  'Your books up to {date} are already kept elsewhere (DATEV settings, "Already booked up to"): the DATEV files leave out every booking dated on or before it.':
    'Bis zum {date} ist bereits gebucht (DATEV-Einstellungen, „Bereits gebucht bis“): Die DATEV-Dateien lassen alles weg, was bis einschließlich zu diesem Tag datiert ist.',
  // Finalizing the drafts chosen in the documents list (pages/documents/index.tsx).
  'Choose every draft shown': 'Alle angezeigten Entwürfe auswählen',
  'Choose {number}': '{number} auswählen',
  'Finalize chosen': 'Ausgewählte abschließen',
  'Finalize chosen ({count})': 'Ausgewählte abschließen ({count})',
  'Finalizing {done} of {chosen}…': 'Beleg {done} von {chosen} wird abgeschlossen …',
  '{done} of {chosen} finalized.': '{done} von {chosen} abgeschlossen.',
  'Kept as drafts, as you answered:': 'Auf Ihre Antwort hin als Entwurf belassen:',
  'Not finalized:': 'Nicht abgeschlossen:',
};
