import type { BatchStatus } from './schema';

/** Cancel is allowed while work remains (SPEC 3); a finished batch answers 409. */
export const CANCELLABLE: readonly BatchStatus[] = ['queued', 'processing'];

/** Where the job may still move a batch; anything else is final. */
export const RUNNABLE: readonly BatchStatus[] = ['queued', 'processing'];

/**
 * The final status once every item has finished: `completed` when at least one PDF was produced (the
 * failed items carry their reasons), `failed` when none was (nothing to download, nothing to combine).
 */
export function finalStatus(completedItems: number): 'completed' | 'failed' {
  return completedItems > 0 ? 'completed' : 'failed';
}
