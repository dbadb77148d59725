import type { DocumentData } from '../../domain/document-data';
import { PROFILES, type ComplianceProfile as Profile } from '../profiles';
import type { Violation } from './types';

export const TIER1_RULESET = {
  id: 'tier1-mandatory',
  label: 'Mandatory fields (EN 16931, checked in TypeScript)',
};

interface Rule {
  rule: string;
  path: string;
  message: string;
  /** True when the document breaks the rule. */
  broken(data: DocumentData, profile: Profile): boolean;
  profiles?: Profile[];
}

const blank = (value: string | undefined | null) =>
  value === undefined || value === null || value.trim() === '';
const XRECHNUNG: Profile[] = ['xrechnung_ubl', 'xrechnung_cii'];
const ELECTRONIC_ADDRESS_REQUIRED = (Object.keys(PROFILES) as Profile[]).filter(
  (p) => PROFILES[p].electronicAddress.required,
);

/** An explicit electronic address (value and scheme), or an e-mail where the profile takes EM for one. */
function hasElectronicAddress(party: DocumentData['seller'] | undefined, profile: Profile): boolean {
  const explicit = party?.electronic_address;
  if (explicit && !blank(explicit.value) && !blank(explicit.scheme)) return true;
  return PROFILES[profile].electronicAddress.emailScheme && !blank(party?.email);
}

/** Terms that national rules require, by the request field that carries each. */
const TERMS = {
  sellerPhone: [
    'data.seller.phone',
    'The seller contact telephone number (BT-42)',
    (d: DocumentData) => d.seller?.phone,
  ],
  sellerEmail: [
    'data.seller.email',
    'The seller contact email address (BT-43)',
    (d: DocumentData) => d.seller?.email,
  ],
  sellerCity: [
    'data.seller.address.city',
    'The seller city (BT-37)',
    (d: DocumentData) => d.seller?.address?.city,
  ],
  sellerPostCode: [
    'data.seller.address.postal_code',
    'The seller post code (BT-38)',
    (d: DocumentData) => d.seller?.address?.postal_code,
  ],
  buyerCity: [
    'data.buyer.address.city',
    'The buyer city (BT-52)',
    (d: DocumentData) => d.buyer?.address?.city,
  ],
  buyerPostCode: [
    'data.buyer.address.postal_code',
    'The buyer post code (BT-53)',
    (d: DocumentData) => d.buyer?.address?.postal_code,
  ],
  debitedAccount: [
    'data.payment.direct_debit.debited_account',
    'The debited account identifier (BT-91)',
    (d: DocumentData) => d.payment?.direct_debit?.debited_account,
  ],
} as const;

const byDirectDebit = (d: DocumentData) => d.payment?.direct_debit !== undefined;

/** One "shall be provided" rule per `rule id -> term`, applying when `when(d)` holds. */
function required(
  profiles: Profile[],
  when: (d: DocumentData) => boolean,
  condition: string,
  terms: Record<string, keyof typeof TERMS>,
): Rule[] {
  return Object.entries(terms).map(([rule, term]) => {
    const [path, name, value] = TERMS[term];
    return {
      rule,
      path,
      message: `${name} shall be provided${condition}.`,
      broken: (d) => when(d) && blank(value(d)),
      profiles,
    };
  });
}

/**
 * The rules that need no XML: a missing mandatory term is found and named by its request field, so a
 * client can fix the request. The Schematron tier says the same things about the XML when it can run.
 */
