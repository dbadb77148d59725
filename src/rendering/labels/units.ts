// The printed names of the UN/ECE Recommendation 20 units the console offers (src/domain/reference,
// unitCodes), per language: a line with a unit code and no unit text of its own prints this name beside
// its quantity ("12,5 Std."), as an invoice written by hand would. Other codes print as the code itself.
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
] as const;
type UnitCode = (typeof CODES)[number];

const table = (names: string): Record<UnitCode, string> => {
  const words = names.split('|');
  if (words.length !== CODES.length) throw new Error(`unit names: ${words.length} for ${CODES.length} codes`);
  return Object.fromEntries(CODES.map((code, i) => [code, words[i] as string])) as Record<UnitCode, string>;
};

// In CODES' order; symbols (kg, km, m², kWh) are the same in every language.
export const UNIT_NAMES = {
  en: table('pc|h|days|unit|months|years|min|weeks|pcs|sets|pairs|pkg|kg|g|t|m|km|m²|m³|l|kWh'),
  de: table('Stk.|Std.|Tage|Einh.|Monate|Jahre|Min.|Wochen|Stk.|Satz|Paar|Pkg.|kg|g|t|m|km|m²|m³|l|kWh'),
  fr: table('pce|h|jours|unité|mois|ans|min|semaines|pces|jeux|paires|paq.|kg|g|t|m|km|m²|m³|l|kWh'),
  es: table('ud.|h|días|unidad|meses|años|min|semanas|uds.|juegos|pares|paq.|kg|g|t|m|km|m²|m³|l|kWh'),
  it: table('pz.|h|giorni|unità|mesi|anni|min|settimane|pz.|set|paia|conf.|kg|g|t|m|km|m²|m³|l|kWh'),
  nl: table('st.|u|dagen|eenh.|maanden|jaren|min|weken|st.|sets|paar|pak|kg|g|t|m|km|m²|m³|l|kWh'),
} as const;
