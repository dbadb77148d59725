// Peppol participant identifier schemes: the ICD we hold (`0204`, `9930`, …) and the scheme name Storecove
// routes and discovers by (`DE:LWID`, `DE:VAT`, …). Storecove's "receiver identifiers list" names schemes as
// the Peppol code list's `schemeid` column does; this table is that column, taken from OpenPeppol's
// "Peppol Code Lists - Participant identifier schemes" v9.7 (as vendored in phax/peppol-commons,
// peppol-id/src/main/resources/external/codelists/, commit b460bac7), active and deprecated entries (removed
// ones left out). An ICD missing here is passed through unchanged; an account can override a name in its
// settings (`scheme_overrides`) should Storecove name one differently.
const ICD_TO_STORECOVE: Readonly<Record<string, string>> = {
  '0002': 'FR:SIRENE',
  '0007': 'SE:ORGNR',
  '0009': 'FR:SIRET',
  '0060': 'DUNS',
  '0088': 'GLN',
  '0096': 'DK:P',
  '0097': 'IT:FTI',
  '0106': 'NL:KVK',
  '0130': 'EU:NAL',
  '0135': 'IT:SIA',
  '0142': 'IT:SECETI',
  '0151': 'AU:ABN',
  '0158': 'SK:ICO',
  '0183': 'CH:UIDB',
  '0184': 'DK:DIGST',
  '0188': 'JP:SST',
  '0190': 'NL:OINO',
  '0191': 'EE:CC',
  '0192': 'NO:ORG',
  '0193': 'UBLBE',
  '0195': 'SG:UEN',
  '0196': 'IS:KTNR',
  '0198': 'DK:ERST',
  '0199': 'LEI',
  '0200': 'LT:LEC',
  '0201': 'IT:CUUO',
  '0204': 'DE:LWID',
  '0205': 'IT:COD',
  '0208': 'BE:EN',
  '0209': 'GS1',
  '0210': 'IT:CFI',
  '0211': 'IT:IVA',
  '0216': 'FI:OVT2',
  '0218': 'LV:URN',
  '0221': 'JP:IIN',
  '0225': 'FR:CTC',
  '0230': 'MY:EIF',
  '0235': 'AE:TIN',
  '0240': 'LU:MAT',
  '0242': 'SPIS',
  '0244': 'NG:TID',
  '0245': 'SK:DIC',
  '0246': 'DE:GEBA',
  '0248': 'OM:VAT',
  '9909': 'NO:VAT',
  '9910': 'HU:VAT',
  '9912': 'EU:VAT',
  '9913': 'EU:REID',
  '9914': 'AT:VAT',
  '9915': 'AT:GOV',
  '9916': 'AT:CID',
  '9917': 'IS:KT',
  '9918': 'IBAN',
  '9919': 'AT:KUR',
  '9920': 'ES:VAT',
  '9922': 'AD:VAT',
  '9923': 'AL:VAT',
  '9924': 'BA:VAT',
  '9925': 'BE:VAT',
  '9926': 'BG:VAT',
  '9927': 'CH:VAT',
  '9928': 'CY:VAT',
  '9929': 'CZ:VAT',
  '9930': 'DE:VAT',
  '9931': 'EE:VAT',
  '9932': 'GB:VAT',
  '9933': 'GR:VAT',
  '9934': 'HR:VAT',
  '9935': 'IE:VAT',
  '9936': 'LI:VAT',
  '9937': 'LT:VAT',
  '9938': 'LU:VAT',
  '9939': 'LV:VAT',
  '9940': 'MC:VAT',
  '9941': 'ME:VAT',
  '9942': 'MK:VAT',
  '9943': 'MT:VAT',
  '9944': 'NL:VAT',
  '9945': 'PL:VAT',
  '9946': 'PT:VAT',
  '9947': 'RO:VAT',
  '9948': 'RS:VAT',
  '9949': 'SI:VAT',
  '9950': 'SK:VAT',
  '9951': 'SM:VAT',
  '9952': 'TR:VAT',
  '9953': 'VA:VAT',
  '9957': 'FR:VAT',
  '9959': 'US:EIN',
};

const STORECOVE_TO_ICD: ReadonlyMap<string, string> = new Map(
  Object.entries(ICD_TO_STORECOVE).map(([icd, name]) => [name.toUpperCase(), icd]),
);

/** The scheme Storecove takes for a Peppol ICD (an override first, then the code list, else the ICD). */
export function storecoveScheme(icd: string, overrides: Readonly<Record<string, string>> = {}): string {
  const code = icd.trim();
  return overrides[code] ?? ICD_TO_STORECOVE[code] ?? code;
}

/** The ICD of a scheme as Storecove names it (any case), or the text itself when it already is an ICD. */
export function icdOf(scheme: string): string | null {
  const name = scheme.trim();
  if (/^[0-9]{4}$/.test(name)) return name;
  return STORECOVE_TO_ICD.get(name.toUpperCase()) ?? null;
}
