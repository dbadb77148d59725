// Instances of one deployment (one PostgreSQL database) on one host share the host's cores: each counts the
// others through a folder of marks on the host, one file per running instance, renewed while it runs, and
// takes its share of the worker threads (docs/instances.md "Several instances on one host"). Every process
// compiles its own workers' code and runs its own threads; two instances with a full set each put twice the
// threads and twice the compiling on the same cores (bench/README.md).
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How often an instance renews its mark. */
export const HEARTBEAT_MS = 5_000;
/** A mark not renewed for this long is an instance that is gone (killed, crashed, its host suspended). */
export const STALE_MS = 4 * HEARTBEAT_MS;
/** A count is reused for this long: pools ask on every task. */
const RECOUNT_MS = 1_000;

export interface HostShareOptions {
  /** Where the folder of marks is made (default: the system's temp folder). */
  root?: string;
  /** How long a count is reused (tests: 0). */
  recountMs?: number;
}

export interface HostShare {
  /** Instances of this deployment running on this host now, this one included: at least 1. */
  instances(): number;
  /** This instance's part of `total` workers: `total` divided by the instances, rounded, at least 1 (0 stays 0). */
  share(total: number): number;
  /** Takes this instance's mark away (a graceful stop): the others grow back within a second of asking. */
  leave(): void;
}

/**
 * The database a URL names, as `host:port/database`: instances whose URLs differ in anything else (a
 * parameter such as `sslmode` or `max`, the user's password, the order of parameters) are one deployment.
 * The host and port may be given as parameters (`?host=/run/postgresql`, libpq's form); the database
 * defaults to the user's name, then `postgres`, as libpq's does. A URL that does not parse is its own text.
 */
export function databaseOf(url: string): string {
  try {
    // An empty host (`postgres://app@/invoices?host=/run/postgresql`) is libpq's default socket.
    const parsed = new URL(url.replace(/^([a-z][\w+.-]*:\/\/(?:[^@/?#]*@)?)(?=[/?#]|$)/i, '$1localhost'));
    const param = (name: string) => parsed.searchParams.get(name) || null;
    const named = param('host') ?? parsed.hostname;
    // Host names are not case-sensitive; a socket's folder is.
    const host = named.startsWith('/') ? named : named.toLowerCase();
    const port = param('port') ?? (parsed.port || '5432');
    const user = decodeURIComponent(parsed.username) || param('user');
    const database =
      decodeURIComponent(parsed.pathname.replace(/^\//, '')) || param('dbname') || user || 'postgres';
    return `${host}:${port}/${database}`;
  } catch {
    return url;
  }
}

/** The folder of the marks of one deployment's instances (one database: databaseOf) on this host, for this user. */
export function hostShareDir(deployment: string, root: string = tmpdir()): string {
  const user = process.getuid?.() ?? 'user';
  const key = createHash('sha256').update(databaseOf(deployment)).digest('hex').slice(0, 24);
  return join(root, `invoice-service-${user}`, 'instances', key);
}

/** An instance that could not mark itself: it counts itself alone and runs all its workers. */
const ALONE: HostShare = { instances: () => 1, share: (total) => Math.max(0, total), leave: () => {} };

/**
 * Joins the instances of `deployment` (the database URL: it is hashed, never written) on this host. A host
 * where the folder cannot be written counts this instance alone, which is what it did before sharing.
 */
export function joinHostShare(deployment: string, options: HostShareOptions = {}): HostShare {
  const dir = hostShareDir(deployment, options.root);
  const recountMs = options.recountMs ?? RECOUNT_MS;
  const own = join(dir, `${process.pid}-${randomUUID()}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(own, '', { mode: 0o600 });
  } catch {
    return ALONE;
  }
  let joined = true;
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(own, now, now);
    } catch {
      // Removed by hand or by a cleaner of the temp folder: marked again.
      try {
        writeFileSync(own, '', { mode: 0o600 });
      } catch {}
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let counted = { at: Number.NEGATIVE_INFINITY, instances: 1 };
  const instances = (): number => {
    if (!joined) return 1;
    const now = Date.now();
    if (now - counted.at < recountMs) return counted.instances;
    counted = { at: now, instances: Math.max(1, liveMarks(dir, own, now)) };
    return counted.instances;
  };
  return {
    instances,
    share: (total) => (total <= 0 ? 0 : Math.max(1, Math.round(total / instances()))),
    leave: () => {
      clearInterval(heartbeat);
      joined = false;
      try {
        rmSync(own, { force: true });
      } catch {}
    },
  };
}

/** Marks renewed within STALE_MS, this instance's own always; older ones are removed on the way. */
function liveMarks(dir: string, own: string, now: number): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 1;
  }
  let live = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (path === own) {
      live++;
      continue;
    }
    try {
      if (now - statSync(path).mtimeMs <= STALE_MS) live++;
      else rmSync(path, { force: true });
    } catch {}
  }
  return live;
}
