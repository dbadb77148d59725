import { UNIT_NAMES, UNIT_NAMES_ONE } from '../../../rendering/labels/units';
import { type FieldError, validationError } from '../../../shared/errors';
import { columnProblems } from './customer-columns';

// The header of a products CSV: the API's own field names (`article_number`, `unit_price`) and the German
// names lexoffice, sevDesk or an Excel article list gives the same fields (`Artikelnummer`, `Bezeichnung`,
// `Preis netto`), in any mix; and a unit cell as such a list writes it ("Stück", "Std.", "m"). Documented in
// docs/imports.md (Products).

/** Create fields a column names as they are. */
const FIELDS = [
  'article_number',
  'name',
  'description',
  'unit_code',
  'unit_price',
  'price_base_quantity',
  'tax_rate',
  'tax_category',
  'currency',
] as const;
export type ProductField = (typeof FIELDS)[number];

/**
 * A gross price column (lexoffice and sevDesk export both prices): read nowhere, the net price and the rate
 * say it. Allowed only beside a net price column, so a file of gross prices alone is not read as priceless.
 */
export const GROSS_PRICE = 'gross_price';

/** Other names of a column, compared as `squashed` compares them (case, spaces, dots, hyphens left out). */
export const PRODUCT_COLUMN_ALIASES: Record<ProductField | typeof GROSS_PRICE, readonly string[]> = {
  article_number: [
    'Artikelnummer',
    'Artikel-Nr.',
    'Art.-Nr.',
    'Produktnummer',
    'Produkt-Nr.',
    'Nummer',
    'SKU',
    'Article number',
    'Item number',
  ],
  name: ['Bezeichnung', 'Artikelbezeichnung', 'Artikelname', 'Produktname', 'Produkt', 'Artikel', 'Titel'],
  description: ['Beschreibung', 'Artikelbeschreibung', 'Langtext', 'Details'],
  unit_code: ['Einheit', 'Mengeneinheit', 'ME', 'unit', 'Unit name'],
  unit_price: [
    'Preis netto',
    'Nettopreis',
    'Netto-Preis',
    'Einzelpreis',
    'Einzelpreis netto',
    'Verkaufspreis',
    'Verkaufspreis netto',
    'VK netto',
    'Preis',
    'Netto',
    'Price',
    'Net price',
  ],
  price_base_quantity: ['Preiseinheit', 'Preis pro Menge', 'Preis je'],
  tax_rate: [
    'Steuersatz',
    'USt',
    'USt.-Satz',
    'Umsatzsteuer',
    'Umsatzsteuersatz',
    'MwSt',
    'MwSt.-Satz',
    'Mehrwertsteuer',
    'VAT',
    'VAT rate',
    'Tax rate',
  ],
  tax_category: ['Steuerkategorie', 'USt-Kategorie', 'VAT category'],
  currency: ['Währung', 'Waehrung'],
  [GROSS_PRICE]: [
    'Preis brutto',
    'Bruttopreis',
    'Brutto-Preis',
    'Verkaufspreis brutto',
    'VK brutto',
    'Brutto',
  ],
};

/** `Art.-Nr.` -> `artnr`: how an alias is looked up. */
const squashed = (column: string) => column.toLowerCase().replace(/[\s._-]+/g, '');

const ALIASES = new Map<string, string>();
for (const field of FIELDS) ALIASES.set(squashed(field), field);
for (const [field, names] of Object.entries(PRODUCT_COLUMN_ALIASES)) {
  for (const name of names) ALIASES.set(squashed(name), field);
}

/** Every name a products CSV column may have, for the message refusing an unknown one. */
function acceptedColumns(): string {
  return ([...FIELDS, GROSS_PRICE] as const)
    .map((field) => `${field} (${(PRODUCT_COLUMN_ALIASES[field] ?? []).join(', ')})`)
    .join(', ');
}

export const PRODUCT_ACCEPTED_PREFIX = 'the columns a products file may have:';

/**
 * The fields of a header (one per column, in order). Unknown columns, two columns meaning one field and a
 * gross price without a net one are a 422 at the header; a file without a name column too.
 */
