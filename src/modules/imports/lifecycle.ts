/** SPEC 3 "Import". `processing` and `failed` exist for a future background importer; nothing enters them yet. */
export type ImportStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
export type ImportAction = 'confirm' | 'cancel';

const TRANSITIONS: Record<ImportAction, Partial<Record<ImportStatus, ImportStatus>>> = {
  confirm: { pending: 'completed' },
  cancel: { pending: 'cancelled', processing: 'cancelled' },
};

/** The next status, or null when the action is not allowed from `from` (the caller answers 409). */
export function nextImportStatus(action: ImportAction, from: ImportStatus): ImportStatus | null {
  return TRANSITIONS[action][from] ?? null;
}
