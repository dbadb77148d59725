// What VAT law asks every invoice of a seller in the EU to state, whoever the buyer is, and that the
// document lacks: notices that finalize-check answers beside the buyer's e-invoice findings and that never
// stop a finalize (SPEC keeps every party field but `name` optional; one country's finalize must not refuse
// what another's takes). Read on the document as finalize freezes it (seller and buyer copied in).
// - Germany (§ 14 Abs. 4 UStG): the seller's Steuernummer or USt-IdNr. (Nr. 2), the buyer's full address
//   (Nr. 1), the rate or a note of the exemption (Nr. 8); neither of the first two on a Kleinbetragsrechnung
//   of at most EUR 250 gross (§ 33 UStDV, not for § 6a or § 13b supplies); no tax number on a
//   Kleinunternehmer's invoice (§ 34a UStDV, which asks for the § 19 UStG note instead); both VAT ids on a
//   reverse charge to another Member State and an intra-community supply (§ 14a Abs. 1, 3 UStG; a domestic
//   § 13b reverse charge states "Steuerschuldnerschaft des Leistungsempfängers" and no VAT id, § 14a Abs. 5).
// - Austria (§ 11 UStG 1994): the seller's UID when the invoice charges VAT (Abs. 1 Z 2; not on a
//   Kleinbetragsrechnung of at most EUR 400 gross, Abs. 6) or shifts it (Abs. 1a, Art. 11 Binnenmarkt); the
//   buyer's UID on those, and on an invoice above EUR 10,000 gross to another business (Abs. 1 Z 3 lit. i);
//   why an exempt supply is exempt (Abs. 1 Z 3 lit. e).
// - Ireland (Regulation 20 VAT Regulations 2010): the supplier's VAT number on a VAT invoice (20(1)(c)), the
//   customer's on a reverse charge supply to another Member State or an intra-Community supply (20(1)(e),
//   (f); a domestic reverse charge, such as RCT construction services, states none).
// - Any other EU seller (VAT Directive 2006/112/EC art. 226): the seller's VAT id when VAT is charged or
//   shifted (226(3)), the customer's on a reverse charge or intra-Community supply (226(4)), the reference
//   to the exemption (226(11)).
// An exemption's ground is what the PDF prints (rendering/view/vat-note.ts): the reason or code given with
// an exempt (E) tax; the other zero categories (AE, K, G, O) print their own words, and a zero rate (Z, the
// German photovoltaic Nullsteuersatz) is no exemption and states none (EN 16931 BR-Z-10).
// Beside the law, for any seller: a final invoice deducting an Abschlag that is not fully paid yet
// (`deducted_invoice_unpaid`): it deducts the Abschlag's invoiced total, money the seller may not have
// received (§ 14 Abs. 5 Satz 2 UStG speaks of the part payments received).
import { type DocumentData, documentTaxes } from './document-data';
import { euroRateOf } from './euro-rate';
import { abs, type Decimal, dec, gt, isDecimalString, isZero, mul, type TotalsResult } from './money';
import { type Party, statesBusiness } from './party';

/** One thing the invoice's VAT law asks for that the document lacks; never stops a finalize. */
export interface InvoiceNotice {
  /** Stable, snake_case: `seller_vat_id_missing`. */
  code: string;
  /** The document field to fill (`data.seller.tax_id`, `data.line_items.0.taxes.0.exemption_reason`). */
  field: string;
  /** An English sentence naming the legal basis. */
  message: string;
}

/** What the service knows of a deducted invoice's payments: paid so far, and what is still due on it. */
export interface DeductedPayments {
  paid: string;
  /** Its amount due (after its own prepaid amount, credits and payments); above zero: not fully paid. */
  due: string;
}

type TaxEntry = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

/** The EU member states, as an address names them (ISO 3166-1: GR, not the VAT prefix EL). */
const EU = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);
/** A buyer's country in the EU, Northern Ireland (XI) included for goods. */
const EU_BUYER = new Set([...EU, 'XI']);
/** § 33 UStDV: a German invoice of at most EUR 250 gross needs neither the buyer nor a tax number. */
const DE_SMALL_INVOICE_LIMIT = '250';
/** § 11 Abs. 6 UStG 1994: an Austrian one of at most EUR 400 gross needs no UID. */
const AT_SMALL_INVOICE_LIMIT = '400';
/** § 11 Abs. 1 Z 3 lit. i UStG 1994: above EUR 10,000 gross, the business buyer's UID. */
const AT_BUYER_UID_LIMIT = '10000';
/** A German Kleinunternehmer's note (§ 19 UStG), as the console's button writes it or in other words. */
const SMALL_BUSINESS_NOTE = /§\s*19\b|kleinunternehmer/i;

