// UBL 2.1 invoices that are not EN 16931 (national formats a receiver meets): recognized by their BT-24
// (CustomizationID) or ProfileID, read as far as the EN 16931 mapping goes, and named in a warning, so
// none is taken silently for an EN 16931 invoice. OIOUBL's TaxExclusiveAmount is its VAT total, not the
// net: it is not read as BT-109.
import { text, type XmlElement } from './dom';
import type { ReceivedFormat, ReceiveWarning } from './types';

type KnownFormat = 'oioubl' | 'zatca' | 'peppol_pint' | 'ehf_2';

const FORMATS: { format: KnownFormat; test: (id: string, profile: string) => boolean; name: string }[] = [
  {
    format: 'oioubl',
    test: (id) => /^OIOUBL/i.test(id),
    name: 'OIOUBL (Danish UBL, not EN 16931): its TaxExclusiveAmount is the VAT total, not the net, and is read so; its tax scheme codes are not UNCL5153',
  },
  {
    format: 'zatca',
    test: (id, profile) => /^reporting:/i.test(profile) || /zatca/i.test(id),
    name: 'ZATCA (Saudi e-invoice, not EN 16931): read as far as the EN 16931 terms go; its QR code, stamps and hash chain are not kept',
  },
  {
    format: 'peppol_pint',
    test: (id) => /^urn:peppol:pint:/i.test(id),
    name: 'Peppol PINT (the international invoice, not EN 16931 by its BT-24): read as EN 16931 UBL, which PINT follows; no profile applies',
  },
  {
    format: 'ehf_2',
    test: (id) => /urn:www\.difi\.no:ehf:(faktura|kreditnota):ver2/i.test(id),
    name: 'EHF 2 (Norwegian Peppol BIS 4A/5A 2.0, before EN 16931): read as far as the EN 16931 terms go; no profile applies',
  },
];

/** What a UBL invoice is by its BT-24 and ProfileID, with the warning that names a non-EN 16931 one. */
export function ublFormat(root: XmlElement): { format: ReceivedFormat; warning: ReceiveWarning | null } {
  const id = text(root, 'CustomizationID') ?? '';
  const profile = text(root, 'ProfileID') ?? '';
  const known = FORMATS.find((f) => f.test(id, profile));
  if (known) {
    const code = `format_${known.format}` as const;
    const warning = { term: 'BT-24', path: 'CustomizationID', message: known.name, code, params: {} };
    return { format: known.format, warning };
  }
  if (/^urn:cen\.eu:en16931:2017/.test(id)) return { format: 'en16931', warning: null };
  return {
    format: 'ubl_other',
    warning: {
      term: 'BT-24',
      path: 'CustomizationID',
      message: `${id ? `CustomizationID ${id}` : 'No CustomizationID'}: names no EN 16931 specification; read as EN 16931 UBL as far as it goes, no profile applies`,
      code: 'format_ubl_other',
      params: id ? { customization_id: id } : {},
    },
  };
}
