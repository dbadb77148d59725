import { type DocumentAction, getDocumentType, isDocumentType } from '../reference';
import type { DocumentStatus } from './schema';

/** SPEC 3: which action moves which status where. Whether a type offers an action is the reference list's. */
const TRANSITIONS: Record<DocumentAction, Partial<Record<DocumentStatus, DocumentStatus>>> = {
  finalize: { draft: 'finalized' },
  'mark-sent': { finalized: 'sent' },
  'mark-paid': { sent: 'paid' },
  'mark-unpaid': { paid: 'sent' },
  void: { finalized: 'void', sent: 'void' },
  archive: { finalized: 'archived', sent: 'archived', paid: 'archived', void: 'archived' },
  restore: { archived: 'finalized' },
};

/** The timestamp an action sets, besides updated_at. */
export const ACTION_TIMESTAMP: Partial<
  Record<DocumentAction, 'finalizedAt' | 'sentAt' | 'paidAt' | 'voidedAt' | 'archivedAt'>
> = {
  finalize: 'finalizedAt',
  'mark-sent': 'sentAt',
  'mark-paid': 'paidAt',
  void: 'voidedAt',
  archive: 'archivedAt',
};

export type TransitionOutcome =
  | { ok: true; next: DocumentStatus }
  | { ok: false; reason: 'not_offered' | 'not_from_status' };

export function transition(
  documentType: string,
  from: DocumentStatus,
  action: DocumentAction,
): TransitionOutcome {
  const offered = isDocumentType(documentType) && getDocumentType(documentType)?.actions.includes(action);
  if (!offered) return { ok: false, reason: 'not_offered' };
  const next = TRANSITIONS[action][from];
  return next ? { ok: true, next } : { ok: false, reason: 'not_from_status' };
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

/** Only drafts may be edited or deleted; everything after finalize is frozen. */
export const isEditable = (status: DocumentStatus) => status === 'draft';
