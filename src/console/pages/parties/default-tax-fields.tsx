import type { ApiError } from '../../api';
import { t } from '../../i18n';
import { Field, Fieldset, Select } from '../../ui/form';
import { isZero, ZERO_CATEGORIES } from '../documents/form-content';
import {
  builderReverseChargeOf,
  CATEGORY,
  emptyRateHint,
  RATE,
  REASON,
  smallBusinessOf,
} from './default-tax';

type FormValues = Record<string, string>;

/**
 * The profile or customer form's VAT for new lines: the rate; at 0 % the category and the legal basis. A
 * profile's button is its country's Kleinunternehmer exemption, a customer's the § 13b reverse charge of
 * construction work (a customer's default wins over the profile's; empty: the profile's).
 */
export function DefaultTaxFields({
  values,
  set,
  error,
  onChosen,
  customer = false,
}: {
  values: FormValues;
  set: (path: string) => (value: string) => void;
  error: ApiError | null;
  customer?: boolean;
  /** After the Kleinunternehmer button filled the fields in: what was said about them no longer holds. */
  onChosen: () => void;
}) {
  const rate = values[RATE] ?? '';
  const zero = rate.trim() !== '' && isZero(rate);
  const category = values[CATEGORY] ?? '';
  // Germany's or Austria's exemption, by the profile's country (none offered for another country); for a
  // customer in Germany, the builder's reverse charge.
  const exemption = customer
    ? builderReverseChargeOf(values['billing_address.country'])
    : smallBusinessOf(values['address.country']);
  const zeroCategory = customer ? 'AE' : 'E';
  const fill = (reason: string) => {
    set(RATE)('0');
    set(CATEGORY)(zeroCategory);
    set(REASON)(reason);
    onChosen();
  };
  return (
    <Fieldset legend={t('VAT on new lines')}>
      <p class="hint">
        {customer
          ? t(
              'What a new document’s lines for this customer start with, instead of the business profile’s; each line can still be changed.',
            )
          : t('What a new document’s lines start with; each line can still be changed.')}
      </p>
      <div class="grid">
        <Field
          label={t('Tax rate')}
          inputMode="decimal"
          hint={customer ? t('Empty: as in the business profile') : emptyRateHint(values['address.country'])}
          value={rate}
          onInput={set(RATE)}
          path={RATE}
          error={error}
        />
        {zero ? (
          <Select
            label={t('VAT category at 0 %')}
            value={category}
            onChange={set(CATEGORY)}
            options={[
              { value: '', label: t('Choose…') },
              ...ZERO_CATEGORIES.map((entry) => ({ value: entry.value, label: t(entry.label) })),
            ]}
            path={CATEGORY}
            error={error}
          />
        ) : null}
        {zero && category && category !== 'Z' ? (
          <Field
            label={t('Legal basis')}
            class="wide"
            value={values[REASON] ?? ''}
            onInput={set(REASON)}
            hint={
              customer
                ? t(
                    'Printed on the invoice, e.g. “Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)”',
                  )
                : t('Printed on the invoice, e.g. “Reverse charge, Article 196 VAT Directive”')
            }
            path={REASON}
            error={error}
          />
        ) : null}
      </div>
      {exemption ? (
        <button type="button" onClick={() => fill(exemption.reason)}>
          {exemption.label}
        </button>
      ) : null}
    </Fieldset>
  );
}
