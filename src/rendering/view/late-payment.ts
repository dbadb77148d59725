// A French seller's invoice to a business states the penalties for late payment, the flat 40 € recovery
// indemnity and the terms of an early-payment discount (Code de commerce L441-9; L441-10: without another
// agreed rate the penalties run at the ECB's refinancing rate plus 10 points; D441-5: 40 €), whatever the
// invoice's language: in its language where the labels have the words (French, English), else in French.
// Each sentence is left out when the seller already says it on the invoice (payment terms, notes, its legal
// information, the footer: their own rate, their own discount), never contradicted. A consumer's invoice (a
// buyer with no VAT, tax or registration number, no scheme identifier and no network address) needs none.
import { splitPaymentTerms } from '../../domain/early-payment-discount';
import { statesBusiness } from '../../domain/party';
import type { Labels } from '../labels';
import { fr } from '../labels/fr';
import type { RenderInput } from '../types';

/** Lower case without accents, whichever way they were written (`é` or `e` + U+0301). */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const present = (value: string | null | undefined): value is string => !!value?.trim();

function isBusiness(buyer: NonNullable<RenderInput['data']['buyer']> | undefined): boolean {
  return buyer !== undefined && statesBusiness(buyer);
}

/** The note (heading and sentences) a French seller's invoice to a business prints; null for any other. */
export function latePaymentNoteOf(
  input: RenderInput,
  labels: Labels,
): { heading: string; text: string } | null {
  const { data } = input;
  if (input.received || input.documentType !== 'invoice') return null;
  if (data.seller?.address?.country?.trim().toUpperCase() !== 'FR' || !isBusiness(data.buyer)) return null;
  const terms = labels.latePayment ?? fr.latePayment;
  if (!terms) return null;
  const written = plain(
    [
      data.payment?.instructions,
      data.notes,
      data.seller?.legal_info,
      data.branding?.footer_text,
      input.config?.footer_text,
    ]
      .filter(present)
      .join('\n'),
  );
  const discounted =
    (data.payment?.early_payment_discounts ?? []).length > 0 ||
    splitPaymentTerms(data.payment?.instructions?.trim()).discounts.length > 0 ||
    /escompte|skonto|discount/.test(written);
  const sentences = [
    written.includes('penalit') || written.includes('penalt') ? null : terms.penalties,
    written.includes('indemnit') ? null : terms.indemnity,
    discounted ? null : terms.noEarlyPaymentDiscount,
  ].filter(present);
  return sentences.length > 0 ? { heading: terms.heading, text: sentences.join('\n') } : null;
}
