// Parties as printed lines: address order follows the country's convention, and the country name is
// printed (in the document's language) only when the two parties are in different countries.
import type { Address } from '../../domain/address';
import type { Party } from '../../domain/party';
import { type Labels, taxIdLabel } from '../labels';
import { officersLabel } from './legal-form';
import type { PartyView } from './types';

const CITY_STATE_POSTAL = new Set(['US', 'CA', 'AU']);
const POSTAL_ON_OWN_LINE = new Set(['GB', 'IE']);

const regionNames = new Map<string, Intl.DisplayNames>();

function countryName(locale: string, code: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const present = (value: string | null | undefined): value is string => !!value?.trim();

export function addressLines(address: Address | undefined, locale: string, showCountry: boolean): string[] {
  if (!address) return [];
  const lines = [address.line1, address.line2, address.line3].filter(present);
  const { city, state, postal_code: postal, country } = address;
  if (country && CITY_STATE_POSTAL.has(country)) {
    const region = [state, postal].filter(present).join(' ');
    lines.push([city, region].filter(present).join(', '));
  } else if (country && POSTAL_ON_OWN_LINE.has(country)) {
    lines.push(...[city, state, postal].filter(present));
  } else {
    lines.push([postal, city].filter(present).join(' '));
    if (present(state)) lines.push(state);
  }
  if (showCountry && country) lines.push(countryName(locale, country));
  return lines.filter(present);
}

export interface PartyContext {
  /** The language country names are written in. */
  locale: string;
  labels: Labels;
  /** Print country names: the parties are not all in one country. */
  showCountry: boolean;
}

/**
 * A party as printed. A recipient's contact person (BT-56) is addressed in its address block, after the
 * name ("z. Hd. Frau Weber", DIN 5008); the sender's (BT-41) is named among its contact lines.
 */
export function partyView(
  party: Party | undefined,
  heading: string,
  ctx: PartyContext,
  role: 'sender' | 'recipient' = 'recipient',
): PartyView {
  const name = party?.name?.trim() ?? '';
  const legal = party?.legal_name?.trim();
  const address = addressLines(party?.address, ctx.locale, ctx.showCountry);
  const person = party?.contact_name?.trim();
  if (person && role === 'recipient') address.unshift(`${ctx.labels.attention} ${person}`);
  if (legal && legal !== name) address.unshift(keepLegalForm(legal));
  const sender = person && role === 'sender' ? `${ctx.labels.contactPerson}: ${person}` : undefined;
  const contact = [sender, party?.email, party?.phone, party?.website].filter(present);
  const ids: string[] = [];
  // "VAT ID DE811907980" in English, "Tax ID 12-3456789" for a US firm's EIN (labels.ts `taxIdLabel`).
  if (present(party?.tax_id))
    ids.push(`${taxIdLabel(ctx.labels, party.tax_id, party.address?.country)} ${party.tax_id}`);
  if (present(party?.tax_number)) ids.push(`${ctx.labels.taxNumber} ${party.tax_number}`);
  if (present(party?.registration_number))
    ids.push(`${ctx.labels.registration} ${party.registration_number}`);
  // "Geschäftsführer" for a GmbH, "Inhaber" for a sole trader: by the legal form its legal name states.
  if (present(party?.managing_directors))
    ids.push(`${officersLabel(ctx.labels, legal || name)}: ${party.managing_directors}`);
  // BT-33 as the seller states it (a register court, share capital, directors): printed as written.
  if (present(party?.legal_info)) ids.push(party.legal_info.trim());
  return { heading, name, address, contact, ids };
}

// "GmbH & Co. KG", "AG & Co. KGaA", "Müller & Co. OHG": the form is one unit, never broken at its spaces
// ("Beteiligungs-GmbH &" at a line's end, "Co. KG" on the next).
const CO_FORM = /(\S)\s+&\s+Co\.?\s+(KGaA|KG|OHG)\b/g;

/** A legal name with its "& Co. KG" bound by no-break spaces (the engine breaks only at ordinary ones). */
export function keepLegalForm(name: string): string {
  return name.replace(CO_FORM, (form) => form.replace(/\s+/g, '\u00a0'));
}

/** Countries differ between any two of the parties that name one. */
export function partiesSpanCountries(...countries: (string | null | undefined)[]): boolean {
  return new Set(countries.filter(present)).size > 1;
}
