// Which of a channel's profiles a Peppol receiver takes, by the document type identifiers its SMP lists
// (Peppol Policy for use of Identifiers 4.x): `<root namespace>::<root>##<customization id>::<version>`,
// scheme `busdox-docid-qns`, or `peppol-doctype-wildcard` for a receiver that takes every specialisation of
// the customization it names (a registration of EN 16931 itself takes Peppol BIS and XRechnung). A channel
// that sends the UBL as written (Recommand) delivers only what the receiver registered: an XRechnung to a
// receiver of Peppol BIS alone is refused at the AS4 exchange, after the service said "queued".
import { type ComplianceProfile, PROFILES } from '../../../einvoicing/profiles';

const WILDCARD_SCHEME = 'peppol-doctype-wildcard::';

/** Whether a receiver listing `documentTypes` takes `profile`'s invoices (or credit notes). */
export function receiverTakes(
  documentTypes: readonly string[],
  profile: ComplianceProfile,
  kind: 'invoice' | 'creditNote',
): boolean {
  const spec = PROFILES[profile];
  // CII documents are not sent over Peppol by the channels; a UBL root is what the identifiers name.
  if (spec.syntax !== 'ubl') return false;
  const root = kind === 'creditNote' ? 'CreditNote' : 'Invoice';
  const prefix = `urn:oasis:names:specification:ubl:schema:xsd:${root}-2::${root}##`;
  return documentTypes.some((id) => {
    const wildcard = id.startsWith(WILDCARD_SCHEME);
    const bare = id.replace(/^(busdox-docid-qns|peppol-doctype-wildcard)::/, '');
    if (!bare.startsWith(prefix)) return false;
    const rest = bare.slice(prefix.length);
    const end = rest.lastIndexOf('::');
    const customization = (end >= 0 ? rest.slice(0, end) : rest).replace(/\*$/, '');
    if (/selfbilling/i.test(customization)) return false;
    return wildcard ? spec.customizationId.startsWith(customization) : spec.customizationId === customization;
  });
}
