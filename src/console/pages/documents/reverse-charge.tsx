// A sale from one EU country to a business with a VAT ID in another: its VAT is usually the buyer's to pay
// (reverse charge, Art. 196 VAT Directive), invoiced at 0 % under category AE with that legal basis. The
// editor says so and sets it in one click, as the profile form's Kleinunternehmer button does for § 19 UStG;
// the API's own rule (BR-AE-02: AE needs the buyer's VAT ID) is why the offer waits for one.
import { t } from '../../i18n';
import { crossBorderEu } from '../../seller-countries';
import { Notice } from '../../ui/notice';
import { isReverseCharge, withReverseCharge } from './draft-form';
import type { DraftParties } from './draft-parties';
import type { DraftForm } from './model';

export function ReverseChargeNote({
  form,
  parties: { profile, customer },
  setForm,
}: {
  form: DraftForm;
  parties: DraftParties;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  if (form.document_type === 'delivery_note' || !profile || !customer) return null;
  const offered = crossBorderEu(
    {
      country: profile.address?.country,
      tax_id: profile.tax_id,
      tax_number: profile.tax_number,
    },
    { country: customer.billing_address?.country, tax_id: customer.tax_id },
  );
  if (!offered || isReverseCharge(form)) return null;
  return (
    <Notice>
      {t(
        'The buyer is in another EU country and has a VAT ID: a service to them is usually invoiced without VAT, the buyer accounting for it (reverse charge).',
      )}{' '}
      <button
        type="button"
        onClick={() =>
          setForm((current) => withReverseCharge(current, t('Reverse charge, Article 196 VAT Directive')))
        }
      >
        {t('Reverse charge (Art. 196 VAT Directive)')}
      </button>
    </Notice>
  );
}
