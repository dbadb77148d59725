// The mailbox watcher (IMAP_URL): one connection, kept open; the folder is swept when it opens, when the
// server says a message arrived (IDLE, where offered) and every IMAP_POLL_SECONDS. The mailbox itself is the
// queue: a message stays in its folder until it is moved to Processed or Failed, so a crash or a restart
// loses nothing, and a message taken twice keeps nothing twice (the inbox dedupes the same bytes).
// With several instances, the one holding the `intake.mailbox` lease connects; the others wait in standby
// and take over when it stops (it gives the lease up) or dies (its lease runs out).
import type { ImapFlow } from 'imapflow';
import type { ImapSettings } from '../../config';
import type { MailboxStatus, MailIntake } from '../../deps';
import type { Lease } from '../../jobs/lease';
import type { Logger } from '../../shared/logger';
import { describeImapError } from './imap-errors';

export type { MailboxStatus, MailIntake };

import { FAILED, type MessageRun, PROCESSED } from './take-message';

/** Reconnection delays: 1 s doubling to 15 minutes while the server refuses or cannot be reached. */
export const reconnectDelayMs = (failures: number) =>
  Math.min(15 * 60_000, 1_000 * 2 ** Math.max(0, failures - 1));

export class MailboxWatcher implements MailIntake {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private client: ImapFlow | null = null;
  private nudge: (() => void) | null = null;
  /** A message arrived (or the connection closed) while no pause was waiting: the next one ends at once. */
  private news = false;
  private current: MailboxStatus = {
    state: 'connecting',
    error: null,
    last_checked_at: null,
    next_attempt_at: null,
  };

  constructor(
    private readonly settings: ImapSettings,
    private readonly run: MessageRun,
    private readonly logger: Logger,
    /** The lease that keeps the mailbox to one instance; null = this instance always reads it. */
    private readonly lease: Lease | null = null,
  ) {}

  status(): MailboxStatus {
    return { ...this.current };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.connectLoop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge?.();
    const client = this.client;
    if (client) await client.logout().catch(() => client.close());
    await this.loop;
    this.loop = null;
    await this.lease
      ?.release()
      .catch((error) => this.logger.warn('mailbox lease not released', { error: String(error) }));
  }

  /** Whether this instance may read the mailbox now (holds its lease); false while the database fails. */
  private async mayRead(): Promise<boolean> {
    if (!this.lease) return true;
    try {
      return await this.lease.hold();
    } catch (error) {
      this.logger.warn('mailbox lease not checked', { error: String(error) });
      return false;
    }
  }

  private async connectLoop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      if (!(await this.mayRead())) {
        if (this.current.state !== 'standby') this.logger.info('mailbox read by another instance');
        this.current = { ...this.current, state: 'standby', error: null, next_attempt_at: null };
        await this.pause(this.leaseCheckMs());
        continue;
      }
      try {
        await this.session();
        failures = 0;
      } catch (error) {
        if (this.stopped) break;
        failures++;
        const message = describeImapError(error, this.settings);
        const wait = reconnectDelayMs(failures);
        const next = new Date(Date.now() + wait).toISOString();
        if (this.current.error !== message)
          this.logger.warn('mailbox unavailable', { error: message, retry_at: next });
        this.current = { ...this.current, state: 'error', error: message, next_attempt_at: next };
        // The failed connection's own close is no news: without this the wait ended at once and a mailbox
        // refusing the login was tried hundreds of times a second.
        this.news = false;
        await this.pause(wait);
        continue;
      }
      // The server closed a working connection (a restart, an idle timeout): reconnect soon, a second later
      // (its own close is no news to wake up for).
      this.news = false;
      if (!this.stopped) await this.pause(1_000);
    }
  }

  /** One connection: log in, create the folders, sweep, then sweep again on news until it closes. */
  private async session(): Promise<void> {
    const { ImapFlow } = await import('imapflow');
    const s = this.settings;
    const client = new ImapFlow({
      host: s.host,
      port: s.port,
      secure: s.secure,
      doSTARTTLS: s.secure ? undefined : s.allowPlain ? undefined : true,
      auth: { user: s.user, pass: s.password },
      logger: false,
      // IDLE a second after the last command (the default is 15 s): a sweep's commands come in one burst.
      autoIdleDelay: 1_000,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
    });
    let closed = false;
    // Without a listener an 'error' event would end the process; the loop learns of it through 'close'.
    client.on('error', () => undefined);
    // Only while this connection is the watcher's: a close or message after the session ended (a failed
    // login's close arrives after the error) must not cut the back-off short.
    const wake = () => {
      if (this.client !== client) return;
      this.news = true;
      this.nudge?.();
    };
    client.on('close', () => {
      closed = true;
      wake();
    });
    client.on('exists', wake);
    this.client = client;
    // While connected, the lease is renewed well before it runs out; lost (the database unreachable for a
    // whole lease, another instance took over), the connection closes and this instance goes to standby.
    const renewal = this.lease
      ? setInterval(() => {
          void this.mayRead().then((held) => {
            if (held || this.stopped) return;
            this.logger.warn('mailbox lease lost: another instance reads the mailbox');
            client.close();
          });
        }, this.leaseCheckMs())
      : undefined;
    try {
      await client.connect();
      const existing = new Set((await client.list()).map((m) => m.path));
      for (const folder of [PROCESSED, FAILED]) {
        // A server with a personal namespace (`INBOX.`) lists it under its own path: its "already exists"
        // answer is no failure.
        if (!existing.has(folder)) {
          await client.mailboxCreate(folder).catch((error: { serverResponseCode?: string }) => {
            if (error.serverResponseCode !== 'ALREADYEXISTS') throw error;
          });
        }
      }
      await client.mailboxOpen(s.mailbox);
      if (this.current.state !== 'ok') this.logger.info('mailbox connected', { folder: s.mailbox });
      this.current = { ...this.current, state: 'ok', error: null, next_attempt_at: null };
      while (!this.stopped && !closed) {
        this.news = false;
        const problem = await this.run.sweep(client);
        if (problem !== null && this.current.error !== problem)
          this.logger.warn('mailbox not read', { error: problem });
        this.current = problem
          ? { ...this.current, state: 'error', error: problem }
          : { ...this.current, state: 'ok', error: null, last_checked_at: new Date().toISOString() };
        await this.pause(s.pollSeconds * 1000);
      }
    } finally {
      clearInterval(renewal);
      this.client = null;
      if (!closed && !this.stopped) client.close();
    }
  }

  /** How often the lease is renewed (holding) or looked at (standby): a third of its length. */
  private leaseCheckMs(): number {
    return Math.max(100, Math.floor((this.lease?.ttlMs ?? 60_000) / 3));
  }

  /** Waits `ms`, or less when a message arrives, the connection closes or the watcher stops. */
  private pause(ms: number): Promise<void> {
    if (this.stopped || this.news) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.nudge = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.nudge = done;
    });
  }
}
