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
import type { OfficeExportProblemCode, OfficeExportResult, OfficeExportRow } from '../schema';
import { type ClientFile, type ClientFiles, clientFiles, folderOf } from './office-export-files';

export interface OfficeExportDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
}

/** The file at the ZIP's root naming each client without files, and why. */
export const PROBLEMS_FILE = 'Fehler.txt';

/** A client's problem: the API's English, its code, and the German Fehler.txt says. */
interface Problem {
  text: string;
  code: OfficeExportProblemCode;
  missing: string[];
  german: string;
}

interface ClientOutcome {
  result: OfficeExportResult;
  /** Fehler.txt's line for a client without files. */
  german: string | null;
}

const noFiles = (accountId: string, name: string, problem: Problem): ClientOutcome => ({
  result: {
    account_id: accountId,
    name,
    folder: '',
    files: [],
    problem: problem.text,
    problem_code: problem.code,
    missing: problem.missing,
  },
  german: problem.german,
});

const NOT_REACHED: Problem = {
  text: 'no longer reached by the user who asked: no files',
  code: 'not_reached',
  missing: [],
  german: 'Wer den Export angefordert hat, hat keinen Zugriff mehr auf diesen Mandanten: keine Dateien',
};

const DISABLED: Problem = {
  text: 'the account is disabled',
  code: 'account_disabled',
  missing: [],
  german: 'Das Konto ist gesperrt',
};

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
): Promise<ClientOutcome> {
  const member = await memberFor(deps.db, row, clientId);
  // Neither its name nor why: a client the user no longer reaches is nothing of theirs now.
  if (!member) return noFiles(clientId, '', NOT_REACHED);
  const account = await findAccountWithPlan(deps.db, clientId);
  if (!account) return noFiles(clientId, '', NOT_REACHED);
  const name = account.account.name;
  if (account.account.disabledAt !== null) return noFiles(clientId, name, DISABLED);
  const ctx = job.forAccount(clientId, { memberId: member.id });
  let files: ClientFile[];
  let booked: ClientFiles['booked'];
  try {
    ({ files, booked } = await clientFiles(ctx, row));
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
  return {
    result: {
      account_id: clientId,
      name,
      folder,
      files: paths,
      problem: null,
      problem_code: null,
      missing: [],
      ...(booked ? { booked_until: booked.until, left_out: booked.leftOut } : {}),
    },
    german: null,
  };
}

const NUMBER_NAMES: Record<string, string> = {
  consultant_number: 'Beraternummer',
  client_number: 'Mandantennummer',
};

/**
 * A refused client's problem, read from the refusal's data, never its words: DATEV numbers not set (409
 * `missing`), a period across two fiscal years (422 `fiscal_year_start`), documents without a rate to the
 * euro (422 `documents`); any other refusal in its own words (a 422's field messages, whose own message
 * "Request validation failed" says nothing).
 */
function problemOf(error: DomainError): Problem {
  const details = (error.details ?? {}) as Record<string, unknown>;
  const fields = (Array.isArray(details.fields) ? details.fields : []) as { msg?: unknown }[];
  const said = fields.map((f) => (typeof f.msg === 'string' ? f.msg : '')).filter((m) => m !== '');
  const text =
    error.message === 'Request validation failed' && said.length > 0 ? said.join('; ') : error.message;
  if (Array.isArray(details.missing) && details.missing.length > 0) {
    const missing = details.missing.filter((m): m is string => typeof m === 'string' && m in NUMBER_NAMES);
    const names = missing.map((m) => NUMBER_NAMES[m]);
    const german =
      names.length > 1
        ? `${names.join(' und ')} fehlen in den DATEV-Einstellungen (Exporte)`
        : `Die ${names[0] ?? 'Berater- oder Mandantennummer'} fehlt in den DATEV-Einstellungen (Exporte)`;
    return { text, code: 'datev_numbers_missing', missing, german };
  }
  if (typeof details.fiscal_year_start === 'string') {
    const [month, day] = details.fiscal_year_start.split('-');
    return {
      text,
      code: 'fiscal_year_span',
      missing: [],
      german: `Der Zeitraum reicht über zwei Wirtschaftsjahre des Mandanten (Beginn am ${day}.${month}.); ein DATEV-Stapel darf nur eines umfassen`,
    };
  }
  if (Array.isArray(details.documents) && details.documents.length > 0) {
    const documents = details.documents as { id?: unknown; number?: unknown; currency?: unknown }[];
    const named = documents
      .slice(0, 10)
      .map((d) => `${typeof d.number === 'string' ? d.number : String(d.id)} (${String(d.currency)})`)
      .join(', ');
    const more = documents.length > 10 ? ` und ${documents.length - 10} weitere` : '';
    return {
      text,
      code: 'exchange_rate_missing',
      missing: [],
      german: `DATEV braucht den Kurs zum Euro jedes Betrags in Fremdwährung; diese Belege nennen keinen: ${named}${more}`,
    };
  }
  return { text, code: 'refused', missing: [], german: text };
}

function problemsText(row: OfficeExportRow, outcomes: ClientOutcome[]): string {
  const lines = outcomes
    .filter((o) => o.german !== null)
    .map(
      ({ result: r, german }) => `${r.name === '' ? r.account_id : `${r.name} (${r.account_id})`}: ${german}`,
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
      const outcomes: ClientOutcome[] = [];
      const folders = new Set<string>();
      for (const clientId of row.clientIds) {
        job.signal.throwIfAborted();
        outcomes.push(await exportClient(deps, job, row, clientId, add, folders));
      }
      if (outcomes.some((o) => o.german !== null)) {
        await add(PROBLEMS_FILE, new TextEncoder().encode(problemsText(row, outcomes)));
      }
      await archive.finalize();
      return outcomes.map((o) => o.result);
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
