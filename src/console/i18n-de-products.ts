// German texts of the article catalogue, its picker in the editor and the PDF.js preview (i18n-de.ts
// spreads them into GERMAN).
export const GERMAN_PRODUCTS: Record<string, string> = {
  '(priced in {currency})': '(Preis in {currency})',
  '1 page': '1 Seite',
  'Add from the catalogue': 'Aus dem Artikelkatalog hinzufügen',
  'Add {name} as a line': '{name} als Position hinzufügen',
  'Drawing the preview…': 'Vorschau wird gezeichnet …',
  'Find a product': 'Katalog durchsuchen',
  'Name or description': 'Name oder Beschreibung',
  'Net, e.g. 95.00': 'Netto, z. B. 95,00',
  'New product': 'Neuer Artikel',
  'No category': 'Keine Kategorie',
  'Percent, e.g. {rate}': 'Prozent, z. B. {rate}',
  Products: 'Artikel',
  'Standard rate (S)': 'Regelsteuersatz (S)',
  'The catalogue is empty.': 'Der Artikelkatalog ist leer.',
  'The preview cannot be drawn here; open the PDF instead.':
    'Die Vorschau kann hier nicht gezeichnet werden; öffnen Sie stattdessen das PDF.',
  Unit: 'Einheit',
  'Unit of measure': 'Mengeneinheit',
  'VAT category': 'USt-Kategorie',
  '{count} pages': '{count} Seiten',
  '{name} added as a line.': '{name} als Position hinzugefügt.',
  '{title}, page {number} of {count}': '{title}, Seite {number} von {count}',
  // The unit codes' names (UN/ECE Rec 20) the catalogue and the editor give them (products.tsx UNIT_LABELS);
  // the others are in i18n-de.ts with the reference list's names.
  Tonne: 'Tonne',
};
