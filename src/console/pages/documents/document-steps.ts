// A stored document's lifecycle steps as the view offers them: which buttons, who may take each, what is
// said once taken, and the delete question.
import { get } from '../../api';
import { DOCUMENT_ACTIONS, type DocumentAction } from '../../document-actions';
import { t } from '../../i18n';
import { can, canChange } from '../../permissions';
import type { StoredDocument } from './model';

export interface Transition {
  action: DocumentAction;
  label: string;
  from: readonly string[];
  danger?: boolean;
}

/**
 * Marking paid or unpaid keeps the books (an accountant's too, and a member's for what they made); the
 * other steps change the document: its creator's, or an owner's or admin's (docs/roles.md "Own resources").
 */
export const mayTake = (action: DocumentAction, document: StoredDocument) =>
  action === 'mark-paid' || action === 'mark-unpaid'
    ? can('books:keep') || canChange(document)
    : canChange(document);

/** How each action's button reads; which actions exist and from where is the service's (generated). */
const BUTTONS: Record<DocumentAction, { label: string; danger?: boolean }> = {
  finalize: { label: 'Finalize' },
  'mark-sent': { label: 'Mark sent' },
  'mark-paid': { label: 'Mark paid' },
  'mark-unpaid': { label: 'Mark unpaid' },
  void: { label: 'Void', danger: true },
  archive: { label: 'Archive' },
  restore: { label: 'Restore' },
};

/** What is said once a step is taken: what the document now is ("Finalized."), not "Finalize: done.". */
export const DONE: Record<DocumentAction, () => string> = {
  finalize: () => t('Finalized.'),
  'mark-sent': () => t('Marked as sent.'),
  'mark-paid': () => t('Marked as paid.'),
  'mark-unpaid': () => t('Marked as unpaid.'),
  void: () => t('Voided.'),
  archive: () => t('Archived.'),
  restore: () => t('Restored.'),
};

// Which buttons a status offers (SPEC 3, stored document: ../../document-actions.ts, generated from the
// service's declaration), narrowed to the actions the document's type has (GET /reference/document-types);
// the API still decides, and a 409 is shown as it comes.
export const TRANSITIONS: Transition[] = (Object.keys(DOCUMENT_ACTIONS) as DocumentAction[]).map(
  (action) => ({
    action,
    from: DOCUMENT_ACTIONS[action],
    ...BUTTONS[action],
  }),
);

/**
 * The delete confirmation: for a draft numbered from a sequence, whether its number goes back to the
 * sequence or stays missing as a recorded gap (docs/documents.md "Numbers"). Without that answer, the plain
 * question.
 */
export async function deleteQuestion(document: StoredDocument): Promise<string> {
  const question = t('Delete the draft {number}?', { number: document.number });
  if (!document.numbering_sequence_id) return question;
  const outcome = await get<{ on_delete: string }>(
    `/numbering-sequences/${document.numbering_sequence_id}/release`,
    { number: document.number, issue_date: document.issue_date },
  ).then(
    (answer) => answer.on_delete,
    () => null,
  );
  const notes: Record<string, string> = {
    given_back: t('The number {number} goes back to its numbering sequence: the next document gets it.', {
      number: document.number,
    }),
    gap: t(
      'A later number has been issued since: {number} will be missing from the sequence, and the gap is recorded (number, who deleted it, when) for the tax audit.',
      { number: document.number },
    ),
    given_back_if_last_of_year: t(
      'The number {number} goes back if it is the highest of its year; otherwise the gap is recorded for the tax audit.',
      { number: document.number },
    ),
  };
  const note = outcome === null ? undefined : notes[outcome];
  return note ? `${question}\n\n${note}` : question;
}
