import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it: the SMTP envelope, the raw bytes, and mailparser's reading. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpOptions {
  /** Require this login (AUTH PLAIN/LOGIN over plain text, as a local relay might). */
  auth?: { user: string; pass: string };
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server (smtp-server) on 127.0.0.1, port chosen by the OS and kept across stop/restart, that
 * collects what it receives. It can refuse recipients with a 5xx or 4xx, refuse connections at the
 * greeting, or be stopped outright (connection refused).
 */
export class TestSmtp {
  readonly messages: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  private readonly rejected = new Map<string, number>();
  private refuseCode: number | null = null;
  private held: { arrived(): void; gate: Promise<void> } | null = null;

  private constructor(private readonly options: TestSmtpOptions) {}

  static async start(options: TestSmtpOptions = {}): Promise<TestSmtp> {
    const smtp = new TestSmtp(options);
    await smtp.listen(0);
    return smtp;
  }

  /** `smtp://[user:pass@]127.0.0.1:<port>?from=...` for startServer({ smtpUrl }). */
  url(params: { from?: string; user?: string; pass?: string } = {}): string {
    const login = params.user
      ? `${encodeURIComponent(params.user)}:${encodeURIComponent(params.pass ?? '')}@`
      : '';
    const query = params.from ? `?from=${encodeURIComponent(params.from)}` : '';
    return `smtp://${login}127.0.0.1:${this.port}${query}`;
  }

  /** RCPT TO for this address is answered `<code> mailbox unavailable`. */
  rejectRecipient(address: string, code = 550): void {
    this.rejected.set(address.toLowerCase(), code);
  }

  /** RCPT TO for this address is taken again. */
  acceptRecipient(address: string): void {
    this.rejected.delete(address.toLowerCase());
  }

  /** Every new connection gets `<code>` instead of a greeting and is closed; null = accept again. */
  refuseConnections(code: number | null = 421): void {
    this.refuseCode = code;
  }

  /**
   * The next message is taken in but its 250 waits for `release()`: the sender is mid-send until then.
   * `arrived` settles once that message's data is in.
   */
  holdNext(): { arrived: Promise<void>; release(): void } {
    let arrived = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held = { arrived, gate };
    return { arrived: reached, release };
  }

  /** Closes the listener: connections are refused until restart(). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port (nothing to do when it is listening). */
  async restart(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  private listen(port: number): Promise<void> {
    const auth = this.options.auth;
    const server = new SMTPServer({
      logger: false,
      secure: false,
      disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !auth,
      allowInsecureAuth: true,
      closeTimeout: 1_000,
      onAuth: (login, _session, callback) => {
        if (auth && login.username === auth.user && login.password === auth.pass) {
          callback(null, { user: login.username });
        } else {
          callback(smtpError(535, 'Authentication credentials invalid'));
        }
      },
      onConnect: (_session, callback) => {
        callback(this.refuseCode ? smtpError(this.refuseCode, 'Service not available, try later') : null);
      },
      onRcptTo: (address, _session, callback) => {
        const code = this.rejected.get(address.address.toLowerCase());
        callback(code ? smtpError(code, `<${address.address}>: mailbox unavailable`) : null);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks);
          // Stored before the 250 goes out, so whoever awaited the send can read it at once.
          this.messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed: await simpleParser(raw),
          });
          const held = this.held;
          this.held = null;
          if (held) {
            held.arrived();
            await held.gate;
          }
          callback();
        });
      },
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      const listener = server.listen(port, '127.0.0.1', () => {
        const address = listener.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve();
      });
      listener.once('error', reject);
    });
  }
}
