import { accessSync, constants, statSync } from 'node:fs';
import { type Config, ConfigError } from '../config';
import { createAccount, presentAccount } from '../modules/accounts';
import { SELF_HOSTED_PLAN_ID } from '../modules/plans';
import { createOwnerSetupLink, linkUrl } from '../modules/users';
import { createService } from '../service';
import { systemClock } from '../shared/clock';
import { isWildcardHost, wildcardOriginNote } from '../shared/link-origin';
import { type BlobStore, storeReachable } from '../storage/blob-store';
import type { S3Settings } from '../storage/s3-blob-store';

const TIDY_MS = 5 * 1000;
/** How long the start's look at the bucket waits for its answer before it says the bucket is unusable. */
const BUCKET_CHECK_MS = 15 * 1000;

/** `serve`: the service as createService wires it, on the configured port, with the first account's key. */
export async function serve(
  config: Config,
  out: (line: string) => void = console.log,
): Promise<() => Promise<void>> {
  if (config.inboxDir !== null) requireInboxDir(config.inboxDir);
  const service = await createService(config);
  // When the last request came: the heap is tidied only when the server has been idle (see below).
  let lastRequestAt = 0;
  let server: { url: string };
  try {
    server = service.start({
      fetch: (request, server) => {
        lastRequestAt = performance.now();
        return service.fetch(request, server);
      },
    });
  } catch (error) {
    await service.stop(); // the pools and the database; nothing else started
    throw withListenHint(error, config);
  }
  // Only once the port is bound: a first key made before a failed bind would never be printed, and the
  // next start would make none (the account would already exist).
  const first = await createAccount({
    ctx: { db: service.handle.db, clock: systemClock },
    // The install's own account: the Self-hosted plan (no quota, no service credit on its PDFs). Accounts
    // made later with `accounts create` (hosting for others) get the default plan as before.
    input: { name: 'Default account', onlyIfNone: true, planId: SELF_HOSTED_PLAN_ID, office: true },
  });
  // Render workers start with the first render, not with the server: three warmed Bun isolates with their
  // fonts and shaping caches would triple idle memory (about 165 MiB instead of 60).

  // Start-up leaves garbage (migrations, route tables) and heap pages an idle server would keep for hours,
  // and the job runtime's polls add more: a full collection and a shrink of the heap 1 s after start and
  // then every 5 s without a request give them back (about 3 MiB of RSS; 2-6 ms each, measured). Never
  // under load: there the pages are in use, and giving them back only costs time.
  const tidy = () => {
    Bun.gc(true);
    Bun.shrink();
  };
  setTimeout(tidy, 1000).unref();
  const tidying = setInterval(() => {
    if (performance.now() - lastRequestAt >= TIDY_MS) tidy();
  }, TIDY_MS);
  tidying.unref();
  const files = config.s3 ? `, files in bucket ${config.s3.bucket}` : '';
  out(`invoice-service listening on ${server.url} (data in ${config.dataDir}${files})`);
  // Not awaited: the start goes on (a bucket briefly away must not keep every instance down), but a wrong
  // S3_ENDPOINT, bucket or key is said now, not found out at the first render.
  if (config.s3 !== null) void warnUnlessBucketAnswers(service.deps.blobs, config.s3);
  if (first) {
    const account = presentAccount(first.account);
    out(`Created account "${account.name}" (${account.id}) on plan ${account.plan_name}.`);
    out(`API key, shown only now, keep it safe: ${first.key.apiKey}`);
    const setup = await createOwnerSetupLink({
      ctx: { db: service.handle.db, clock: systemClock },
      input: { accountId: account.id },
    });
    out(
      `Owner's one-time link to choose their email and password, shown only now (valid until ${setup.row.expiresAt}):`,
    );
    // The address the CLI's links use too: PUBLIC_BASE_URL, else where it listens, 0.0.0.0 as localhost.
    const origin = service.deps.ownOrigin();
    out(linkUrl(origin, setup.token));
    out(`Then sign in at ${origin} with that email and password, or with the API key; or`);
    out(`try it: curl -H "Authorization: Bearer ${first.key.apiKey}" ${origin}/api/v1/auth/me`);
    // On stderr: the lines a script reads (the key, the link) stay stdout's last ones.
    if (config.publicBaseUrl === null && isWildcardHost(config.host))
      console.error(wildcardOriginNote(origin));
  }
  // Said on stderr (stdout's last lines stay the first start's key and link): an operator stopping it in the
  // middle of a batch or an export reads that the rest is not lost but resumes at the next start.
  return async () => {
    clearInterval(tidying);
    console.error(
      `invoice-service: stopping: requests and jobs in progress get up to ${config.stopGraceSeconds} s; a job still running then resumes at the next start`,
    );
    await service.stop();
    console.error('invoice-service: stopped');
  };
}

