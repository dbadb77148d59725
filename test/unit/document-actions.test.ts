// The one declaration of a stored document's lifecycle (src/domain/document-actions.ts) against SPEC 3's
// table, written out here independently: every status x every action, for a type that offers them all.
import { expect, test } from 'bun:test';
import {
  DOCUMENT_ACTION_NAMES,
  DOCUMENT_STATUSES,
  type DocumentStatus,
  documentActionsBy,
} from '../../src/domain/document-actions';
import { actionTimestamp, transition } from '../../src/modules/documents/lifecycle';

// SPEC 3, "Stored document": from -> action -> next.
const SPEC: Record<DocumentStatus, Record<string, DocumentStatus>> = {
  draft: { finalize: 'finalized' },
  finalized: { 'mark-sent': 'sent', void: 'void', archive: 'archived' },
  sent: { 'mark-paid': 'paid', void: 'void', archive: 'archived' },
  paid: { 'mark-unpaid': 'sent', archive: 'archived' },
  void: { archive: 'archived' },
  archived: { restore: 'finalized' },
};

test('every status x every action of an invoice is what SPEC 3 says (409 from any other status)', () => {
  for (const status of DOCUMENT_STATUSES) {
    for (const action of DOCUMENT_ACTION_NAMES) {
      const next = SPEC[status]?.[action];
      expect([status, action, transition('invoice', status, action)]).toEqual([
        status,
        action,
        next ? { ok: true, next } : { ok: false, reason: 'not_from_status' },
      ]);
    }
  }
});

test("a type's reference actions narrow them: a credit note is never sent or paid", () => {
  expect(transition('credit_note', 'finalized', 'mark-sent')).toEqual({ ok: false, reason: 'not_offered' });
  expect(transition('credit_note', 'finalized', 'void')).toEqual({ ok: true, next: 'void' });
});

test('the payments module runs the two actions that are payments; the documents module the rest', () => {
  expect(documentActionsBy('payments')).toEqual(['mark-paid', 'mark-unpaid']);
  expect(documentActionsBy('status')).toEqual(['finalize', 'mark-sent', 'void', 'archive', 'restore']);
  expect(DOCUMENT_ACTION_NAMES.map(actionTimestamp)).toEqual([
    'finalizedAt',
    'sentAt',
    'paidAt',
    null,
    'voidedAt',
    'archivedAt',
    null,
  ]);
});