export function productHeaderFields(header: readonly string[]): string[] {
  const fields = header.map((column) => ALIASES.get(squashed(column)) ?? null);
  const problems = columnProblems(header, fields, `${PRODUCT_ACCEPTED_PREFIX} ${acceptedColumns()}`);
  const unknown = fields.includes(null);
  if (!unknown && !fields.includes('name')) {
    const msg = "no name column: an article needs its name ('Bezeichnung', 'Name' or 'name')";
    problems.push({ loc: 'body.data.0', msg, type: 'missing' });
  }
  if (fields.includes(GROSS_PRICE) && !fields.includes('unit_price')) {
    const msg =
      "a gross price column without a net one: the catalogue holds net prices, add a 'Preis netto' column";
    problems.push({ loc: 'body.data.0', msg, type: 'invalid_header' });
  }
  if (problems.length > 0) throw validationError(problems, 'The CSV header has unknown or repeated columns');
  return fields as string[];
}

/** `Std.` -> `std`: how a unit name is looked up (case, dots and spaces left out). */
const unitKey = (name: string) => name.toLowerCase().replace(/[\s.]+/g, '');

let unitCodesByName: Map<string, string> | null = null;

/**
 * The names a unit cell may have, in German and English, as the console and the PDF name them (Stück is
 * C62, Stk. H87, as the console tells them apart), and the ones article lists write besides.
 */
function unitNames(): Map<string, string> {
  if (unitCodesByName) return unitCodesByName;
  const names = new Map<string, string>();
  const extra: [string, string][] = [
    ['St', 'C62'],
    ['Stck', 'C62'],
    ['Stk', 'H87'],
    ['piece', 'C62'],
    ['pieces', 'H87'],
    ['Std', 'HUR'],
    ['Stunde', 'HUR'],
    ['Stunden', 'HUR'],
    ['Std(n)', 'HUR'],
    ['hour', 'HUR'],
    ['hours', 'HUR'],
    ['Tag', 'DAY'],
    ['Tage', 'DAY'],
    ['Minute', 'MIN'],
    ['Minuten', 'MIN'],
    ['Einheit', 'E48'],
    ['Monat', 'MON'],
    ['Woche', 'WEE'],
    ['Jahr', 'ANN'],
    ['Sätze', 'SET'],
    ['Paket', 'XPK'],
    ['Pakete', 'XPK'],
    ['Packung', 'XPK'],
    ['Pauschal', 'LS'],
    ['Pauschale', 'LS'],
    ['psch', 'LS'],
    ['pschl', 'LS'],
    ['Meter', 'MTR'],
    ['lfm', 'MTR'],
    ['lfdm', 'MTR'],
    ['Kilometer', 'KMT'],
    ['qm', 'MTK'],
    ['m2', 'MTK'],
    ['cbm', 'MTQ'],
    ['m3', 'MTQ'],
    ['Liter', 'LTR'],
    ['Kilogramm', 'KGM'],
    ['Gramm', 'GRM'],
    ['Tonne', 'TNE'],
    ['Tonnen', 'TNE'],
  ];
  for (const [name, code] of extra) names.set(unitKey(name), code);
  for (const table of [UNIT_NAMES.en, UNIT_NAMES_ONE.en, UNIT_NAMES.de, UNIT_NAMES_ONE.de]) {
    for (const [code, name] of Object.entries(table)) names.set(unitKey(name), code);
  }
  unitCodesByName = names;
  return names;
}

/** A Rec 20 code as a cell writes it: two or three capitals or digits (`C62`, `HUR`, `XPK`). */
const UNIT_CODE = /^[A-Z0-9]{2,3}$/;

/**
 * The UN/ECE Rec 20 code of a unit cell: a name ("Stück", "Std.", "m", "Pauschal", "h") or a code as it is
 * (`HUR`). A cell that is neither is a problem at `loc`, and undefined.
 */
export function unitCodeOf(cell: string, loc: string, problems: FieldError[]): string | undefined {
  const named = unitNames().get(unitKey(cell));
  if (named) return named;
  if (UNIT_CODE.test(cell)) return cell;
  const msg =
    `'${cell}' is no unit name the service knows: write its UN/ECE Rec 20 code (e.g. XBX for a box, ` +
    'C62 for a piece) or one of Stück, Stk., Std., Tage, Pausch., m, m², m³, kg, l, kWh';
  problems.push({ loc, msg, type: 'invalid_value' });
  return undefined;
}
