import type { AccountCtx } from '../../../shared/context';
import type { DocumentRow } from '../../documents';
import { firstDocumentSending } from '../repo';

/**
 * Only an invoice and its correction are marked: under § 14c UStG a second invoice document for the same
 * supply may be read as a second invoice (and a second VAT liability), so a second e-mail of one says it is
 * a copy (docs/deliveries.md "Sent again: a copy").
 */
const MARKED_TYPES = new Set(['invoice', 'credit_note']);

/**
 * When the document first reached its customer by `before` (ISO; the same instant counts), or null: the earliest of its own
 * `sent_at` (an e-mail that went out, `mark-sent`, a network delivery) and its first e-mail that went out
 * and was not refused. A reminder's letter is not a sending of the document; an e-mail that bounced or
 * failed never reached anyone, so its retry is no copy. The same answer at send time (the subject) and
 * when the mail is written (the body), since both ask about what happened before the delivery was made.
 */
export async function firstSentBefore(
  ctx: AccountCtx,
  document: Pick<DocumentRow, 'id' | 'documentType' | 'sentAt'>,
  before: string,
  /**
   * False for a retry or follow-up asked as of its first attempt (`before` its creation): that attempt's
   * own sending, at the same instant on a stopped clock, is not an earlier one.
   */
  sameInstant = true,
): Promise<string | null> {
  if (!MARKED_TYPES.has(document.documentType)) return null;
  const mailed = await firstDocumentSending(ctx.db, ctx.accountId, document.id, before);
  const candidates = [document.sentAt, mailed?.sentAt ?? null].filter(
    (at): at is string => at !== null && (sameInstant ? at <= before : at < before),
  );
  return candidates.sort()[0] ?? null;
}
