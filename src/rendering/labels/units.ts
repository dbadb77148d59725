// The printed names of the UN/ECE Recommendation 20 units the console offers (src/domain/reference,
// unitCodes) and of LS (lump sum, a German "Pauschale"), per language: a line with a unit code and no unit
// text of its own prints this name beside its quantity ("12,5 Std."), as an invoice written by hand would.
// Other codes print as the code itself.
const CODES = [
  'C62',
  'HUR',
  'DAY',
  'E48',
  'MON',
  'ANN',
  'MIN',
  'WEE',
  'H87',
  'SET',
  'PR',
  'XPK',
  'KGM',
  'GRM',
  'TNE',
  'MTR',
  'KMT',
  'MTK',
  'MTQ',
  'LTR',
  'KWH',
  'LS',
] as const;
type UnitCode = (typeof CODES)[number];

const table = (names: string): Record<UnitCode, string> => {
  const words = names.split('|');
  if (words.length !== CODES.length) throw new Error(`unit names: ${words.length} for ${CODES.length} codes`);
  return Object.fromEntries(CODES.map((code, i) => [code, words[i] as string])) as Record<UnitCode, string>;
};

// In CODES' order; symbols (kg, km, m², kWh) are the same in every language. C62 (Rec 20 "one", the count
// German tools write "Stück" with) and H87 ("piece") are told apart in German: "Stück" and "Stk.".
export const UNIT_NAMES = {
  en: table('pc|h|days|unit|months|years|min|weeks|pcs|sets|pairs|pkg|kg|g|t|m|km|m²|m³|l|kWh|lump sum'),
  de: table(
    'Stück|Std.|Tage|Einh.|Monate|Jahre|Min.|Wochen|Stk.|Satz|Paar|Pkg.|kg|g|t|m|km|m²|m³|l|kWh|Pausch.',
  ),
  fr: table('pce|h|jours|unité|mois|ans|min|semaines|pces|jeux|paires|paq.|kg|g|t|m|km|m²|m³|l|kWh|forfait'),
  es: table('ud.|h|días|unidad|meses|años|min|semanas|uds.|juegos|pares|paq.|kg|g|t|m|km|m²|m³|l|kWh|global'),
  it: table('pz.|h|giorni|unità|mesi|anni|min|settimane|pz.|set|paia|conf.|kg|g|t|m|km|m²|m³|l|kWh|forfait'),
  nl: table('st.|u|dagen|eenh.|maanden|jaren|min|weken|st.|sets|paar|pak|kg|g|t|m|km|m²|m³|l|kWh|forfait'),
} as const;

/**
 * The names that differ for a quantity of exactly one ("1 Monat", not "1 Monate"; "1 day"); the others
 * are the same for any quantity (abbreviations and symbols).
 */
export const UNIT_NAMES_ONE = {
  en: { DAY: 'day', MON: 'month', ANN: 'year', WEE: 'week', H87: 'pc', SET: 'set', PR: 'pair' },
  de: { DAY: 'Tag', MON: 'Monat', ANN: 'Jahr', WEE: 'Woche' },
  fr: { DAY: 'jour', ANN: 'an', WEE: 'semaine', H87: 'pce', SET: 'jeu', PR: 'paire' },
  es: { DAY: 'día', MON: 'mes', ANN: 'año', WEE: 'semana', H87: 'ud.', SET: 'juego', PR: 'par' },
  it: { DAY: 'giorno', MON: 'mese', ANN: 'anno', WEE: 'settimana', PR: 'paio' },
  nl: { DAY: 'dag', MON: 'maand', ANN: 'jaar', WEE: 'week', SET: 'set' },
} as const satisfies Record<string, Partial<Record<UnitCode, string>>>;
