import { Elysia, t } from 'elysia';
import { ping } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { probeRenderer } from '../../rendering/engine/probe';
import { within } from '../../shared/deadline';
import { SERVICE_NAME, VERSION } from '../../version';

export interface ReadinessChecks {
  database(): Promise<void>;
  storage(): Promise<void>;
  renderer(): Promise<void>;
}

const Dependency = t.Union([t.Literal('ok'), t.Literal('error')]);
const Mailbox = t.Object(
  {
    state: t.Union([t.Literal('connecting'), t.Literal('ok'), t.Literal('error'), t.Literal('standby')], {
      description: '`standby`: another instance of the service reads the mailbox (it holds its lease)',
    }),
    error: t.Union([t.String(), t.Null()], { description: 'Why it cannot be used (a refused login, …)' }),
    last_checked_at: t.Union([t.String(), t.Null()]),
    next_attempt_at: t.Union([t.String(), t.Null()]),
  },
  {
    description:
      'IMAP_URL only: the mailbox the service takes e-invoices from. Not part of `status`: the API serves without it',
  },
);
const Storage = t.Object(
  { kind: t.Union([t.Literal('filesystem'), t.Literal('s3')]) },
  {
    description:
      'Where files are kept: `filesystem` (DATA_DIR/blobs) or `s3` (S3_BUCKET); `dependencies.storage` is its check',
  },
);
const Database = t.Object(
  { engine: t.Union([t.Literal('sqlite'), t.Literal('postgresql')]) },
  {
    description:
      'The database the service runs on: `sqlite` (embedded, DATA_DIR) or `postgresql` (DATABASE_URL); `dependencies.database` is its check',
  },
);
const Readiness = t.Object({
  status: t.Union([t.Literal('ready'), t.Literal('not_ready')]),
  dependencies: t.Object({ database: Dependency, storage: Dependency, renderer: Dependency }),
  database: Database,
  storage: Storage,
  mailbox: t.Optional(Mailbox),
});

/**
 * How long /ready waits for a dependency's answer before counting it failed: a database or bucket that
 * stops answering without closing its connections (a frozen server, a cut network) must not make the probe
 * itself hang, so that a load balancer sees 503 rather than its own timeout.
 */
export const READY_CHECK_TIMEOUT_MS = 3_000;

async function outcome(check: () => void | Promise<void>): Promise<'ok' | 'error'> {
  const answered = (async () => {
    try {
      await check();
      return 'ok' as const;
    } catch {
      return 'error' as const;
    }
  })();
  return await within<'ok' | 'error'>(answered, READY_CHECK_TIMEOUT_MS, () => 'error');
}

/** What /ready checks, out of the app's dependencies. */
function readinessOf(deps: AppDeps): ReadinessChecks {
  return {
    database: async () => await ping(deps.db),
    storage: () => deps.blobs.check(),
    renderer: probeRenderer,
  };
}

/** Public probes (no key: `auth` is not used); bare objects (no envelope), as SPEC 4 says. */
export function healthRoutes(_auth: Auth, deps: AppDeps) {
  const checks = readinessOf(deps);
  return new Elysia()
    .get('/health', () => ({ status: 'ok' as const, service: SERVICE_NAME, version: VERSION }), {
      response: t.Object({ status: t.Literal('ok'), service: t.String(), version: t.String() }),
      detail: { summary: 'Liveness: the process answers', tags: ['Health'], security: [] },
    })
    .get(
      '/ready',
      async ({ set }) => {
        const [database, storage, renderer] = await Promise.all([
          outcome(checks.database),
          outcome(checks.storage),
          outcome(checks.renderer),
        ]);
        const ready = database === 'ok' && storage === 'ok' && renderer === 'ok';
        // 503 lets a load balancer act on the status alone.
        if (!ready) set.status = 503;
        const mailbox = deps.mailbox?.status();
        return {
          status: ready ? ('ready' as const) : ('not_ready' as const),
          dependencies: { database, storage, renderer },
          database: { engine: deps.databaseEngine },
          storage: { kind: deps.blobs.kind },
          ...(mailbox && { mailbox }),
        };
      },
      {
        response: { 200: Readiness, 503: Readiness },
        detail: {
          summary: 'Readiness: database, storage and renderer really exercised',
          tags: ['Health'],
          security: [],
        },
      },
    )
    .get('/version', () => ({ version: VERSION }), {
      response: t.Object({ version: t.String() }),
      detail: { summary: 'Service version', tags: ['Health'], security: [] },
    });
}
