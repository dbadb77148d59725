// A French seller's invoice to a business states the penalties for late payment, the flat 40 € recovery
// indemnity and the terms of an early-payment discount (Code de commerce L441-9; L441-10: without another
// agreed rate the penalties run at the ECB's refinancing rate plus 10 points; D441-5: 40 €). Printed in
// the language whose labels carry them (French), for the country whose law asks; each sentence is left out
// when the seller already says it in their payment terms or notes (their own rate, their own discount),
// never contradicted. A consumer's invoice (a buyer without VAT or registration number) needs none.
import { splitPaymentTerms } from '../../domain/early-payment-discount';
import type { Labels } from '../labels';
import type { RenderInput } from '../types';

const present = (value: string | null | undefined): value is string => !!value?.trim();

export function latePaymentNoteOf(input: RenderInput, labels: Labels): string | null {
  const terms = labels.latePayment;
  const { data } = input;
  if (!terms || input.received || input.documentType !== 'invoice') return null;
  if (data.seller?.address?.country?.trim().toUpperCase() !== terms.country) return null;
  if (!present(data.buyer?.tax_id) && !present(data.buyer?.registration_number)) return null;
  const written = [data.payment?.instructions, data.notes].filter(present).join('\n').toLowerCase();
  const discounted =
    (data.payment?.early_payment_discounts ?? []).length > 0 ||
    splitPaymentTerms(data.payment?.instructions?.trim()).discounts.length > 0 ||
    written.includes('escompte');
  const sentences = [
    written.includes('pénalité') ? null : terms.penalties,
    written.includes('indemnité') ? null : terms.indemnity,
    discounted ? null : terms.noEarlyPaymentDiscount,
  ].filter(present);
  return sentences.length > 0 ? sentences.join('\n') : null;
}
