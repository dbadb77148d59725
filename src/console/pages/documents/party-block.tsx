import type { Address, Party } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { countryName } from '../../seller-countries';

const CITY_STATE_POSTAL = new Set(['US', 'CA', 'AU']);
const POSTAL_ON_OWN_LINE = new Set(['GB', 'IE']);

/**
 * The town and postcode in the order the country writes them, as the PDF prints them
 * (src/rendering/view/parties.ts): "Dublin" over "D02 XY45" in Ireland and Britain, "Austin, TX 78701" in
 * the US, "10115 Berlin" elsewhere.
 */
export function placeLines(address: Partial<Address>): string[] {
  const { city, state, postal_code: postal, country } = address;
  const present = (value: string | null | undefined): value is string => !!value?.trim();
  if (country && CITY_STATE_POSTAL.has(country))
    return [[city, [state, postal].filter(present).join(' ')].filter(present).join(', ')];
  if (country && POSTAL_ON_OWN_LINE.has(country)) return [city, state, postal].filter(present);
  return [[postal, city].filter(present).join(' '), state].filter(present);
}

/** A party as the document states it; the buyer's contact person addressed ("z. Hd."), the seller's named. */
export function PartyBlock({ party, recipient = false }: { party?: Party; recipient?: boolean }) {
  if (!party) return null;
  const address: Partial<Address> = party.address ?? {};
  return (
    <p>
      <strong>{party.name}</strong>
      {[
        party.contact_name
          ? t(recipient ? 'Attn. {name}' : 'Contact: {name}', { name: party.contact_name })
          : null,
        address.line1,
        address.line2,
        address.line3,
        ...placeLines(address),
        // "Deutschland", not "DE": the country by its name in the console's language.
        address.country ? countryName(address.country, currentLanguage()) : null,
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
      {party.email ? (
        <>
          <br />
          {party.email}
        </>
      ) : null}
      {party.tax_id ? (
        <>
          <br />
          {t('Tax ID')}: {party.tax_id}
        </>
      ) : null}
    </p>
  );
}
