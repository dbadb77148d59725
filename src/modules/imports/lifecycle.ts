/**
 * SPEC 3 "Import", with the moves the spec leaves open: a confirm above the background threshold goes to
 * `processing`, and the `import.commit` job ends it in `completed` (`finish`) or, when the job has failed
 * for good, in `failed` (`fail`). Only confirm and cancel are client actions.
 */
export type ImportStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
export type ImportAction = 'confirm' | 'confirm_in_background' | 'cancel' | 'finish' | 'fail';

const TRANSITIONS: Record<ImportAction, Partial<Record<ImportStatus, ImportStatus>>> = {
  confirm: { pending: 'completed' },
  confirm_in_background: { pending: 'processing' },
  cancel: { pending: 'cancelled', processing: 'cancelled' },
  finish: { processing: 'completed' },
  fail: { processing: 'failed' },
};

/** The next status, or null when the action is not allowed from `from` (a client action answers 409). */
export function nextImportStatus(action: ImportAction, from: ImportStatus): ImportStatus | null {
  return TRANSITIONS[action][from] ?? null;
}
