import { formatDate, formatMoney, t } from '../../i18n';
import { formatRate } from '../products';
import type { StoredDocument } from './model';

/** An amount other than zero in any currency's decimals ("0", "0.00", "0.000" are none). */
const nonZero = (amount: string) => /[1-9]/.test(amount);

/** What a tax group is called when it is not plain VAT at a rate (UNCL5305), as the editor names them. */
const CATEGORY_NAMES: Record<string, string> = {
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
};

/**
 * One tax group's line: "VAT 19 % on 4,250.00 €", or its category's name when it is not plain VAT; of an
 * issued document's tax_breakdown or a received one's (whose amounts are plain strings).
 */
export function taxLabel(
  group: { category: string | null; rate: string; taxable_amount: string | { amount: string } },
  currency: string,
): string {
  const taxable =
    typeof group.taxable_amount === 'string' ? group.taxable_amount : group.taxable_amount.amount;
  const base = formatMoney(taxable, currency);
  const named = group.category ? CATEGORY_NAMES[group.category] : undefined;
  if (named) return t('{category} on {base}', { category: t(named), base });
  return t('VAT {rate} on {base}', { rate: formatRate(group.rate), base });
}

/**
 * The document's totals as its PDF states them: subtotal, discount, shipping, the tax per category and
 * rate (one line when there is one group), the total and what is left to pay after prepaid amounts (a final
 * invoice's deducted progress invoices, each with what it stated, as its PDF has them).
 */
export function TotalsCard({ document }: { document: StoredDocument }) {
  const { totals, currency } = document;
  const groups = document.tax_breakdown;
  // A final invoice's deducted Abschläge (invoiced, not necessarily paid): each listed as its PDF lists it.
  const deductions = document.data.deductions ?? [];
  return (
    <section class="card totals">
      <h2>{t('Totals')}</h2>
      <dl>
        <div class="total-row">
          <dt>{t('Subtotal')}</dt>
          <dd>{formatMoney(totals.subtotal.amount, currency)}</dd>
        </div>
        {nonZero(totals.discount_total.amount) ? (
          <div class="total-row">
            <dt>{t('Discount')}</dt>
            <dd>-{formatMoney(totals.discount_total.amount, currency)}</dd>
          </div>
        ) : null}
        {nonZero(totals.shipping_total.amount) ? (
          <div class="total-row">
            <dt>{t('Shipping')}</dt>
            <dd>{formatMoney(totals.shipping_total.amount, currency)}</dd>
          </div>
        ) : null}
        {groups.length > 0 ? (
          groups.map((group, index) => (
            <div class="total-row" key={index}>
              <dt>{taxLabel(group, currency)}</dt>
              <dd>{formatMoney(group.tax_amount.amount, currency)}</dd>
            </div>
          ))
        ) : (
          <div class="total-row">
            <dt>{t('Tax')}</dt>
            <dd>{formatMoney(totals.tax_total.amount, currency)}</dd>
          </div>
        )}
        <div class="total-row strong">
          <dt>{t('Total')}</dt>
          <dd>{formatMoney(totals.total.amount, currency)}</dd>
        </div>
        {totals.prepaid_amount && nonZero(totals.prepaid_amount.amount) ? (
          <div class="total-row">
            <dt>{deductions.length > 0 ? t('Less progress invoices') : t('Already paid')}</dt>
            <dd>-{formatMoney(totals.prepaid_amount.amount, currency)}</dd>
          </div>
        ) : null}
        {deductions.map((deduction) => (
          <div class="total-row" key={deduction.document_id ?? deduction.number}>
            <dt>
              {deduction.issue_date
                ? t('{number} of {date}', {
                    number: deduction.number,
                    date: formatDate(deduction.issue_date),
                  })
                : deduction.number}{' '}
              <small class="hint">
                {t('incl. {tax} VAT on net {net}', {
                  tax: formatMoney(deduction.tax_amount, currency),
                  net: formatMoney(deduction.net_amount, currency),
                })}
              </small>
            </dt>
            <dd>-{formatMoney(deduction.total, currency)}</dd>
          </div>
        ))}
        {totals.amount_due && totals.amount_due.amount !== totals.total.amount ? (
          <div class="total-row strong">
            <dt>{t('Amount due')}</dt>
            <dd>{formatMoney(totals.amount_due.amount, currency)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
