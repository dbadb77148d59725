// A real IMAP server for tests: Debian's dovecot started in the foreground (`-F`) with a throw-away config
// (`-c`), on a free loopback port, one static user whose mail lives in a temp dir. No systemd, no /etc.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { ImapFlow } from 'imapflow';
import { tempDir } from './harness';
import { freePort, systemUser } from './local-services';

export const DOVECOT = '/usr/sbin/dovecot';
export const hasDovecot = existsSync(DOVECOT);

export class TestDovecot {
  readonly user = 'einvoices';
  readonly password = 'mail-secret-7f3a';
  private constructor(
    readonly port: number,
    readonly dir: string,
    private process: Subprocess,
  ) {}

  /**
   * As root, dovecot's login and mail processes may not run as root: they run as the package's `dovenull`
   * and `dovecot` users (the mail dir is handed to the latter); as anyone else, as that user.
   */
  static async start(): Promise<TestDovecot> {
    const dir = tempDir('inv-imap-');
    const port = await freePort();
    const root = process.getuid?.() === 0;
    const me = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const mailUser = root ? (systemUser('dovecot') ?? { uid: 65534, gid: 65534 }) : me;
    const whoami = root ? null : (process.env.USER ?? 'nobody');
    const home = join(dir, 'home');
    mkdirSync(home);
    if (root) {
      // mkdtemp makes the dir 0700: the mail user must be able to pass through it to its home.
      chmodSync(dir, 0o711);
      chownSync(home, mailUser.uid, mailUser.gid);
    }
    const conf = join(dir, 'dovecot.conf');
    writeFileSync(
      conf,
      `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${whoami ?? 'dovecot'}
default_internal_group = ${whoami ? Bun.spawnSync(['id', '-gn']).stdout.toString().trim() : 'dovecot'}
default_login_user = ${whoami ?? 'dovenull'}
first_valid_uid = 0
first_valid_gid = 0
passdb {
  driver = static
  args = password=${'mail-secret-7f3a'}
}
userdb {
  driver = static
  args = uid=${mailUser.uid} gid=${mailUser.gid} home=${home}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
    );
    const server = new TestDovecot(port, dir, TestDovecot.spawn(dir));
    try {
      await server.ready();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  private static spawn(dir: string): Subprocess {
    return Bun.spawn([DOVECOT, '-F', '-c', join(dir, 'dovecot.conf')], { stdout: 'ignore', stderr: 'pipe' });
  }

  private async ready(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      try {
        const client = await this.client();
        await client.logout();
        return;
      } catch {
        await Bun.sleep(50);
      }
    }
    throw new Error(`dovecot did not start: ${this.log().slice(-2000)}`);
  }

  /** Stops the server but keeps its mail and port: connections are refused until resume(). */
  async pause(): Promise<void> {
    this.process.kill('SIGTERM');
    await this.process.exited;
  }

  async resume(): Promise<void> {
    this.process = TestDovecot.spawn(this.dir);
    await this.ready();
  }

  /** IMAP_* settings for startServer({ imap }): plain IMAP on loopback, IDLE offered. */
  env(
    overrides: { password?: string; pollSeconds?: number; allowPlain?: boolean } = {},
  ): Record<string, string> {
    const pass = encodeURIComponent(overrides.password ?? this.password);
    return {
      IMAP_URL: `imap://${this.user}:${pass}@127.0.0.1:${this.port}/INBOX`,
      IMAP_ALLOW_PLAIN: String(overrides.allowPlain ?? true),
      IMAP_POLL_SECONDS: String(overrides.pollSeconds ?? 1),
    };
  }

  /** A logged-in client (the test's own view of the mailbox). */
  async client(): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** Delivers a message into INBOX with IMAP APPEND, as a mail server's delivery would leave it. */
  async deliver(raw: Buffer | string): Promise<void> {
    const client = await this.client();
    try {
      await client.append('INBOX', raw);
    } finally {
      await client.logout();
    }
  }

  /** The messages of a folder: uid, flags and the raw source; [] when the folder does not exist. */
  async messages(folder: string): Promise<{ uid: number; flags: Set<string>; source: string }[]> {
    const client = await this.client();
    try {
      const list = await client.list();
      if (!list.some((m) => m.path === folder)) return [];
      const lock = await client.getMailboxLock(folder);
      try {
        const out: { uid: number; flags: Set<string>; source: string }[] = [];
        const box = client.mailbox;
        if (box && box.exists === 0) return out;
        for await (const m of client.fetch('1:*', { uid: true, flags: true, source: true })) {
          out.push({ uid: m.uid, flags: m.flags ?? new Set(), source: m.source?.toString('utf8') ?? '' });
        }
        return out;
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }

  log(): string {
    const path = join(this.dir, 'dovecot.log');
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  }

  async stop(): Promise<void> {
    await this.pause();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