const present = (value: string | null | undefined): boolean => !!value?.trim();
const countryOf = (party: Party | undefined) => party?.address?.country?.trim().toUpperCase() ?? '';
const categoryOf = (tax: TaxEntry) => tax.category?.trim().toUpperCase() ?? '';
const groundOf = (tax: TaxEntry) => present(tax.exemption_reason) || present(tax.exemption_reason_code);

/** Every tax of the document with the field path it sits at (`data.line_items.0.taxes.1`). */
function taxesWithPaths(data: DocumentData): { tax: TaxEntry; loc: string }[] {
  const found: { tax: TaxEntry; loc: string }[] = [];
  const add = (taxes: readonly TaxEntry[] | undefined, at: string) => {
    for (const [j, tax] of (taxes ?? []).entries()) found.push({ tax, loc: `${at}.taxes.${j}` });
  };
  for (const [i, line] of (data.line_items ?? []).entries()) add(line.taxes, `data.line_items.${i}`);
  add(data.shipping?.taxes, 'data.shipping');
  for (const [i, charge] of (data.charges ?? []).entries()) add(charge.taxes, `data.charges.${i}`);
  return found;
}

/** The gross total in euros (a credit note's counts as its amount), undefined when no rate to euros is known. */
function grossInEuros(data: DocumentData, totals: Pick<TotalsResult, 'total'>): Decimal | undefined {
  const gross = abs(dec(totals.total));
  const rate = euroRateOf(data.currency, data as Record<string, unknown>);
  if (rate === undefined) return undefined;
  return rate === null ? gross : mul(gross, dec(rate));
}

const atMost = (amount: Decimal | undefined, limit: string) =>
  amount !== undefined && !gt(amount, dec(limit));
const above = (amount: Decimal | undefined, limit: string) => amount !== undefined && gt(amount, dec(limit));

/** What every rule reads of the document. */
interface Facts {
  data: DocumentData;
  seller: Party | undefined;
  buyer: Party | undefined;
  sellerCountry: string;
  buyerCountry: string;
  categories: Set<string>;
  /** A reverse charge (AE) or an intra-community supply (K): the VAT shifted to the buyer. */
  shifted: boolean;
  chargesVat: boolean;
  gross: Decimal | undefined;
}

/** A reverse charge to a buyer in another Member State, or an intra-community supply: both VAT ids. */
function crossBorder(facts: Facts): boolean {
  const toOtherState = EU_BUYER.has(facts.buyerCountry) && facts.buyerCountry !== facts.sellerCountry;
  return facts.categories.has('K') || (facts.categories.has('AE') && toOtherState);
}

/**
 * Exempt taxes that state no ground (E, or a 0 % tax without a category, whose PDF says nothing of why),
 * at their `exemption_reason`.
 */
function groundsMissing(facts: Facts, basis: string): InvoiceNotice[] {
  const notices: InvoiceNotice[] = [];
  for (const { tax, loc } of taxesWithPaths(facts.data)) {
    const category = categoryOf(tax);
    const unexplained = category === 'E' || (category === '' && isZero(dec(tax.rate)));
    if (!unexplained || groundOf(tax)) continue;
    notices.push({
      code: 'vat_exemption_reason_missing',
      field: `${loc}.exemption_reason`,
      message: `An exempt supply states why no VAT is charged (${basis}): give the exemption reason or its code`,
    });
  }
  return notices;
}

