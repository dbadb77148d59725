// A stored document's lifecycle (SPEC 3), declared once. The documents module's transitions, its routes and
// their access rules, the payments module's two routes and rules, the reference list's per-type actions and
// the console's buttons (src/console/document-actions.ts, generated from this file) all come from here.

export const DOCUMENT_STATUSES = ['draft', 'finalized', 'sent', 'paid', 'void', 'archived'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The timestamp an action sets besides updated_at (a stored document's column). */
type ActionTimestamp = 'finalizedAt' | 'sentAt' | 'paidAt' | 'voidedAt' | 'archivedAt';

interface ActionDeclaration {
  /** The statuses it may be taken from (409 from any other). */
  from: readonly DocumentStatus[];
  to: DocumentStatus;
  sets: ActionTimestamp | null;
  /**
   * `payments`: the action is a payment (mark-paid records what is still due as one, mark-unpaid removes the
   * payments that settled it), so the payments module runs it; `status`: a plain status change.
   */
  by: 'status' | 'payments';
}

/** Every action, in the order the console offers them; each is `POST /api/v1/documents/{id}/<action>`. */
export const DOCUMENT_ACTIONS = {
  finalize: { from: ['draft'], to: 'finalized', sets: 'finalizedAt', by: 'status' },
  'mark-sent': { from: ['finalized'], to: 'sent', sets: 'sentAt', by: 'status' },
  'mark-paid': { from: ['sent'], to: 'paid', sets: 'paidAt', by: 'payments' },
  'mark-unpaid': { from: ['paid'], to: 'sent', sets: null, by: 'payments' },
  void: { from: ['finalized', 'sent'], to: 'void', sets: 'voidedAt', by: 'status' },
  archive: { from: ['finalized', 'sent', 'paid', 'void'], to: 'archived', sets: 'archivedAt', by: 'status' },
  restore: { from: ['archived'], to: 'finalized', sets: null, by: 'status' },
} as const satisfies Record<string, ActionDeclaration>;

export type DocumentAction = keyof typeof DOCUMENT_ACTIONS;

export const DOCUMENT_ACTION_NAMES = Object.keys(DOCUMENT_ACTIONS) as DocumentAction[];

/** The actions a payment drives (the payments module's routes). */
export type PaymentAction = {
  [A in DocumentAction]: (typeof DOCUMENT_ACTIONS)[A]['by'] extends 'payments' ? A : never;
}[DocumentAction];

/** The actions taken `by` status change or by payment, in declaration order. */
export function documentActionsBy<B extends ActionDeclaration['by']>(
  by: B,
): (B extends 'payments' ? PaymentAction : Exclude<DocumentAction, PaymentAction>)[] {
  return DOCUMENT_ACTION_NAMES.filter((action) => DOCUMENT_ACTIONS[action].by === by) as never;
}
