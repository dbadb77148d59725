// The business profile and customer a draft names, as answered, once for the editor's notes that read them
// (ReverseChargeNote, CustomerTaxNote): each loaded both itself, so a change of customer read it three times.
import { get } from '../../api';
import type { BusinessProfile, Customer } from '../../api-types';
import { useLoad } from '../../ui/hooks';
import type { DraftForm } from './model';

export interface DraftParties {
  /** The chosen profile, once its answer is in and while it is still the chosen one. */
  profile: BusinessProfile | null;
  /** The chosen customer, the same way. */
  customer: Customer | null;
}

export function useDraftParties(form: DraftForm): DraftParties {
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
  return {
    profile: profile.data?.id === profileId ? profile.data : null,
    customer: customer.data?.id === customerId ? customer.data : null,
  };
}
