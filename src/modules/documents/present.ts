import type { TotalsResult } from '../../domain/money';
import type { Party } from '../../domain/party';
import { createdByField } from '../../domain/schema-parts';
import type { DocumentType } from '../reference';
import type { MoneyTotals, StoredDocument } from './model';
import { daysOverdue, paymentFigures } from './payment-figures';
import type { DocumentRow } from './schema';

/** What `documents.totals` holds: the money module's result plus the currency it was computed in. */
export type StoredTotals = TotalsResult & { currency: string };

type TotalsSource = Pick<
  TotalsResult,
  'subtotal' | 'discount_total' | 'tax_total' | 'shipping_total' | 'total'
> &
  Partial<
    Pick<
      TotalsResult,
      'prepaid_amount' | 'rounding_amount' | 'third_party_payment_total' | 'amount_due' | 'charge_total'
    >
  >;

/** "0", "0.00", "-0.00". */
const isZeroAmount = (amount: string | undefined) => amount === undefined || /^-?0*\.?0*$/.test(amount);

/**
 * The five members of SPEC 2 (and `charge_total` when the document has `charges`); a document with a
 * prepaid or rounding amount (BT-113/114) or third-party payments (XRechnung BG-DEX-09) also shows those
 * (nonzero ones) and `amount_due` (BT-115), the figure left to pay. Without them the total is due and the
 * object keeps the SPEC's exact shape.
 */
export function presentTotals(totals: TotalsSource, currency: string): MoneyTotals {
  const money = (amount: string) => ({ amount, currency });
  const five = {
    subtotal: money(totals.subtotal),
    discount_total: money(totals.discount_total),
    tax_total: money(totals.tax_total),
    shipping_total: money(totals.shipping_total),
    total: money(totals.total),
  };
  const prepaid = totals.prepaid_amount;
  const rounding = totals.rounding_amount;
  const thirdParty = totals.third_party_payment_total;
  // Document charges besides shipping are in the total; their sum is shown when there are any.
  const charged =
    totals.charge_total === undefined ? five : { ...five, charge_total: money(totals.charge_total) };
  // A stated amount due (docs/calculation.md rule 8b) may differ from the total with nothing to explain it.
  const statedDue = totals.amount_due !== undefined && totals.amount_due !== totals.total;
  if (isZeroAmount(prepaid) && isZeroAmount(rounding) && isZeroAmount(thirdParty) && !statedDue)
    return charged;
  return {
    ...charged,
    ...(isZeroAmount(prepaid) ? {} : { prepaid_amount: money(prepaid ?? '') }),
    ...(isZeroAmount(rounding) ? {} : { rounding_amount: money(rounding ?? '') }),
    ...(isZeroAmount(thirdParty) ? {} : { third_party_payment_total: money(thirdParty ?? '') }),
    amount_due: money(totals.amount_due ?? totals.total),
  };
}

/**
 * What the totals were made of, as the PDF shows it: the tax per category and rate (BG-23) and each line's
 * amount. Totals stored before these were kept read as none.
 */
function breakdownOf(
  totals: Partial<Pick<TotalsResult, 'tax_groups' | 'lines'>>,
  currency: string,
): Pick<StoredDocument, 'tax_breakdown' | 'line_amounts'> {
  const money = (amount: string) => ({ amount, currency });
  return {
    tax_breakdown: (totals.tax_groups ?? []).map((group) => ({
      category: group.category,
      rate: group.rate,
      taxable_amount: money(group.taxable_amount),
      tax_amount: money(group.tax_amount),
    })),
    line_amounts: (totals.lines ?? []).map((line) => money(line.amount)),
  };
}

const withoutEmpty = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));

/**
 * A stored document as the API shows it on `today` (YYYY-MM-DD, for `days_overdue`). `data` is the full document in the shape of the stateless
 * document data object (SPEC 2), so it can be posted to validate, calculate or render as it is.
 */
export function presentDocument(
  row: DocumentRow,
  parties: { seller: Party; buyer: Party },
  today: string,
): StoredDocument {
  const { seller: _s, buyer: _b, ...content } = row.data;
  const { settled: _settled, ...payments } = paymentFigures(row);
  return {
    id: row.id,
    document_type: row.documentType as DocumentType,
    number: row.number,
    status: row.status,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    currency: row.currency,
    locale: row.locale,
    business_profile_id: row.businessProfileId,
    customer_id: row.customerId,
    source_document_id: row.sourceDocumentId,
    reason: row.reason,
    numbering_sequence_id: row.numberingSequenceId,
    data: withoutEmpty({
      invoice_number: row.number,
      issue_date: row.issueDate,
      due_date: row.dueDate,
      currency: row.currency,
      locale: row.locale,
      reason: row.reason,
      seller: parties.seller,
      buyer: parties.buyer,
      ...content,
    }),
    totals: presentTotals(row.totals, row.currency),
    ...breakdownOf(row.totals, row.currency),
    ...payments,
    days_overdue: daysOverdue(row, today),
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    finalized_at: row.finalizedAt,
    sent_at: row.sentAt,
    paid_at: row.paidAt,
    voided_at: row.voidedAt,
    archived_at: row.archivedAt,
  };
}
