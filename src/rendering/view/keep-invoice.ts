// A German seller's invoice for work on a property (§ 14 Abs. 2 Satz 1 Nr. 1 UStG) to a buyer who is no
// business (a private Bauherr) must say that the buyer has to keep it for two years (§ 14 Abs. 4 Satz 1 Nr. 9
// UStG; the duty itself: § 14b Abs. 1 Satz 5 UStG). The construction invoices' type codes (875
// Abschlagsrechnung, 876 Teilschlussrechnung, 877 Schlussrechnung) say the work is construction work, which
// is work on a property; a plain invoice does not say what it is for, so it prints the note only when the
// seller writes it (in the notes). A buyer with a VAT, tax or registration number, a scheme identifier or a
// network address other than an e-mail (an authority's Leitweg-ID) is taken as a business, as the French
// late-payment note does (view/late-payment.ts). Left out when the invoice already says it.
import { statesBusiness } from '../../domain/party';
import type { Labels } from '../labels';
import { de } from '../labels/de';
import type { RenderInput } from '../types';

/** The invoice kinds that are construction work, so work on a property (EN 16931 / XRechnung codes). */
const CONSTRUCTION_CODES = new Set(['875', '876', '877']);

const present = (value: string | null | undefined): value is string => !!value?.trim();

/** Lower case without accents, whichever way they were written. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The note (heading and sentence) a German construction invoice to a private buyer prints; null otherwise. */
export function keepInvoiceNoteOf(
  input: RenderInput,
  labels: Labels,
): { heading: string; text: string } | null {
  const { data } = input;
  if (input.received || input.documentType !== 'invoice') return null;
  if (!CONSTRUCTION_CODES.has(data.type_code ?? '')) return null;
  if (data.seller?.address?.country?.trim().toUpperCase() !== 'DE') return null;
  if (!data.buyer || statesBusiness(data.buyer)) return null;
  const written = plain(
    [data.notes, data.payment?.instructions, data.branding?.footer_text, input.config?.footer_text]
      .filter(present)
      .join('\n'),
  );
  // Said already: words of keeping it, or the paragraph itself ("§ 14b"; not a house number's "14b").
  if (/aufzubewahren|aufbewahr|bewahren sie|§\s*14\s*b\b/.test(written)) return null;
  const note = labels.keepInvoice ?? de.keepInvoice;
  return note ? { heading: note.heading, text: note.text } : null;
}
