import { once } from 'node:events';
import type { Db } from '../../../db/client';
import { type JobContext, JobError } from '../../../jobs/definition';
import { untilAborted } from '../../../jobs/until-aborted';
import { type Clock, isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { zipTools } from '../../../shared/zip';
import type { BlobStore } from '../../../storage/blob-store';
import { findAccountWithPlan } from '../../accounts';
import { readAccountingSettings } from '../../exports';
import { findUser, memberInAccount } from '../../users';
import { findOfficeExport, updateOfficeExport } from '../exports-repo';
import type { OfficeExportResult, OfficeExportRow } from '../schema';
import { type ClientFile, clientFiles, folderOf } from './office-export-files';

export interface OfficeExportDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
}

/** The file at the ZIP's root naming each client without files, and why. */
export const PROBLEMS_FILE = 'Fehler.txt';

const noFiles = (accountId: string, name: string, problem: string): OfficeExportResult => ({
  account_id: accountId,
  name,
  folder: '',
  files: [],
  problem,
});

/**
 * The member the export works for in a client, as the run finds it: the user who asked must still reach it
 * (they may have left it since, or been removed), an API key its own account. Undefined: no files for it.
 */
async function memberFor(
  db: Db,
  row: OfficeExportRow,
  clientId: string,
): Promise<{ id: string | null } | undefined> {
  if (row.userId === null) return clientId === row.accountId ? { id: row.createdBy } : undefined;
  const user = await findUser(db, row.userId);
  return user ? await memberInAccount(db, user, clientId) : undefined;
}

/**
 * One client's folder: its three DATEV files written into the ZIP, or its problem. A DomainError (numbers
 * not set, a rate to the euro missing, ...) is the client's problem and the export goes on; anything else
 * (the database away) fails the attempt, which the next one makes again from the start.
 */
async function exportClient(
  deps: OfficeExportDeps,
  job: JobContext,
  row: OfficeExportRow,
  clientId: string,
  add: (name: string, bytes: Uint8Array) => Promise<void>,
  folders: Set<string>,
): Promise<OfficeExportResult> {
  const member = await memberFor(deps.db, row, clientId);
  // Neither its name nor why: a client the user no longer reaches is nothing of theirs now.
  if (!member) return noFiles(clientId, '', 'no longer reached by the user who asked: no files');
  const account = await findAccountWithPlan(deps.db, clientId);
  if (!account) return noFiles(clientId, '', 'no longer reached by the user who asked: no files');
  const name = account.account.name;
  if (account.account.disabledAt !== null) return noFiles(clientId, name, 'the account is disabled');
  const ctx = job.forAccount(clientId, { memberId: member.id });
  let files: ClientFile[];
  try {
    files = await clientFiles(ctx, row);
  } catch (error) {
    if (error instanceof DomainError) return noFiles(clientId, name, problemOf(error));
    throw error;
  }
  const settings = await readAccountingSettings(ctx);
  const folder = folderOf(settings.client_number, name, folders);
  const paths: string[] = [];
  for (const file of files) {
    const path = `${folder}/${file.name}`;
    await add(path, file.bytes);
    paths.push(path);
  }
  return { account_id: clientId, name, folder, files: paths, problem: null };
}

/**
 * A refused export's reason: a 422's field messages (a period across two fiscal years says which), whose
 * own message ("Request validation failed") says nothing; any other refusal's message.
 */
function problemOf(error: DomainError): string {
  const fields = (error.details?.fields ?? []) as { msg?: unknown }[];
  const said = fields.map((f) => (typeof f.msg === 'string' ? f.msg : '')).filter((m) => m !== '');
  return error.message === 'Request validation failed' && said.length > 0 ? said.join('; ') : error.message;
}

