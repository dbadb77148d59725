// Whether an office works with DATEV, so its page offers "DATEV export for all clients" (docs/office.md): DATEV
// is the German (and Austrian) advisers' system, and an Irish office whose clients have no DATEV numbers is not
// offered a DATEV card it has no use for.
import type { ReachedAccount } from '../../accounts';
import { get, getIn, list, listIn } from '../../api';
import type { BusinessProfile, BusinessProfileSummary } from '../../api-types';

/** The countries whose tax advisers book with DATEV. */
const DATEV_COUNTRIES = new Set(['DE', 'AT']);

type DatevNumbers = Pick<ReachedAccount, 'consultant_number' | 'client_number'>;

/** Some account has a DATEV Beraternummer or Mandantennummer in its accounting settings. */
const hasDatevNumbers = (accounts: DatevNumbers[]): boolean =>
  accounts.some((a) => a.consultant_number !== null || a.client_number !== null);

/**
 * DATEV is in use when any account the user reaches has a DATEV Beraternummer or Mandantennummer, or the
 * office's firm is German or Austrian by its business profiles' countries, or it names no country yet (a new
 * installation, German to begin with). Only an office whose firm is elsewhere and has no DATEV client goes
 * without the card.
 */
export function usesDatev(accounts: DatevNumbers[], officeCountries: (string | null | undefined)[]): boolean {
  if (hasDatevNumbers(accounts)) return true;
  const known = officeCountries.filter((c): c is string => typeof c === 'string' && c !== '');
  return known.length === 0 || known.some((c) => DATEV_COUNTRIES.has(c.toUpperCase()));
}

/**
 * Whether one client uses DATEV, by the same rule: its DATEV numbers, else its firm's country by its business
 * profiles (`countries`; none known: German to begin with). The DATEV export of all clients ticks these.
 */
export const clientUsesDatev = (client: DatevNumbers, countries: (string | null | undefined)[]): boolean =>
  usesDatev([client], countries);

/**
 * The countries of the business profiles (up to 20) of the account acted in, or of `accountId`, another the
 * user reaches (read there by its `Account` header).
 */
export async function officeCountries(accountId?: string): Promise<(string | null)[]> {
  const page = accountId
    ? await listIn<BusinessProfileSummary>(accountId, '/business-profiles', { limit: 20 })
    : await list<BusinessProfileSummary>('/business-profiles', { limit: 20 });
  const profiles = await Promise.all(
    page.data.map((p) => {
      const path = `/business-profiles/${encodeURIComponent(p.id)}` as const;
      return accountId ? getIn<BusinessProfile>(accountId, path) : get<BusinessProfile>(path);
    }),
  );
  return profiles.map((p) => p.address?.country ?? null);
}
