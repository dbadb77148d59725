import type postgres from 'postgres';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';

/** How often the database's time is read again (a host's clock drifts slowly; NTP may step it). */
const RESYNC_MS = 60_000;
/** An offset past this is worth a line in the log: the host's clock is wrong. */
const WARN_OFFSET_MS = 2_000;

/**
 * The database's time, for several instances on PostgreSQL: what they decide together (a render's or a
 * link's expiry another instance sweeps, a job's claim, a named lease, an idempotency key's age, the rate
 * limit's window) is measured on one clock, the server's, not on each host's own. An instance whose clock
 * is ten minutes ahead no longer deletes another's render early (issue 37).
 *
 * Read as an offset (the server's `clock_timestamp()` minus this host's time, halfway through the round
 * trip), measured at start and every minute after, so `now()` costs no query; a failed read keeps the last
 * offset. SQLite runs on one host: its instance keeps the host's clock.
 */
export class DatabaseClock implements Clock {
  private offsetMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  private constructor(
    private readonly client: postgres.Sql,
    private readonly logger: Logger,
  ) {}

  static async start(client: postgres.Sql, logger: Logger): Promise<DatabaseClock> {
    const clock = new DatabaseClock(client, logger);
    await clock.sync().catch((error: unknown) =>
      logger.warn('cannot read the database time; using this host clock until it answers', {
        error: String(error),
      }),
    );
    clock.timer = setInterval(() => void clock.sync().catch(() => undefined), RESYNC_MS);
    clock.timer.unref();
    return clock;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** This host's clock minus the database's, in ms (positive: the host is ahead). */
  get hostAheadMs(): number {
    return -this.offsetMs;
  }

  async sync(): Promise<void> {
    const sent = Date.now();
    const [row] = await this.client`SELECT (extract(epoch from clock_timestamp()) * 1000)::float8 AS ms`;
    const received = Date.now();
    const offset = Math.round(Number(row?.ms) - (sent + received) / 2);
    if (!Number.isFinite(offset)) return;
    if (Math.abs(offset) > WARN_OFFSET_MS && Math.abs(this.offsetMs - offset) > WARN_OFFSET_MS) {
      this.logger.warn(
        "this host's clock differs from the database's; the service keeps the database's time",
        {
          host_ahead_ms: -offset,
        },
      );
    }
    this.offsetMs = offset;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
