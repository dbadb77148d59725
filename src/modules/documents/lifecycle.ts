import { DOCUMENT_ACTIONS } from '../../domain/document-actions';
import { type DocumentAction, getDocumentType, isDocumentType } from '../reference';
import type { DocumentStatus } from './schema';

/** The timestamp an action sets, besides updated_at (SPEC 3; declared with the action). */
export function actionTimestamp(action: DocumentAction) {
  return DOCUMENT_ACTIONS[action].sets;
}

export type TransitionOutcome =
  | { ok: true; next: DocumentStatus }
  | { ok: false; reason: 'not_offered' | 'not_from_status' };

/**
 * Where `action` takes a document from `from` (SPEC 3, as src/domain/document-actions.ts declares it), with
 * one rule the declaration cannot say: a cancellation is final (GoBD, § 14 UStG). A voided document that was
 * archived (`voided_at` set, which archiving keeps) is restored to `void`, not to `finalized`: filing it
 * away and taking it back out never makes it owed again.
 */
export function transition(
  documentType: string,
  from: DocumentStatus,
  action: DocumentAction,
  marks: { voidedAt: string | null } = { voidedAt: null },
): TransitionOutcome {
  const offered = isDocumentType(documentType) && getDocumentType(documentType)?.actions.includes(action);
  if (!offered) return { ok: false, reason: 'not_offered' };
  const declared = DOCUMENT_ACTIONS[action];
  const allowed: readonly DocumentStatus[] = declared.from;
  if (!allowed.includes(from)) return { ok: false, reason: 'not_from_status' };
  return { ok: true, next: action === 'restore' && marks.voidedAt !== null ? 'void' : declared.to };
}

/** The statuses an invoice takes payments in (docs/payments.md). */
export const TAKES_PAYMENTS: readonly DocumentStatus[] = ['finalized', 'sent', 'paid'];

/**
 * The payment-driven transitions, an extension of SPEC 3 (docs/payments.md): payments that settle a
 * finalized or sent invoice make it paid; once they no longer do, it goes back to where it came from
 * (sent if it was sent, else finalized). Any other status stays as it is.
 */
export function statusAfterPayments(
  row: { status: DocumentStatus; sentAt: string | null },
  settled: boolean,
): DocumentStatus {
  if (settled && (row.status === 'finalized' || row.status === 'sent')) return 'paid';
  if (!settled && row.status === 'paid') return row.sentAt ? 'sent' : 'finalized';
  return row.status;
}