const DOCUMENT_RULES: Rule[] = [
  {
    rule: 'BR-02',
    path: 'data.invoice_number',
    message: 'An invoice shall have an invoice number (BT-1).',
    broken: (d) => blank(d.invoice_number),
  },
  {
    rule: 'BR-03',
    path: 'data.issue_date',
    message: 'An invoice shall have an issue date (BT-2).',
    broken: (d) => blank(d.issue_date),
  },
  {
    rule: 'BR-05',
    path: 'data.currency',
    message: 'An invoice shall have a currency code (BT-5).',
    broken: (d) => blank(d.currency),
  },
  {
    rule: 'BR-06',
    path: 'data.seller.name',
    message: 'An invoice shall contain the seller name (BT-27).',
    broken: (d) => blank(d.seller?.name),
  },
  {
    rule: 'BR-07',
    path: 'data.buyer.name',
    message: 'An invoice shall contain the buyer name (BT-44).',
    broken: (d) => blank(d.buyer?.name),
  },
  {
    rule: 'BR-08',
    path: 'data.seller.address',
    message: 'An invoice shall contain the seller postal address (BG-5).',
    broken: (d) => !d.seller?.address,
  },
  {
    rule: 'BR-09',
    path: 'data.seller.address.country',
    message: 'The seller postal address shall contain a country code (BT-40).',
    broken: (d) => !!d.seller?.address && blank(d.seller.address.country),
  },
  {
    rule: 'BR-10',
    path: 'data.buyer.address',
    message: 'An invoice shall contain the buyer postal address (BG-8).',
    broken: (d) => !d.buyer?.address,
  },
  {
    rule: 'BR-11',
    path: 'data.buyer.address.country',
    message: 'The buyer postal address shall contain a country code (BT-55).',
    broken: (d) => !!d.buyer?.address && blank(d.buyer.address.country),
  },
  {
    rule: 'BR-16',
    path: 'data.line_items',
    message: 'An invoice shall have at least one invoice line (BG-25).',
    broken: (d) => (d.line_items?.length ?? 0) === 0,
  },
  {
    rule: 'BT-118',
    path: 'data.tax_scheme',
    message:
      'The tax scheme is missing: the VAT category code (BT-118) cannot be stated, and no XML is written without it.',
    broken: (d) => blank(d.tax_scheme),
  },
  {
    rule: 'BT-118',
    path: 'data.tax_scheme',
    message: "Only the tax scheme 'VAT' can be carried by an e-invoice.",
    broken: (d) => !blank(d.tax_scheme) && d.tax_scheme !== 'VAT',
  },
  {
    rule: 'PEPPOL-EN16931-R003',
    path: 'data.buyer_reference',
    message: 'A buyer reference (BT-10) or purchase order reference shall be provided.',
    broken: (d) => blank(d.buyer_reference),
    profiles: ['peppol_bis_billing_3'],
  },
  {
    rule: 'PEPPOL-EN16931-R020',
    path: 'data.seller.electronic_address',
    message: 'The seller electronic address (BT-34) shall be provided.',
    broken: (d, p) => !hasElectronicAddress(d.seller, p),
    profiles: ELECTRONIC_ADDRESS_REQUIRED,
  },
  {
    rule: 'PEPPOL-EN16931-R010',
    path: 'data.buyer.electronic_address',
    message: 'The buyer electronic address (BT-49) shall be provided.',
    broken: (d, p) => !hasElectronicAddress(d.buyer, p),
    profiles: ELECTRONIC_ADDRESS_REQUIRED,
  },
  {
    rule: 'BR-DE-15',
    path: 'data.buyer_reference',
    message: 'The buyer reference (Leitweg-ID, BT-10) shall be provided.',
    broken: (d) => blank(d.buyer_reference),
    profiles: XRECHNUNG,
  },
  // BR-DE-1 (payment instructions, BG-16) is not here: the XML always carries BG-16 (means "not defined"
  // when the data names none), which the official rules accept.
  {
    rule: 'BR-DE-2',
    path: 'data.seller',
    message: 'The seller contact (BG-6: phone and email) shall be provided.',
    broken: (d) => blank(d.seller?.phone) || blank(d.seller?.email),
    profiles: XRECHNUNG,
  },
  ...required(XRECHNUNG, () => true, '', {
    'BR-DE-3': 'sellerCity',
    'BR-DE-4': 'sellerPostCode',
    'BR-DE-8': 'buyerCity',
    'BR-DE-9': 'buyerPostCode',
  }),
  ...required(XRECHNUNG, byDirectDebit, ' for a direct debit (BG-19)', { 'BR-DE-31': 'debitedAccount' }),
  {
    rule: 'PEPPOL-EN16931-P0100',
    path: 'data.type_code',
    message:
      'A self-billed invoice (389) is not a Peppol BIS Billing invoice type (Peppol has a separate self-billing specification).',
    broken: (d) => d.type_code === '389',
    profiles: ['peppol_bis_billing_3'],
  },
  {
    rule: 'PEPPOL-EN16931-P0112',
    path: 'data.type_code',
    message:
      'A partial (326) or corrected (384) invoice is allowed in Peppol only when seller and buyer are both in Germany.',
    broken: (d) => (d.type_code === '326' || d.type_code === '384') && !bothInGermany(d),
    profiles: ['peppol_bis_billing_3'],
  },
  // Peppol's German national rules, for an invoice whose seller and buyer are both in Germany.
  ...required(['peppol_bis_billing_3'], bothInGermany, ' when seller and buyer are both in Germany', {
    'DE-R-006': 'sellerPhone',
    'DE-R-007': 'sellerEmail',
    'DE-R-003': 'sellerCity',
    'DE-R-004': 'sellerPostCode',
    'DE-R-008': 'buyerCity',
    'DE-R-009': 'buyerPostCode',
  }),
  ...required(
    ['peppol_bis_billing_3'],
    (d) => bothInGermany(d) && byDirectDebit(d),
    ' for a direct debit (BG-19) when seller and buyer are both in Germany',
    { 'DE-R-031': 'debitedAccount' },
  ),
];

