// Who a firm names as the people behind it depends on its legal form, read from the suffix of its legal name:
// a GmbH or UG names its Geschäftsführer (§ 35a GmbHG), an AG, SE, eG or e.V. its Vorstand (§ 80 AktG,
// § 25a GenG), a partnership (OHG, KG, GbR, PartG, Austrian OG/KG) its partners (§ 125a HGB), and a sole
// trader (e.K., Austrian e.U., or a name with no company form at all: § 19 HGB, § 14 UGB) its owner, the
// "Inhaber". A "GmbH & Co. KG" is run by its GmbH's Geschäftsführer; foreign company forms (Ltd, SARL, SAS,
// BV, S.r.l., Inc.) are companies.
import type { Labels } from '../labels';

export type LegalForm = 'company' | 'board' | 'partnership' | 'sole';

const w = (forms: string) => new RegExp(`(^|[\\s,(&])(${forms})(?=$|[\\s,.)&])`);

const COMPANY = w(
  [
    'g?Gmb[Hh]',
    'GMBH',
    'mbH',
    'UG',
    'Ltd\\.?',
    'Limited',
    'LLC',
    'LLP',
    'Inc\\.?',
    'Corp\\.?',
    'Corporation',
    'S\\.?A\\.?R\\.?L\\.?',
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
    'AB',
    'ApS',
    'A/S',
  ].join('|'),
);
const BOARD = w(['AG', 'SE', 'KGaA', 'eG', 'e\\.\\s?G\\.', 'e\\.\\s?V\\.', 'eV', 'Stiftung'].join('|'));
const PARTNERSHIP = w(
  ['OHG', 'oHG', 'KG', 'OG', 'KEG', 'GbR', 'PartG', 'PartGmbB', 'Partnerschaft', 'SNC', 'SCS'].join('|'),
);

/** The firm's legal form read from its legal name; a name without any company form is a sole trader's. */
export function legalFormOf(legalName: string | null | undefined): LegalForm {
  const name = (legalName ?? '').trim();
  // A company running a partnership ("GmbH & Co. KG", "UG (haftungsbeschränkt) & Co. KG") is run by the
  // company's managers; an "AG & Co. KG" by the AG's board.
  if (COMPANY.test(name)) return 'company';
  if (BOARD.test(name)) return 'board';
  if (PARTNERSHIP.test(name)) return 'partnership';
  return 'sole';
}

/** The label before the names in `managing_directors`, by the legal form of the firm's legal name. */
export function officersLabel(labels: Labels, legalName: string | null | undefined): string {
  switch (legalFormOf(legalName)) {
    case 'company':
      return labels.managingDirectors;
    case 'board':
      return labels.managementBoard;
    case 'partnership':
      return labels.partners;
    case 'sole':
      return labels.owner;
  }
}
