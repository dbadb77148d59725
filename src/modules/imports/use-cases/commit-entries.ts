import type { AppLinks } from '../../../module';
import type { AccountCtx } from '../../../shared/context';
import { byRow, entrySheetRow, type ImportEntry, withSheetRow } from '../entries';
import { keptRowErrors, type RowError } from '../model';
import { findImportErrors } from '../repo';
import { importKinds } from '../resources';
import type { ImportRow } from '../schema';

export interface CommitOutcome {
  /** How many of the given entries were committed (all, unless the time budget ran out first). */
  entries: number;
  importedRows: number;
  failedRows: number;
  /** Rows that passed at create but not at confirm (a number taken meanwhile). */
  errors: RowError[];
}

/**
 * The context the rows of an import are created in: for the import's creator, whoever confirmed it (an
 * admin confirming a member's import) or runs it (the background job), so the customers and documents it
 * creates are the creator's own (`created_by`), as if they had created them one by one.
 */
export function actingForCreator(ctx: AccountCtx, head: Pick<ImportRow, 'createdBy'>): AccountCtx {
  if (ctx.actor.kind === 'cli') return ctx;
  return { ...ctx, actor: { ...ctx.actor, memberId: head.createdBy } };
}

/**
 * Creates `entries` in ctx's transaction, for the import's creator (actingForCreator); an entry that no
 * longer passes is counted failed, not thrown.
 * With `until` (a performance.now() time) it stops after the entry that reaches it, so one background
 * chunk holds the event loop for a bounded time whatever a row costs (a document costs several customers).
 */
export async function commitEntries(
  ctx: AccountCtx,
  head: Pick<ImportRow, 'resource' | 'sourceFormat' | 'createdBy'>,
  entries: readonly ImportEntry[],
  links: AppLinks,
  until = Number.POSITIVE_INFINITY,
): Promise<CommitOutcome> {
  const kind = importKinds[head.resource];
  const linked = links.to(head.resource);
  const creatorCtx = actingForCreator(ctx, head);
  const outcome: CommitOutcome = { entries: 0, importedRows: 0, failedRows: 0, errors: [] };
  for (const entry of entries) {
    if (outcome.entries > 0 && performance.now() >= until) break;
    outcome.entries += 1;
    const errors = await kind.commit(creatorCtx, head.sourceFormat, entry, linked);
    if (errors === null) outcome.importedRows += entry.rows.length;
    else {
      outcome.failedRows += entry.rows.length;
      outcome.errors.push(...errors.map((e) => withSheetRow(e, (row) => entrySheetRow(entry, row))));
    }
  }
  return outcome;
}

/** The import's row errors with `more` merged in, still sorted by row; unchanged (null) when none. */
export async function mergedErrors(
  ctx: AccountCtx,
  id: string,
  more: readonly RowError[],
): Promise<RowError[] | undefined> {
  if (more.length === 0) return undefined;
  const current = (await findImportErrors(ctx.db, ctx.accountId, id)) ?? [];
  return keptRowErrors([...current, ...more].sort(byRow));
}
