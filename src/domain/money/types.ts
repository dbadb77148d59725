// The contract between the money module and its callers. Every amount, quantity and rate is a decimal
// string; no JS number ever holds one.

export type MinorUnits = 0 | 2 | 3;

export interface TaxInput {
  name?: string;
  /** Percent, e.g. "19" or "7.5". */
  rate: string;
  /** True when the line's price already includes this tax. */
  inclusive?: boolean;
  /** UNCL5305 code; never inferred. */
  category?: string;
}

export interface DiscountInput {
  type: 'percentage' | 'fixed';
  value: string;
  reason?: string;
  /**
   * Document discounts only: the tax group this discount reduces (EN 16931 BT-95/96, an allowance of one
   * VAT rate); it is then spread over that group's lines only, and a percentage is of their amount. A
   * fixed one of a tax no line carries stands in that group by itself (an allowance in its own category).
   */
  taxes?: TaxInput[];
}

export interface LineInput {
  quantity: string;
  /** Absent on quantity-only lines (delivery notes): the line counts as zero. */
  unit_price?: string;
  /** EN 16931 BT-149: the quantity `unit_price` is for (a price per 100); greater than zero, default 1. */
  price_base_quantity?: string;
  /** EN 16931 BT-148: the price before its price discount; informational, at least `unit_price`. */
  gross_unit_price?: string;
  discount?: DiscountInput;
  /** Line charges (EN 16931 BG-28): amounts added to the line, taxed with it. */
  charges?: { amount: string }[];
  taxes?: TaxInput[];
}

/** A document level charge other than shipping (EN 16931 BG-21): packaging, insurance, a handling fee. */
export interface ChargeInput {
  /** Zero or more; negative only on a document whose subtotal is negative (every amount negated). */
  amount: string;
  reason?: string;
  /** As shipping's: absent = the tax set every line shares, if any. */
  taxes?: TaxInput[];
}

export interface ShippingInput {
  amount: string;
  /** Taxes on the shipping charge; when absent, shipping takes the tax set shared by every line (if any). */
  taxes?: TaxInput[];
}

/** EN 16931 BT-106, BT-109, BT-110, BT-112, BT-115 as an invoice states them. */
export interface StatedTotalsInput {
  subtotal?: string;
  net_total?: string;
  tax_total?: string;
  total?: string;
  amount_due?: string;
}

export interface TotalsInput {
  minorUnits: MinorUnits;
  lines: LineInput[];
  discounts?: DiscountInput[];
  shipping?: ShippingInput | null;
  charges?: ChargeInput[];
  /** EN 16931 BT-113: already paid (a deposit); amount_due = total - prepaid + rounding (+ third parties). */
  prepaid?: string;
  /** EN 16931 BT-114: added to reach a payable amount (cash rounding), e.g. "0.02" or "-0.02". */
  rounding?: string;
  /**
   * XRechnung extension BG-DEX-09: amounts collected for third parties (BT-DEX-002), outside the total
   * and added to the amount due (BR-DEX-09). Zero or more, negative only on a negative document.
   */
  thirdPartyPayments?: { amount: string }[];
  /**
   * EN 16931 BT-117 as the seller stated it, per exclusive (category, rate) group: a received invoice whose
   * tax was rounded per line or to whole units. Each must be within one currency unit of the group's
   * once-rounded tax (BR-CO-17) and replaces it.
   */
  taxAmounts?: { category?: string; rate: string; amount: string }[];
  /**
   * Document totals a received e-invoice states that its lines do not give (rule 8b): each stands in the
   * result instead of the computed one; the result's `stated` names them.
   */
  stated?: StatedTotalsInput;
  /** EN 16931 BT-6: state the VAT total in this currency too (units per unit of the document currency). */
  taxCurrency?: { rate: string; minorUnits: MinorUnits };
}

/** A problem with the input, `loc` relative to the document data (`line_items.2.taxes`, `discounts.0.value`). */
export interface TotalsProblem {
  loc: string;
  msg: string;
  type: string;
}

export interface LineResult {
  /** quantity x unit price, before the line discount, rounded to the currency. */
  gross_amount: string;
  /** The line discount, rounded. */
  discount_amount: string;
  /** gross_amount - discount_amount + charge_amount: the amount as priced (tax-inclusive when its tax is). */
  amount: string;
  /** The line's charges summed, rounded; present only on a line that has charges. */
  charge_amount?: string;
  /** Share of document-level discounts allocated to this line (largest-remainder, sums exactly). */
  allocated_discount: string;
}

export interface TaxGroupResult {
  category: string | null;
  rate: string;
  inclusive: boolean;
  name: string;
  /** The base the tax is computed on, net of the tax (EN 16931 BT-116). */
  taxable_amount: string;
  /** BT-117, rounded once per group (BR-CO-17). */
  tax_amount: string;
}

export interface DocumentDiscountResult {
  amount: string;
  reason: string | null;
  /** How the discount splits across tax groups, for the XML's one-allowance-per-VAT-category rule. */
  allocations: { category: string | null; rate: string; inclusive: boolean; amount: string }[];
}

export interface TotalsResult {
  subtotal: string;
  discount_total: string;
  tax_total: string;
  shipping_total: string;
  total: string;
  /** Tax that is added on top (exclusive); total = subtotal - discount_total + shipping_total + this. */
  exclusive_tax_total: string;
  inclusive_tax_total: string;
  // The next three are always computed; totals stored before they existed lack them (due in full).
  /** BT-113, "0" in the currency's decimals when nothing was paid in advance. */
  prepaid_amount?: string;
  /** BT-114, "0" in the currency's decimals when not rounded. */
  rounding_amount?: string;
  /** BT-115: total - prepaid_amount + rounding_amount + third_party_payment_total. */
  amount_due?: string;
  /** BG-DEX-09: the third-party payments summed; present only when the input has `thirdPartyPayments`. */
  third_party_payment_total?: string;
  /** Document charges other than shipping, summed; present only when the document has some. */
  charge_total?: string;
  charges?: { amount: string; reason: string | null }[];
  /** BT-111: tax_total in the tax currency (TotalsInput.taxCurrency), when one was asked for. */
  tax_currency_tax_total?: string;
  /**
   * Rule 8b: the members taken as the document states them rather than computed (`subtotal`, `tax_total`,
   * `total`, `amount_due`; `net_total` when BT-109 gave the subtotal); present only when the input has `stated`.
   */
  stated?: string[];
  lines: LineResult[];
  tax_groups: TaxGroupResult[];
  discounts: DocumentDiscountResult[];
}

export type TotalsOutcome = { ok: true; totals: TotalsResult } | { ok: false; problems: TotalsProblem[] };