function bothInGermany(d: DocumentData): boolean {
  const country = (p: DocumentData['seller'] | undefined) => p?.address?.country?.trim().toUpperCase();
  return country(d.seller) === 'DE' && country(d.buyer) === 'DE';
}

function lineViolations(data: DocumentData): Omit<Violation, 'severity' | 'ruleset'>[] {
  const found: Omit<Violation, 'severity' | 'ruleset'>[] = [];
  (data.line_items ?? []).forEach((line, i) => {
    const at = `data.line_items.${i}`;
    if (blank(line.name))
      found.push({
        rule: 'BR-25',
        path: `${at}.name`,
        message: 'Each invoice line shall contain the item name (BT-153).',
      });
    if (line.unit_price === undefined)
      found.push({
        rule: 'BR-26',
        path: `${at}.unit_price`,
        message: 'Each invoice line shall contain the item net price (BT-146).',
      });
    const vat = (line.taxes ?? []).filter((t) => t.category !== undefined);
    if (vat.length === 0) {
      found.push({
        rule: 'BR-CO-04',
        path: `${at}.taxes`,
        message: 'Each invoice line shall be categorized with an invoiced item VAT category code (BT-151).',
      });
    } else if (vat.length > 1) {
      found.push({
        rule: 'BR-CO-04',
        path: `${at}.taxes`,
        message: 'An invoice line carries exactly one VAT category (BT-151); this one has several.',
      });
    }
  });
  return found;
}

function sellerVatViolations(data: DocumentData): Omit<Violation, 'severity' | 'ruleset'>[] {
  const categories = new Set((data.line_items ?? []).flatMap((l) => (l.taxes ?? []).map((t) => t.category)));
  // BR-S/Z/E-02 accept the seller's tax registration id (BT-32, a Steuernummer) instead of a VAT id.
  const byTaxNumber = blank(data.seller?.tax_number) ? [] : ['S', 'Z', 'E'];
  const needsSellerVat = ['S', 'Z', 'E', 'AE', 'K', 'G'].filter(
    (c) => categories.has(c) && !byTaxNumber.includes(c),
  );
  if (needsSellerVat.length === 0 || !blank(data.seller?.tax_id)) return [];
  const rule = `BR-${needsSellerVat[0] === 'K' ? 'IC' : needsSellerVat[0]}-02`;
  return [
    {
      rule,
      path: 'data.seller.tax_id',
      message: `Lines of VAT category ${needsSellerVat.join(', ')} need the seller VAT identifier (BT-31).`,
    },
  ];
}

/** Tier 1: always available, no XML needed; every finding is fatal (these terms are mandatory). */
export function mandatoryFieldViolations(data: DocumentData, profile: Profile): Violation[] {
  const found = [
    ...DOCUMENT_RULES.filter((r) => (!r.profiles || r.profiles.includes(profile)) && r.broken(data, profile)),
    ...lineViolations(data),
    ...sellerVatViolations(data),
  ];
  return found.map(({ rule, path, message }) => ({
    rule,
    path,
    message,
    severity: 'fatal',
    ruleset: TIER1_RULESET.id,
  }));
}