function germany(facts: Facts): InvoiceNotice[] {
  const { data, seller, buyer } = facts;
  const notices: InvoiceNotice[] = [];
  const { shifted } = facts;
  // § 33 UStDV: not for intra-community supplies (§ 6a) and reverse charges (§ 13b).
  const small = !shifted && atMost(facts.gross, DE_SMALL_INVOICE_LIMIT);
  const taxes = documentTaxes(data);
  const smallBusiness =
    taxes.length > 0 &&
    taxes.every((tax) => categoryOf(tax) === 'E') &&
    taxes.some((tax) => SMALL_BUSINESS_NOTE.test(tax.exemption_reason ?? ''));
  const bothIds = crossBorder(facts);
  if (bothIds) {
    if (!present(seller?.tax_id))
      notices.push({
        code: 'seller_vat_id_missing',
        field: 'data.seller.tax_id',
        message:
          "A reverse charge to another EU country or an intra-community supply states the seller's USt-IdNr. (§ 14a Abs. 1, 3 UStG): set the business profile's tax_id",
      });
  } else if (!small && !smallBusiness && !present(seller?.tax_number) && !present(seller?.tax_id)) {
    notices.push({
      code: 'seller_tax_number_missing',
      field: 'data.seller.tax_number',
      message:
        "A German invoice states the seller's Steuernummer or USt-IdNr. (§ 14 Abs. 4 Nr. 2 UStG): set the business profile's tax_number or tax_id",
    });
  }
  if (bothIds && !present(buyer?.tax_id))
    notices.push({
      code: 'buyer_vat_id_missing',
      field: 'data.buyer.tax_id',
      message:
        "A reverse charge to another EU country or an intra-community supply states the buyer's VAT id (§ 14a Abs. 1, 3 UStG): set the customer's tax_id",
    });
  const address = buyer?.address;
  // A postal code where the buyer's country has one in every address: at home and in the EU (Ireland's
  // Eircode is recent and often left out); an address in Hong Kong or Dubai is whole without one.
  const postalCodeAsked =
    facts.buyerCountry === '' || (EU.has(facts.buyerCountry) && facts.buyerCountry !== 'IE');
  const postalCodeMissing = postalCodeAsked && !present(address?.postal_code);
  if (!small && (!present(address?.line1) || !present(address?.city) || postalCodeMissing))
    notices.push({
      code: 'buyer_address_incomplete',
      field: 'data.buyer.address',
      message:
        "A German invoice states the buyer's full address, street, postal code and city (§ 14 Abs. 4 Nr. 1 UStG; not on a Kleinbetragsrechnung up to EUR 250, § 33 UStDV): complete the customer's billing_address",
    });
  for (const [i, line] of (data.line_items ?? []).entries()) {
    if ((line.taxes ?? []).length > 0) continue;
    notices.push({
      code: 'vat_rate_missing',
      field: `data.line_items.${i}.taxes`,
      message:
        'A German invoice states the VAT rate of each supply, or that it is exempt (§ 14 Abs. 4 Nr. 8 UStG): give the line its tax',
    });
  }
  notices.push(...groundsMissing(facts, '§ 14 Abs. 4 Nr. 8 UStG'));
  return notices;
}

function austria(facts: Facts): InvoiceNotice[] {
  const { seller, buyer } = facts;
  const notices: InvoiceNotice[] = [];
  const { shifted } = facts;
  const small = atMost(facts.gross, AT_SMALL_INVOICE_LIMIT);
  if (!present(seller?.tax_id) && (shifted || (facts.chargesVat && !small)))
    notices.push({
      code: 'seller_vat_id_missing',
      field: 'data.seller.tax_id',
      message:
        "An Austrian invoice that charges VAT above EUR 400 gross, or shifts it to the buyer, states the seller's UID (§ 11 Abs. 1 Z 2, Abs. 1a UStG 1994): set the business profile's tax_id",
    });
  if (!present(buyer?.tax_id)) {
    if (shifted)
      notices.push({
        code: 'buyer_vat_id_missing',
        field: 'data.buyer.tax_id',
        message:
          "A reverse charge (Übergang der Steuerschuld) or intra-community supply states the buyer's UID (§ 11 Abs. 1a UStG 1994, Art. 11 UStG 1994): set the customer's tax_id",
      });
    else if (above(facts.gross, AT_BUYER_UID_LIMIT) && buyer && statesBusiness(buyer))
      notices.push({
        code: 'buyer_vat_id_missing_above_10000',
        field: 'data.buyer.tax_id',
        message:
          "An Austrian invoice above EUR 10,000 gross to another business states the buyer's UID (§ 11 Abs. 1 Z 3 lit. i UStG 1994): set the customer's tax_id",
      });
  }
  notices.push(...groundsMissing(facts, '§ 11 Abs. 1 Z 3 lit. e UStG 1994'));
  return notices;
}

function ireland(facts: Facts): InvoiceNotice[] {
  const { seller, buyer } = facts;
  const notices: InvoiceNotice[] = [];
  const { shifted } = facts;
  if (!present(seller?.tax_id) && (shifted || facts.chargesVat))
    notices.push({
      code: 'seller_vat_id_missing',
      field: 'data.seller.tax_id',
      message:
        "An Irish VAT invoice states the supplier's VAT number (Regulation 20(1)(c) VAT Regulations 2010): set the business profile's tax_id",
    });
  if (crossBorder(facts) && !present(buyer?.tax_id))
    notices.push({
      code: 'buyer_vat_id_missing',
      field: 'data.buyer.tax_id',
      message:
        "A reverse charge supply to another Member State or an intra-Community supply states the customer's VAT number (Regulation 20(1)(e), (f) VAT Regulations 2010): set the customer's tax_id",
    });
  notices.push(...groundsMissing(facts, 'VAT Directive art. 226(11), Regulation 20 VAT Regulations 2010'));
  return notices;
}

