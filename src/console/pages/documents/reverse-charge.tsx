// A sale from one EU country to a business with a VAT ID in another: its VAT is usually the buyer's to pay
// (reverse charge, Art. 196 VAT Directive), invoiced at 0 % under category AE with that legal basis. The
// editor says so and sets it in one click, as the profile form's Kleinunternehmer button does for § 19 UStG;
// the API's own rule (BR-AE-02: AE needs the buyer's VAT ID) is why the offer waits for one.
import { get } from '../../api';
import type { BusinessProfile, Customer } from '../../api-types';
import { t } from '../../i18n';
import { crossBorderEu } from '../../seller-countries';
import { useLoad } from '../../ui/hooks';
import { Notice } from '../../ui/notice';
import { isReverseCharge, withReverseCharge } from './draft-form';
import type { DraftForm } from './model';

export function ReverseChargeNote({
  form,
  setForm,
}: {
  form: DraftForm;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  const profileId = form.business_profile_id;
  const customerId = form.customer_id;
  const profile = useLoad(
    () =>
      profileId
        ? get<BusinessProfile>(`/business-profiles/${encodeURIComponent(profileId)}`)
        : Promise.resolve(null),
    [profileId],
  );
  const customer = useLoad(
    () =>
      customerId ? get<Customer>(`/customers/${encodeURIComponent(customerId)}`) : Promise.resolve(null),
    [customerId],
  );
  if (form.document_type === 'delivery_note' || !profile.data || !customer.data) return null;
  if (profile.data.id !== profileId || customer.data.id !== customerId) return null;
  const offered = crossBorderEu(
    {
      country: profile.data.address?.country,
      tax_id: profile.data.tax_id,
      tax_number: profile.data.tax_number,
    },
    { country: customer.data.billing_address?.country, tax_id: customer.data.tax_id },
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
