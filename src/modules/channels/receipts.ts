// What is kept of a provider's words: a receipt (an answer, an MLS, a CDAR), a reason, a transient error.
// The answers themselves are read no further than src/outbound.ts allows (1 MiB, more for documents); what
// is stored of them is smaller still, so a provider's long answer cannot grow every list of deliveries.
import type { RawReceipt } from '../../delivery-channel';

/** The most of a receipt stored: the rest is cut off and the event says `truncated`. */
export const RECEIPT_KEPT_BYTES = 64 * 1024;
/** The most of a reason or an error message stored (a provider's list of findings can be long). */
export const REASON_KEPT_CHARS = 4000;

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character. */
export function cutUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // A character is at most 3 UTF-8 bytes per UTF-16 unit: shorter texts fit without counting.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const buffer = new Uint8Array(maxBytes);
  const { read } = new TextEncoder().encodeInto(text, buffer);
  return read >= text.length ? { text, truncated: false } : { text: text.slice(0, read), truncated: true };
}

/** The receipt as stored: its content type, its first RECEIPT_KEPT_BYTES, and whether it was cut. */
export function keptReceipt(receipt: RawReceipt | null): {
  contentType: string | null;
  body: string | null;
  truncated: boolean;
} {
  if (receipt === null) return { contentType: null, body: null, truncated: false };
  const cut = cutUtf8(receipt.body, RECEIPT_KEPT_BYTES);
  return { contentType: receipt.contentType, body: cut.text, truncated: cut.truncated };
}

/** A reason or an error message as stored: at most REASON_KEPT_CHARS, an ellipsis where it was cut. */
export function keptReason(reason: string | null): string | null {
  if (reason === null || reason.length <= REASON_KEPT_CHARS) return reason;
  return `${reason.slice(0, REASON_KEPT_CHARS - 1)}…`;
}
