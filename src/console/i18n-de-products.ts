// German texts of the article catalogue, its picker in the editor and the PDF.js preview (i18n-de.ts
// spreads them into GERMAN).
export const GERMAN_PRODUCTS: Record<string, string> = {
  '(priced in {currency})': '(Preis in {currency})',
  '1 page': '1 Seite',
  'Add from the catalogue': 'Aus dem Artikelkatalog hinzufügen',
  'Already a customer: {name} has this customer number. The row is not imported again.':
    'Schon Kunde: {name} hat diese Kundennummer. Die Zeile wird nicht noch einmal importiert.',
  'Already a customer: {name} has this e-mail address. The row is not imported again.':
    'Schon Kunde: {name} hat diese E-Mail-Adresse. Die Zeile wird nicht noch einmal importiert.',
  'Already a customer: {name} has this VAT ID. The row is not imported again.':
    'Schon Kunde: {name} hat diese USt-IdNr. Die Zeile wird nicht noch einmal importiert.',
  'Already in the catalogue: {name}, with this name, unit, price and VAT. The row is not imported again.':
    'Schon im Artikelkatalog: {name}, mit diesem Namen, dieser Einheit, diesem Preis und Steuersatz. Die Zeile wird nicht noch einmal importiert.',
  'Art. no. {number}': 'Art.-Nr. {number}',
  'Article no.': 'Art.-Nr.',
  'Article number': 'Artikelnummer',
  'Article number, name or description': 'Artikelnummer, Name oder Beschreibung',
  'The article number {number} is already in the catalogue: the row is not imported (change that article in the catalogue, or give this row another number).':
    'Die Artikelnummer {number} steht schon im Artikelkatalog: Die Zeile wird nicht importiert (ändern Sie den Artikel im Katalog oder geben Sie der Zeile eine andere Nummer).',
  'The article number {number} is already used in row {row} of this file.':
    'Die Artikelnummer {number} steht schon in Zeile {row} dieser Datei.',
  'The customer number {number} already belongs to another customer ({name}).':
    'Die Kundennummer {number} gehört schon einem anderen Kunden ({name}).',
  'The file has a gross price but no net price: the catalogue holds net prices, add a column “Preis netto”.':
    'Die Datei hat einen Bruttopreis, aber keinen Nettopreis: Der Artikelkatalog führt Nettopreise, ergänzen Sie eine Spalte „Preis netto“.',
  'The file has no column for the article’s name (“Bezeichnung” or “Name”).':
    'Der Datei fehlt die Spalte mit dem Namen des Artikels („Bezeichnung“ oder „Name“).',
  'The price is in euros (€), but the currency column says {currency}.':
    'Der Preis ist in Euro (€) angegeben, die Spalte Währung sagt aber {currency}.',
  'Your own, e.g. E-1042; on the e-invoice as the seller’s item number':
    'Ihre eigene, z. B. E-1042; steht in der E-Rechnung als Artikelnummer des Verkäufers',
  '“{value}” is no unit the import knows: write Stück, Stk., Std., Tage, Pausch., m, m², m³, kg, l or kWh, or the unit’s UN/ECE code (such as XBX for a box).':
    '„{value}“ ist keine Einheit, die der Import kennt: Schreiben Sie Stück, Stk., Std., Tage, Pausch., m, m², m³, kg, l oder kWh, oder den UN/ECE-Code der Einheit (etwa XBX für einen Karton).',
  'Enter a rate from 0 to 100, such as 19 or 7.':
    'Geben Sie einen Steuersatz von 0 bis 100 ein, etwa 19 oder 7.',
  '“{value}” is no VAT category: write S for a rate above 0 %, at 0 % AE (reverse charge, § 13b UStG), E (exempt), Z, K, G or O.':
    '„{value}“ ist keine USt-Kategorie: Schreiben Sie S für einen Steuersatz über 0 %, bei 0 % AE (Steuerschuldnerschaft des Leistungsempfängers, § 13b UStG), E (steuerfrei), Z, K, G oder O.',
  'The standard rate (S) is above 0 %: at 0 % write the category, such as AE for the reverse charge.':
    'Der Regelsteuersatz (S) liegt über 0 %: Bei 0 % schreiben Sie die Kategorie, etwa AE für § 13b UStG.',
  'The category {category} is charged at 0 %: write 0 as the rate.':
    'Die Kategorie {category} gilt mit 0 %: Schreiben Sie 0 als Steuersatz.',
  'The category {category} takes no legal basis: leave the exemption reason empty.':
    'Zur Kategorie {category} gehört kein Befreiungsgrund: Lassen Sie die Spalte leer.',
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
