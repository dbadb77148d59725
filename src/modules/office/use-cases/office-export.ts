import { inTransaction } from '../../../db/transaction';
import type { Principal } from '../../../http/auth';
import { enqueueJob } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, DomainError, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { BlobStore } from '../../../storage/blob-store';
import { checkDatevCalendarYear, checkPeriod } from '../../exports';
import type { OfficeExportBody } from '../exports-model';
import { findOfficeExport, insertOfficeExport } from '../exports-repo';
import { officeExportJob } from '../job';
import type { OfficeExportRow } from '../schema';
import { accountsReached } from './reach';

/** The same answer for an account that does not exist and one the caller does not reach. */
const unknownAccount = (accountId: string) =>
  new DomainError('not_found', `Account ${accountId} not found`, { account_id: accountId });

/**
 * The clients of the export: those named, each one the caller reaches now, in the order given (a repeat
 * dropped); by default every client they reach: not disabled, and not an office (the office's own books
 * are its own export; name it to include it). An API key reaches its own only, office or not.
 */
async function clientsOf(ctx: AccountCtx, principal: Principal, named: string[] | undefined) {
  const reached = await accountsReached(ctx, principal);
  if (named === undefined) {
    const clients = reached.filter((a) => !a.disabled && (!a.office || principal.session === null));
    return clients.map((a) => a.id);
  }
  const ids = new Set(reached.map((a) => a.id));
  for (const id of named) if (!ids.has(id)) throw unknownAccount(id);
  return [...new Set(named)];
}

/** Queues the export of many clients' DATEV files; the row and its job commit together. */
export async function startOfficeExport({
  ctx,
  principal,
  input,
}: {
  ctx: AccountCtx;
  principal: Principal;
  input: OfficeExportBody;
}): Promise<OfficeExportRow> {
  checkPeriod(input.from, input.to, 'body');
  checkDatevCalendarYear(input.from, input.to, 'body');
  const clientIds = await clientsOf(ctx, principal, input.account_ids);
  const now = isoNow(ctx.clock);
  const id = newId('ofx');
  return await inTransaction(ctx, async (tx) => {
    const row = await insertOfficeExport(tx.db, {
      id,
      accountId: ctx.accountId,
      userId: principal.session?.userId ?? null,
      status: 'queued',
      from: input.from,
      to: input.to,
      clientIds,
      results: null,
      createdBy: creatorOf(ctx),
      blobKey: null,
      sizeBytes: null,
      errorMessage: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    });
    await enqueueJob(tx.db, ctx.clock, officeExportJob, { exportId: id }, { runKey: `office.export:${id}` });
    return row;
  });
}

/** The export, to the user who asked for it in the account it was asked in only; 404 for anyone else. */
export async function readOfficeExport(
  ctx: AccountCtx,
  principal: Principal,
  id: string,
): Promise<OfficeExportRow> {
  const owner = { accountId: ctx.accountId, userId: principal.session?.userId ?? null };
  const row = await findOfficeExport(ctx.db, id, owner);
  if (!row) throw notFound('Office export');
  return row;
}

/**
 * The finished ZIP as a stream; 404 until the export is completed, 409 once the user no longer reaches a
 * client whose files it holds (they left it, or its owner removed them): the ZIP was theirs to read only
 * while they kept the books, as the client's own DATEV downloads are.
 */
export async function officeExportDownload(
  ctx: AccountCtx,
  principal: Principal,
  blobs: BlobStore,
  id: string,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const row = await readOfficeExport(ctx, principal, id);
  const withFiles = (row.results ?? []).filter((r) => r.files.length > 0).map((r) => r.account_id);
  if (withFiles.length > 0) {
    const reached = new Set((await accountsReached(ctx, principal)).map((a) => a.id));
    const lost = withFiles.filter((accountId) => !reached.has(accountId));
    if (lost.length > 0) {
      throw conflict('The export holds files of a client you no longer reach: make a new export', {
        account_ids: lost,
      });
    }
  }
  const body = row.status === 'completed' && row.blobKey ? await blobs.stream(row.blobKey) : null;
  if (!body) throw notFound('Office export download');
  return { filename: `DATEV_Mandanten_${row.from}_${row.to}.zip`, body };
}
