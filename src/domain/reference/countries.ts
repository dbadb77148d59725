export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. "DE". */
  code: string;
  /** English short name from CLDR, e.g. "Germany". */
  name: string;
}

/**
 * The 249 officially assigned ISO 3166-1 alpha-2 codes, listed explicitly
 * because CLDR's region list also carries user-assigned and exceptionally
 * reserved codes (XK Kosovo, EU, UN, EZ, QO, ...) that are not countries in
 * ISO 3166-1 and that EN 16931 validators reject.
 */
const ISO_3166_ALPHA2 = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
  BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
  CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
  DE DJ DK DM DO DZ
  EC EE EG EH ER ES ET
  FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
  HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT
  JE JM JO JP
  KE KG KH KI KM KN KP KR KW KY KZ
  LA LB LC LI LK LR LS LT LU LV LY
  MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NF NG NI NL NO NP NR NU NZ
  OM
  PA PE PF PG PH PK PL PM PN PR PS PT PW PY
  QA
  RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
  TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
  UA UG UM US UY UZ
  VA VC VE VG VI VN VU
  WF WS
  YE YT
  ZA ZM ZW
`;

let codes: ReadonlySet<string> | undefined;
let cache: Country[] | undefined;

function codeSet(): ReadonlySet<string> {
  codes ??= new Set(ISO_3166_ALPHA2.trim().split(/\s+/));
  return codes;
}

function build(): Country[] {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
  const list = [...codeSet()]
    .sort()
    .map((code): Country => Object.freeze({ code, name: names.of(code) ?? code }));
  Object.freeze(list);
  return list;
}

/** Every ISO 3166-1 alpha-2 country, sorted by code. */
export function listCountries(): Country[] {
  cache ??= build();
  return cache;
}

/** True for official ISO 3166-1 alpha-2 codes only; exact, upper-case match. */
export function isValidCountry(code: string): boolean {
  return codeSet().has(code);
}