function otherMemberState(facts: Facts): InvoiceNotice[] {
  const { seller, buyer } = facts;
  const notices: InvoiceNotice[] = [];
  const { shifted } = facts;
  if (!present(seller?.tax_id) && (shifted || facts.chargesVat))
    notices.push({
      code: 'seller_vat_id_missing',
      field: 'data.seller.tax_id',
      message:
        "An invoice that charges VAT, or shifts it to the customer, states the seller's VAT identification number (VAT Directive 2006/112/EC art. 226(3)): set the business profile's tax_id",
    });
  if (shifted && !present(buyer?.tax_id))
    notices.push({
      code: 'buyer_vat_id_missing',
      field: 'data.buyer.tax_id',
      message:
        "A reverse charge or intra-Community supply states the customer's VAT identification number (VAT Directive 2006/112/EC art. 226(4)): set the customer's tax_id",
    });
  notices.push(...groundsMissing(facts, 'VAT Directive 2006/112/EC art. 226(11)'));
  return notices;
}

/** The countries whose law has rules of its own here; any other EU seller's are the VAT Directive's. */
const LAW_OF_COUNTRY: Record<string, (facts: Facts) => InvoiceNotice[]> = {
  DE: germany,
  AT: austria,
  IE: ireland,
};

/**
 * Each deducted invoice (data.deductions) with something still due on it: the final invoice deducts its
 * whole total all the same (docs/documents.md), as if it had been received. For any seller; the legal
 * basis named for a German one. `payments` by the deducted invoice's id; one it does not name is not judged.
 */
function unpaidDeductions(
  data: DocumentData,
  payments: ReadonlyMap<string, DeductedPayments>,
  sellerCountry: string,
): InvoiceNotice[] {
  const notices: InvoiceNotice[] = [];
  for (const [i, deduction] of (data.deductions ?? []).entries()) {
    const known = deduction.document_id ? payments.get(deduction.document_id) : undefined;
    if (!known || !isDecimalString(known.due) || !gt(dec(known.due), dec('0'))) continue;
    const { number, total } = deduction;
    const basis =
      sellerCountry === 'DE'
        ? ', while § 14 Abs. 5 Satz 2 UStG deducts the part payments received'
        : ', as if it had been received';
    notices.push({
      code: 'deducted_invoice_unpaid',
      field: `data.deductions.${i}`,
      message: `The deducted invoice ${number} is not fully paid (${known.paid} ${data.currency} received, ${known.due} still due on it): this invoice deducts its whole total of ${total} ${data.currency}${basis}. Record its payment if it came in; else the rest stays owed on ${number}`,
    });
  }
  return notices;
}

/**
 * What the VAT law of the seller's country asks this invoice or credit note to state and it lacks, read as
 * finalize freezes it (`data` with the seller and buyer copied in; its stored totals): none for a seller
 * outside the EU, none for other document types; then, for any seller, each deducted invoice not fully paid
 * (`deductedPayments`: what the service knows of their payments, by id). Never a reason to refuse a finalize.
 */
export function invoiceLawNotices(
  documentType: string,
  data: DocumentData,
  totals: Pick<TotalsResult, 'total' | 'tax_groups'>,
  deductedPayments: ReadonlyMap<string, DeductedPayments> = new Map(),
): InvoiceNotice[] {
  if (documentType !== 'invoice' && documentType !== 'credit_note') return [];
  const sellerCountry = countryOf(data.seller);
  const deductions = unpaidDeductions(data, deductedPayments, sellerCountry);
  if (!EU.has(sellerCountry)) return deductions;
  const categories = new Set(documentTaxes(data).map(categoryOf));
  const facts: Facts = {
    data,
    seller: data.seller,
    buyer: data.buyer,
    sellerCountry,
    buyerCountry: countryOf(data.buyer),
    categories,
    shifted: categories.has('AE') || categories.has('K'),
    chargesVat: totals.tax_groups.some((group) => !isZero(dec(group.tax_amount))),
    gross: grossInEuros(data, totals),
  };
  const law = LAW_OF_COUNTRY[sellerCountry] ?? otherMemberState;
  return [...law(facts), ...deductions];
}
