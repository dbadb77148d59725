import postgres from 'postgres';

/** How long the first connection may take to answer before a start gives up: longer than any healthy connect. */
export const FIRST_ANSWER_SECONDS = 30;

/**
 * Before anything else opens DATABASE_URL (its migrations): one connection must answer `SELECT 1` within
 * `seconds`, else the start ends with one line that names the server (never the password) and says what to
 * check. A host that drops packets (a wrong address, a firewall) left `serve` and `migrate` waiting silently
 * for good, spinning on reconnects; a refused port, an unknown host, a wrong password or database were a
 * bare driver message (`connect ECONNREFUSED 127.0.0.1:1`) that did not say it was DATABASE_URL's.
 */
export async function requireDatabaseAnswers(
  url: string,
  seconds = FIRST_ANSWER_SECONDS,
): Promise<{ migrated: boolean }> {
  const client = postgres(url, { max: 1, connect_timeout: seconds, onnotice: () => {} });
  const where = serverOf(client.options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), seconds * 1000);
  });
  try {
    // The answer also says whether the service ever set this database up (its migrations' bookkeeping).
    const answer = await Promise.race([
      client`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`.then((rows) => ({
        migrated: rows[0]?.migrated === true,
      })),
      silent,
    ]);
    if (answer === 'silent') {
      // Several hosts are tried in turn, again and again: refused by all of them looks the same as silence.
      const none = where.includes(', ')
        ? `none of the PostgreSQL hosts ${where} accepted and answered`
        : `PostgreSQL at ${where} did not answer`;
      throw new DatabaseUnreachable(
        `DATABASE_URL: ${none} within ${seconds} s: check the hosts and ports in DATABASE_URL, that the server runs, and that no firewall drops this machine's connections to it`,
      );
    }
    return answer;
  } catch (error) {
    if (error instanceof DatabaseUnreachable) throw error;
    throw new DatabaseUnreachable(explain(error, where, client.options));
  } finally {
    clearTimeout(timer);
    // Not awaited: a connection still trying to connect to a silent host would hold the start up.
    void client.end({ timeout: 0 }).catch(() => undefined);
  }
}

/** The start cannot use the database DATABASE_URL names: main prints the message, exit code 1. */
export class DatabaseUnreachable extends Error {}

type Options = { host?: unknown; port?: unknown; database?: unknown; user?: unknown };

/** `host:port` (each of several hosts), from the parsed URL: never its password. */
function serverOf(options: Options): string {
  const hosts = Array.isArray(options.host)
    ? options.host.map(String)
    : [String(options.host ?? 'localhost')];
  const ports = Array.isArray(options.port) ? options.port.map(String) : [String(options.port ?? 5432)];
  return hosts.map((host, i) => (host.startsWith('/') ? host : `${host}:${ports[i] ?? ports[0]}`)).join(', ');
}

function explain(error: unknown, where: string, options: Options): string {
  const { code: stated, message } = error as { code?: string; message?: string };
  // A socket's connect error states its code only in its message ("connect ENOENT /run/…/.s.PGSQL.5432").
  const code = stated ?? /\bconnect (E[A-Z]+)\b/.exec(message ?? '')?.[1];
  const detail = `${message ?? String(error)}${code && !(message ?? '').includes(code) ? ` (${code})` : ''}`;
  switch (code) {
    case 'ENOENT': // a Unix socket's folder without PostgreSQL's socket in it
      return `DATABASE_URL: no PostgreSQL socket at ${where} (${code}): check the socket folder (host) in DATABASE_URL and that PostgreSQL runs there`;
    case 'ECONNREFUSED':
      return `DATABASE_URL: nothing accepts connections at ${where} (${code}): check the port in DATABASE_URL and that PostgreSQL runs there`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `DATABASE_URL: the host in ${where} is not known (${code}): check the host name in DATABASE_URL`;
    case 'CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `DATABASE_URL: PostgreSQL at ${where} cannot be reached (${code}): check the host and port in DATABASE_URL, that the server runs, and that no firewall drops this machine's connections to it`;
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification: no such role, pg_hba.conf refuses
      return `DATABASE_URL: PostgreSQL at ${where} refused user "${String(options.user ?? '')}": ${detail}; check the user and password in DATABASE_URL (and pg_hba.conf)`;
    case '3D000': // invalid_catalog_name
      return `DATABASE_URL: PostgreSQL at ${where} has no database "${String(options.database ?? '')}": create it (createdb --owner ${String(options.user ?? '')} ${String(options.database ?? '')}) or fix its name in DATABASE_URL`;
    default:
      return `DATABASE_URL: cannot use PostgreSQL at ${where}: ${detail}`;
  }
}
