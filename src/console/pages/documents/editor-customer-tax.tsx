// A customer's VAT for new lines (`default_tax`: a general contractor invoiced under § 13b UStG, AE at 0 %)
// puts itself only on a new document's lines not filled in yet (draft-form.ts withDefaultTax). Lines typed
// before the customer was chosen, and a saved draft's lines, keep their VAT: the editor says so and offers
// the customer's for every line in one click, rather than changing what the person wrote unasked (an
// invoice to a § 13b builder with 19 % on a line is a mistake to catch, not to make silently).
import { get } from '../../api';
import type { Customer } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { writeDecimal } from '../../numbers';
import { useLoad } from '../../ui/hooks';
import { Notice } from '../../ui/notice';
import { linesOffTax, withLineTax } from './draft-form';
import { ZERO_CATEGORIES } from './form-content';
import type { DraftForm } from './model';

type DefaultTax = NonNullable<Customer['default_tax']>;

/** "0 % – Reverse charge (AE)", "7 %": the default as the editor's fields say it. */
export function taxWords(tax: DefaultTax): string {
  const rate = `${writeDecimal(tax.rate, currentLanguage())} %`;
  const category = ZERO_CATEGORIES.find((entry) => entry.value === tax.category);
  return category ? `${rate} – ${t(category.label)}` : rate;
}

export function CustomerTaxNote({
  form,
  setForm,
}: {
  form: DraftForm;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  const customerId = form.customer_id;
  const customer = useLoad(
    () =>
      customerId ? get<Customer>(`/customers/${encodeURIComponent(customerId)}`) : Promise.resolve(null),
    [customerId],
  );
  const tax = customer.data?.id === customerId ? customer.data?.default_tax : undefined;
  if (form.document_type === 'delivery_note' || !tax || !linesOffTax(form, tax)) return null;
  const words = taxWords(tax);
  return (
    <Notice>
      {t('The VAT on file for {customer} is “{tax}”; some lines state another.', {
        customer: customer.data?.name ?? '',
        tax: words,
      })}{' '}
      <button type="button" onClick={() => setForm((current) => withLineTax(current, tax))}>
        {t('Use {tax} on every line', { tax: words })}
      </button>
    </Notice>
  );
}
