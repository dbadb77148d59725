// A customer's VAT for new lines (`default_tax`: a general contractor invoiced under § 13b UStG, AE at 0 %)
// puts itself only on a new document's lines not filled in yet (draft-form.ts withDefaultTax). Lines typed
// before the customer was chosen, and a saved draft's lines, keep their VAT: the editor says so and offers
// the customer's for every line in one click, rather than changing what the person wrote unasked (an
// invoice to a § 13b builder with 19 % on a line is a mistake to catch, not to make silently).
import type { Customer } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { writeDecimal } from '../../numbers';
import { standardVatRate } from '../../seller-countries';
import { Notice } from '../../ui/notice';
import { linesOffTax, withLineTax } from './draft-form';
import type { DraftParties } from './draft-parties';
import { isDecimal, isZero, ZERO_CATEGORIES } from './form-content';
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
  parties: { profile, customer },
  setForm,
}: {
  form: DraftForm;
  parties: DraftParties;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  if (form.document_type === 'delivery_note' || !customer) return null;
  const tax = customer.default_tax;
  if (tax) {
    if (!linesOffTax(form, tax)) return null;
    return (
      <Offer
        text={t('The VAT on file for {customer} is “{tax}”; some lines state another.', {
          customer: customer.name,
          tax: taxWords(tax),
        })}
        tax={tax}
        setForm={setForm}
      />
    );
  }
  // A customer without VAT of its own after one with § 13b: lines typed meanwhile kept their 0 % reverse
  // charge (what the person wrote stays); said, with the seller's VAT for new lines in one click.
  if (!profile || !reverseChargeLeft(form)) return null;
  const seller: DefaultTax = profile.default_tax ?? {
    rate: standardVatRate(profile.address?.country),
    category: 'S',
  };
  if (seller.category === 'AE') return null;
  return (
    <Offer
      text={t('{customer} has no reverse charge on file, but some lines are at 0 % reverse charge.', {
        customer: customer.name,
      })}
      tax={seller}
      setForm={setForm}
    />
  );
}

/** Whether lines the form edits stand at 0 % under the reverse charge (the form's one category for 0 %). */
function reverseChargeLeft(form: DraftForm): boolean {
  return (
    form.zero_category === 'AE' &&
    form.lines.some((line) => !line.rest.taxes && isDecimal(line.tax_rate) && isZero(line.tax_rate))
  );
}

function Offer({
  text,
  tax,
  setForm,
}: {
  text: string;
  tax: DefaultTax;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  const words = taxWords(tax);
  return (
    <Notice>
      {text}{' '}
      <button type="button" onClick={() => setForm((current) => withLineTax(current, tax))}>
        {t('Use {tax} on every line', { tax: words })}
      </button>
    </Notice>
  );
}