/**
 * INBOX_DIR is a folder this user may read and write (files are moved from it to processed/ and failed/):
 * one line (exit 2) before anything starts. A missing one (a typo, a share not mounted) was watched without
 * a word, every file dropped into the real folder never taken; a file was Node's bare ENOTDIR.
 */
function requireInboxDir(dir: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'ENOENT')
      throw new ConfigError(
        `INBOX_DIR ${dir} does not exist: create it (the server takes the e-invoices dropped there) or correct INBOX_DIR`,
      );
    throw new ConfigError(
      `INBOX_DIR ${dir} cannot be read (${code}): give the user the service runs as access`,
    );
  }
  if (!isFolder) throw new ConfigError(`INBOX_DIR ${dir} is a file, not a folder`);
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `INBOX_DIR ${dir} cannot be read and written by this user (${code}): the server moves each file it takes into processed/ or failed/ there; give the user the service runs as write access`,
    );
  }
}

/**
 * One line on stderr when the bucket S3_* names cannot be used at start (refused or unknown endpoint, no such
 * bucket, refused keys, no answer): the server started as before and answered 200 to /health while every
 * render, upload and received file failed with 503, the start itself saying nothing (docs/storage.md).
 */
async function warnUnlessBucketAnswers(blobs: BlobStore, s3: S3Settings): Promise<void> {
  let where = `bucket "${s3.bucket}"`;
  if (s3.endpoint !== null) {
    try {
      where += ` at ${new URL(s3.endpoint).origin}`; // never a user or password written into the URL
    } catch {}
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${BUCKET_CHECK_MS / 1000} s`)),
      BUCKET_CHECK_MS,
    );
    timer.unref();
  });
  try {
    await Promise.race([storeReachable(blobs), silent]);
  } catch (error) {
    const { message, name, code } = error as { message?: string; name?: string; code?: string };
    const reason = [code ?? (name && name !== 'Error' ? name : undefined), message]
      .filter(Boolean)
      .join(': ');
    console.error(
      `invoice-service: the ${where} cannot be used (${reason || String(error)}): PDFs, uploads and received files fail with 503 until it can; check S3_ENDPOINT, S3_BUCKET and the keys (GET /ready checks it again)`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bind's error with what to change: a HOST that is not this machine's came as Bun's bare `ENOENT: no
 * such file or directory, listen` (a name that does not resolve) or `EADDRNOTAVAIL`, and a port below 1024
 * for a user without the right to it as `EACCES`, none naming the setting.
 */
function withListenHint(error: unknown, config: Config): unknown {
  if (!(error instanceof Error)) return error;
  const { message } = error;
  const hostFix =
    'set HOST to 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or one of its own addresses';
  let hint: string | null = null;
  if (/\bENOENT\b|ENOTFOUND|EAI_/.test(message))
    hint = `HOST ${config.host} does not resolve here: ${hostFix}`;
  else if (/EADDRNOTAVAIL/.test(message))
    hint = `HOST ${config.host} is not an address of this machine: ${hostFix}`;
  else if (/\bEACCES\b|permission denied/i.test(message) && config.port > 0 && config.port < 1024)
    hint = `port ${config.port} is below 1024, which needs root or CAP_NET_BIND_SERVICE: set PORT to 1024 or above (a reverse proxy can serve 80 and 443)`;
  return hint === null ? error : new Error(`${message}; ${hint}`);
}
