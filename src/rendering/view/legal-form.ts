// Who a firm names as the people behind it depends on its legal form, read from the legal name: a GmbH or UG
// names its Geschäftsführer (§ 35a GmbHG), an AG, SE, eG, VVaG or e.V. its Vorstand (§ 80 AktG, § 25a GenG,
// § 188 VAG), a partnership (OHG, KG, GbR, PartG, Austrian OG/KG) its partners (§ 125a HGB), and a sole
// trader (e.K., Austrian e.U.) its owner, the "Inhaber". A "GmbH & Co. KG" is run by its GmbH's
// Geschäftsführer; foreign company forms (Ltd, SARL, S.à r.l., SAS, BV, S.r.l., Sagl, Inc.) are companies,
// and in English a common-law company's (Ltd, plc, DAC) are its "Directors" (Irish Companies Act 2014
// s. 151), where a GmbH's Geschäftsführer are "Managing directors".
// A form counts as a word of its own or the end of a compound ("Schmidt Bau-GmbH", "Müller-GmbH").
//
// A name stating no form at all is read by what it looks like: a person's name, or one naming a person
// ("Anna Schmidt", "Malerbetrieb Max Weber"), is a sole trader's (§ 19 HGB, § 14 UGB: a registered one must
// add "e.K.", an unregistered one trades under the owner's own name), so its officer is the "Inhaber". Any
// other ("Stadtwerke München", "Schmidt Bau", a foreign form not listed here) says nothing sure: a sole
// trader's Firma may be any name, but so may a company's whose form was left out, and "Inhaber" beside a
// GmbH's managing director would be wrong, so it keeps the field's own label, "Geschäftsführer" (as printed
// before the legal form was read).
import type { Labels } from '../labels';
import { isGivenName } from './given-names';

/** `unknown`: no form stated and no person's name (officersLabel prints the field's own label). */
export type LegalForm = 'company' | 'board' | 'partnership' | 'sole' | 'unknown';

const w = (forms: string) => new RegExp(`(^|[\\s,(&-])(${forms})(?=$|[\\s,.)&])`);

const COMPANY = w(
  [
    'g?Gmb[Hh]',
    'GMBH',
    'mbH',
    'm\\.\\s?b\\.\\s?H\\.',
    // Austrian: "Ges.m.b.H.", "Ges. m. b. H.", "GesmbH", "Ges.mbH".
    'Ges\\.?\\s?m\\.?\\s?b\\.?\\s?H\\.?',
    'g?UG',
    'Ltd\\.?',
    'Limited',
    'LLC',
    'LLP',
    'Inc\\.?',
    'Corp\\.?',
    'Corporation',
    'S\\.?A\\.?R\\.?L\\.?',
    'S\\.?\\s?à\\s?r\\.?\\s?l\\.?',
    'Sàrl',
    'Sarl',
    'Sagl',
    'SAGL',
    'SAS',
    'SASU',
    'EURL',
    'SELARL',
    'SA',
    'S\\.A\\.',
    'B\\.?V\\.?',
    'N\\.?V\\.?',
    'S\\.r\\.l\\.',
    'SRL',
    'S\\.L\\.',
    'S\\.p\\.A\\.',
    'Sp\\. z o\\.o\\.',
    'plc',
    'PLC',
    'p\\.l\\.c\\.',
    // Irish: a designated activity company, a company limited by guarantee.
    'DAC',
    'CLG',
    'AB',
    'ApS',
    'A/S',
  ].join('|'),
);
const BOARD = w(
  ['g?AG', 'SE', 'KGaA', 'VVaG', 'eG', 'e\\.\\s?G\\.', 'e\\.\\s?V\\.', 'eV', 'Stiftung'].join('|'),
);
const PARTNERSHIP = w(
  [
    'OHG',
    'oHG',
    'KG',
    'OG',
    'KEG',
    'GbR',
    'PartG',
    'PartGmbB',
    'PartmbB',
    'mbB',
    'Partnerschaft',
    'Partnerschaftsgesellschaft',
    // "& Partner", "und Partner": reserved to a Partnerschaft (§ 11 PartGG).
    '(?:&|und|\\+)\\s?Partner(?:n|innen)?',
    'SNC',
    'SCS',
  ].join('|'),
);
/** Company forms of the common law, whose officers are their directors (Irish Companies Act 2014 s. 151,
 *  UK Companies Act 2006): a private or public limited company, an Irish DAC or CLG. */
const COMMON_LAW = w(['Ltd\\.?', 'Limited', 'plc', 'PLC', 'p\\.l\\.c\\.', 'DAC', 'CLG'].join('|'));
const SOLE = w(['e\\.\\s?K\\.?', 'e\\.\\s?Kfm\\.', 'e\\.\\s?Kfr\\.', 'e\\.\\s?U\\.?'].join('|'));

/** Whether a name without a form names a person: a known given name followed by a capitalised word. */
function namesAPerson(name: string): boolean {
  const words = name.split(/\s+/);
  return words.some((word, i) => isGivenName(word) && /^\p{Lu}/u.test(words[i + 1] ?? ''));
}

/** The firm's legal form read from its legal name. */
export function legalFormOf(legalName: string | null | undefined): LegalForm {
  const name = (legalName ?? '').trim();
  // A company running a partnership ("GmbH & Co. KG", "UG (haftungsbeschränkt) & Co. KG") is run by the
  // company's managers; an "AG & Co. KG" by the AG's board.
  if (COMPANY.test(name)) return 'company';
  if (BOARD.test(name)) return 'board';
  if (PARTNERSHIP.test(name)) return 'partnership';
  if (SOLE.test(name)) return 'sole';
  return namesAPerson(name) ? 'sole' : 'unknown';
}

/** The label before the names in `managing_directors`, by the legal form of the firm's legal name. */
export function officersLabel(labels: Labels, legalName: string | null | undefined): string {
  switch (legalFormOf(legalName)) {
    case 'company':
      return (COMMON_LAW.test((legalName ?? '').trim()) && labels.directors) || labels.managingDirectors;
    case 'unknown':
      return labels.managingDirectors;
    case 'board':
      return labels.managementBoard;
    case 'partnership':
      return labels.partners;
    case 'sole':
      return labels.owner;
  }
}
