// Generated from src/domain/document-actions.ts by test/unit/console-document-actions.test.ts; run it
// with UPDATE_DOCUMENT_ACTIONS=1 (or `npm run generate`) to write it anew. Do not edit.

/** Each document lifecycle action (SPEC 3), in the order offered, and the statuses it moves from. */
export const DOCUMENT_ACTIONS = {
  finalize: ['draft'],
  'mark-sent': ['finalized'],
  'mark-paid': ['sent'],
  'mark-unpaid': ['paid'],
  void: ['finalized', 'sent'],
  archive: ['finalized', 'sent', 'paid', 'void'],
  restore: ['archived'],
} as const;

export type DocumentAction = keyof typeof DOCUMENT_ACTIONS;
