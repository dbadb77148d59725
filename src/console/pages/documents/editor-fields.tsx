import type { ApiError } from '../../api';
import { isPerBase, t } from '../../i18n';
import { Field, Fieldset, Select } from '../../ui/form';
import { lineAfter } from './draft-form';
import { deductedOf, isDecimal, ZERO_CATEGORIES } from './form-content';
import { baseOptions, unitOptions, useUnitCodes, withBase } from './line-options';
import type { DraftForm, LineForm } from './model';

const isZeroRate = (rate: string) => rate.trim() !== '' && isDecimal(rate) && !/[1-9]/.test(rate);

interface Props {
  form: DraftForm;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
  error: ApiError | null;
}

/** The line items: Description, Quantity, Unit price and Tax rate per line; add and remove lines. */
export function LineItems({ form, setForm, error }: Props) {
  const priced = form.document_type !== 'delivery_note';
  const units = useUnitCodes();
  const updateLine = (key: number, change: Partial<LineForm>) =>
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
    }));
  const removeLine = (key: number) =>
    setForm((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
  const addLine = () =>
    setForm((current) => ({ ...current, lines: [...current.lines, lineAfter(current.lines)] }));
  return (
    <Fieldset legend={t('Line items')} class="lines">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('Description')}</th>
            <th scope="col">{t('Quantity')}</th>
            <th scope="col">{t('Unit')}</th>
            {priced ? <th scope="col">{t('Unit price')}</th> : null}
            {priced ? <th scope="col">{t('Price reduction')}</th> : null}
            {priced ? <th scope="col">{t('Tax rate')}</th> : null}
            <th scope="col">
              <span class="visually-hidden">{t('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {form.lines.map((line, index) => (
            <tr key={line.key}>
              <td>
                <Field
                  label={t('Description')}
                  class="in-table"
                  value={line.name}
                  onInput={(name) => updateLine(line.key, { name })}
                  path={`line_items.${index}.name`}
                  error={error}
                />
              </td>
              <td>
                <Field
                  label={t('Quantity')}
                  class="in-table"
                  inputMode="decimal"
                  value={line.quantity}
                  onInput={(quantity) => updateLine(line.key, { quantity })}
                  path={`line_items.${index}.quantity`}
                  error={error}
                />
              </td>
              <td>
                <Select
                  label={t('Unit of measure')}
                  class="in-table"
                  value={line.unit_code}
                  onChange={(unit_code) => updateLine(line.key, { unit_code })}
                  options={unitOptions(units, line.unit_code)}
                  path={`line_items.${index}.unit_code`}
                  error={error}
                />
              </td>
              {priced ? (
                <td>
                  <div class="pair">
                    <Field
                      label={t('Unit price')}
                      class="in-table"
                      inputMode="decimal"
                      value={line.unit_price}
                      onInput={(unit_price) => updateLine(line.key, { unit_price })}
                      path={`line_items.${index}.unit_price`}
                      error={error}
                    />
                    <Select
                      label={t('Price is for')}
                      class="in-table"
                      value={isPerBase(line.rest.price_base_quantity) ? line.rest.price_base_quantity : ''}
                      onChange={(base) => updateLine(line.key, { rest: withBase(line.rest, base) })}
                      options={baseOptions(line.rest.price_base_quantity)}
                      path={`line_items.${index}.price_base_quantity`}
                      error={error}
                    />
                  </div>
                </td>
              ) : null}
              {priced ? (
                <td>
                  <div class="pair">
                    <Field
                      label={t('Price reduction')}
                      class="in-table"
                      inputMode="decimal"
                      value={line.discount_value}
                      onInput={(discount_value) => updateLine(line.key, { discount_value })}
                      path={`line_items.${index}.discount.value`}
                      error={error}
                    />
                    <Select
                      label={t('Reduction in')}
                      class="in-table"
                      value={line.discount_type}
                      onChange={(discount_type) => updateLine(line.key, { discount_type })}
                      options={[
                        { value: 'percentage', label: '%' },
                        { value: 'fixed', label: form.currency.trim().toUpperCase() || t('Amount') },
                      ]}
                    />
                  </div>
                </td>
              ) : null}
              {priced ? (
                <td class="rate">
                  <Field
                    label={t('Tax rate')}
                    class="in-table"
                    inputMode="decimal"
                    value={line.tax_rate}
                    onInput={(tax_rate) => updateLine(line.key, { tax_rate })}
                    path={`line_items.${index}.taxes.0.rate`}
                    error={error}
                  />
                </td>
              ) : null}
              <td>
                <button
                  type="button"
                  class="icon"
                  onClick={() => removeLine(line.key)}
                  disabled={form.lines.length === 1}
                  aria-label={t('Remove line {n}', { n: index + 1 })}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={addLine}>
        {t('Add line')}
      </button>
      {priced && form.lines.some((line) => isZeroRate(line.tax_rate)) ? (
        <div class="grid zero-rated">
          <Select
            label={t('VAT category at 0 %')}
            value={form.zero_category}
            onChange={(zero_category) => setForm((current) => ({ ...current, zero_category }))}
            options={[
              { value: '', label: t('Choose…') },
              ...ZERO_CATEGORIES.map((entry) => ({ value: entry.value, label: t(entry.label) })),
            ]}
          />
          {form.zero_category && form.zero_category !== 'Z' ? (
            <Field
              label={t('Legal basis')}
              class="wide"
              value={form.zero_reason}
              onInput={(zero_reason) => setForm((current) => ({ ...current, zero_reason }))}
              hint={t('Printed on the invoice, e.g. “Reverse charge, Article 196 VAT Directive”')}
            />
          ) : null}
        </div>
      ) : null}
    </Fieldset>
  );
}

/** Discount, shipping, payment details, notes and the buyer reference. */
export function MoreFields({ form, setForm, error }: Props) {
  const priced = form.document_type !== 'delivery_note';
  const set =
    <K extends keyof DraftForm>(name: K) =>
    (value: DraftForm[K]) =>
      setForm((current) => ({ ...current, [name]: value }));
  return (
    <>
      {priced ? (
        <Fieldset legend={t('Discount and shipping')}>
          <div class="grid">
            <Select
              label={t('Percent or amount')}
              value={form.discount_type}
              onChange={set('discount_type')}
              options={[
                { value: 'percentage', label: t('Percentage') },
                { value: 'fixed', label: t('Fixed amount') },
              ]}
            />
            {/* Not "Discount": the early payment discount's fields below would share the word. */}
            <Field
              label={t('Discount on the total')}
              inputMode="decimal"
              value={form.discount_value}
              onInput={set('discount_value')}
              path="discounts.0.value"
              error={error}
            />
            <Field
              label={t('Reason')}
              value={form.discount_reason}
              onInput={set('discount_reason')}
              path="discounts.0.reason"
              error={error}
            />
            <Field
              label={t('Shipping')}
              inputMode="decimal"
              value={form.shipping_amount}
              onInput={set('shipping_amount')}
              path="shipping.amount"
              error={error}
            />
            <Field
              label={t('Delivery service')}
              value={form.shipping_description}
              onInput={set('shipping_description')}
              path="shipping.description"
              error={error}
            />
          </div>
        </Fieldset>
      ) : null}

      <Fieldset legend={t('Payment details')}>
        <div class="grid">
          {priced && deductedOf(form).length === 0 ? (
            <Field
              label={t('Already paid')}
              inputMode="decimal"
              value={form.prepaid_amount}
              onInput={set('prepaid_amount')}
              path="prepaid_amount"
              error={error}
              hint={t('Deducted from the amount due, e.g. the partial invoices’ payments (BT-113)')}
            />
          ) : null}
          <Field
            label={t('Payment instructions')}
            value={form.payment_instructions}
            onInput={set('payment_instructions')}
            path="payment.instructions"
            error={error}
          />
          <Field
            label={t('Payment reference')}
            value={form.payment_reference}
            onInput={set('payment_reference')}
            path="payment.reference"
            error={error}
            hint={t('What the payer quotes with the transfer; the invoice number when empty')}
          />
          <Field
            label={t('Early payment discount: days')}
            inputMode="numeric"
            value={form.skonto_days}
            onInput={set('skonto_days')}
            path="payment.early_payment_discounts.0.days"
            error={error}
            hint={t('Paid within this many days of the issue date')}
          />
          <Field
            label={t('Early payment discount: percent')}
            inputMode="decimal"
            value={form.skonto_percent}
            onInput={set('skonto_percent')}
            path="payment.early_payment_discounts.0.percent"
            error={error}
            hint={t('Written into the e-invoice as XRechnung prescribes, printed in words')}
          />
          <Field
            label={t('Bank')}
            value={form.bank_name}
            onInput={set('bank_name')}
            path="payment.bank_account.bank_name"
            error={error}
          />
          <Field
            label={t('IBAN')}
            value={form.account_number}
            onInput={set('account_number')}
            path="payment.bank_account.account_number"
            error={error}
          />
          <Field
            label={t('BIC')}
            value={form.swift}
            onInput={set('swift')}
            path="payment.bank_account.swift"
            error={error}
          />
          <Field
            label={t('Account holder')}
            value={form.account_name}
            onInput={set('account_name')}
            path="payment.bank_account.account_name"
            error={error}
          />
        </div>
      </Fieldset>

      <Fieldset legend={t('Notes and references')}>
        <div class="grid">
          <Field
            label={t('Notes')}
            multiline
            value={form.notes}
            onInput={set('notes')}
            path="notes"
            error={error}
            class="wide"
          />
          <Field
            label={t('Buyer reference')}
            value={form.buyer_reference}
            onInput={set('buyer_reference')}
            path="buyer_reference"
            error={error}
            hint={t('Leitweg-ID or the buyer’s order reference (BT-10)')}
          />
          <Field
            label={t('Order reference')}
            value={form.order_reference}
            onInput={set('order_reference')}
            path="order_reference"
            error={error}
            hint={t('The buyer’s purchase order number (BT-13)')}
          />
          <Field
            label={t('Period start')}
            type="date"
            value={form.period_start}
            onInput={set('period_start')}
            path="invoice_period.start_date"
            error={error}
            hint={t('Invoicing period (BG-14), e.g. the month of a service')}
          />
          <Field
            label={t('Period end')}
            type="date"
            value={form.period_end}
            onInput={set('period_end')}
            path="invoice_period.end_date"
            error={error}
          />
        </div>
      </Fieldset>
    </>
  );
}