/** German for Fehler.txt of the problems whose words the office export writes itself; others as they are. */
const GERMAN_PROBLEMS: [RegExp, string][] = [
  [
    /^Set consultant_number and client_number in PUT \/api\/v1\/settings\/accounting/,
    'Beraternummer und Mandantennummer fehlen in den DATEV-Einstellungen (Exporte)',
  ],
  [
    /^Set consultant_number in PUT \/api\/v1\/settings\/accounting/,
    'Die Beraternummer fehlt in den DATEV-Einstellungen (Exporte)',
  ],
  [
    /^Set client_number in PUT \/api\/v1\/settings\/accounting/,
    'Die Mandantennummer fehlt in den DATEV-Einstellungen (Exporte)',
  ],
  [/^the account is disabled$/, 'Das Konto ist gesperrt'],
  [
    /^no longer reached by the user who asked/,
    'Wer den Export angefordert hat, hat keinen Zugriff mehr auf diesen Mandanten: keine Dateien',
  ],
];

const inGerman = (problem: string) =>
  GERMAN_PROBLEMS.find(([pattern]) => pattern.test(problem))?.[1] ?? problem;

function problemsText(row: OfficeExportRow, results: OfficeExportResult[]): string {
  const lines = results
    .filter((r) => r.problem !== null)
    .map(
      (r) => `${r.name === '' ? r.account_id : `${r.name} (${r.account_id})`}: ${inGerman(r.problem ?? '')}`,
    );
  const head = `Mandanten ohne DATEV-Dateien im Zeitraum ${row.from} bis ${row.to}:`;
  // A BOM, so that Windows editors read the UTF-8 (names with umlauts) as such.
  return `\uFEFF${[head, ...lines].join('\r\n')}\r\n`;
}

/**
 * The `office.export` job: each client in order, written as it is made into the BlobStore as
 * `exports/<account>/<id>.zip` (`putStream`), so the ZIP never sits whole in memory. Idempotent on retry as
 * the single-account archive is: the row names the key, its size and the results only in the fenced commit
 * of the attempt that wrote them, and a later attempt replaces the ZIP whole.
 */
export async function runOfficeExport(
  deps: OfficeExportDeps,
  exportId: string,
  job: JobContext,
): Promise<void> {
  const { clock } = deps;
  const row = await findOfficeExport(deps.db, exportId);
  if (!row) throw JobError.permanent(`office export ${exportId} no longer exists`);
  if (row.status === 'completed' || row.status === 'failed') return;
  await job.transaction(
    async (tx) => await updateOfficeExport(tx, exportId, { status: 'running', updatedAt: isoNow(clock) }),
  );
  const { ZipArchive, Readable } = await zipTools();
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = clock.now();
  const add = async (name: string, bytes: Uint8Array) => {
    const processed = once(archive, 'entry');
    archive.append(Buffer.from(bytes), { name, date });
    await processed;
  };
  const fill = async (): Promise<OfficeExportResult[]> => {
    try {
      const results: OfficeExportResult[] = [];
      const folders = new Set<string>();
      for (const clientId of row.clientIds) {
        job.signal.throwIfAborted();
        results.push(await exportClient(deps, job, row, clientId, add, folders));
      }
      if (results.some((r) => r.problem !== null)) {
        await add(PROBLEMS_FILE, new TextEncoder().encode(problemsText(row, results)));
      }
      await archive.finalize();
      return results;
    } catch (error) {
      archive.destroy(error as Error); // the write below fails with it: nothing stored
      throw error;
    }
  };
  const filled = fill();
  filled.catch(() => undefined); // its failure is the write's, awaited there first
  const blobKey = `exports/${row.accountId}/${exportId}.zip`;
  const body = Readable.toWeb(archive) as ReadableStream<Uint8Array>;
  const size = await deps.blobs.putStream(blobKey, untilAborted(body, job.signal), 'application/zip');
  const results = await filled;
  await job.commit(async (tx) => {
    const now = isoNow(clock);
    await updateOfficeExport(tx, exportId, {
      status: 'completed',
      results,
      blobKey,
      sizeBytes: size,
      updatedAt: now,
      completedAt: now,
    });
  });
}

/** The job's onLastFailure: the export must not stay `running` for ever. A completed one is left alone. */
export async function failOfficeExport(ctx: SystemCtx, exportId: string, message: string): Promise<void> {
  const row = await findOfficeExport(ctx.db, exportId);
  if (!row || row.status === 'completed') return;
  const now = isoNow(ctx.clock);
  await updateOfficeExport(ctx.db, exportId, {
    status: 'failed',
    errorMessage: `the export could not be made: ${message}`,
    updatedAt: now,
    completedAt: now,
  });
}
