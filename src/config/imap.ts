import { ConfigError, type Parse } from './parse';

/** A mailbox to poll, read from IMAP_URL (never logged: it holds the password). */
export interface ImapSettings {
  host: string;
  port: number;
  /** imaps:// (TLS from the first byte); otherwise STARTTLS, required unless `allowPlain`. */
  secure: boolean;
  /** IMAP_ALLOW_PLAIN: an imap:// server that offers no STARTTLS is used unencrypted. */
  allowPlain: boolean;
  user: string;
  password: string;
  /** The folder new messages arrive in (the URL's path; INBOX when none). */
  mailbox: string;
  /** IMAP_ACCOUNT: whose inbox it feeds; null = the only account of the data dir. */
  accountId: string | null;
  /** IMAP_POLL_SECONDS: how often the folder is looked at besides IDLE's news. */
  pollSeconds: number;
}

/** What IMAP_URL itself says; its companion settings fill in the rest. */
export type ImapServer = Omit<ImapSettings, 'allowPlain' | 'accountId' | 'pollSeconds'>;

/** IMAP_URL: `imaps://user:password@host:993/INBOX`; the value is never echoed (it holds a password). */
export const imapServer: Parse<ImapServer> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('IMAP_URL must look like imaps://user:password@host:993/INBOX (not a valid URL)');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') {
    throw new ConfigError(`IMAP_URL must use imaps:// or imap:// (STARTTLS), got "${url.protocol}"`);
  }
  if (url.username === '' || url.password === '' || url.hostname === '') {
    throw new ConfigError(
      'IMAP_URL must name a host, a user and a password (imaps://user:password@host/INBOX)',
    );
  }
  const secure = url.protocol === 'imaps:';
  const folder = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 993 : 143) : Number(url.port),
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: folder === '' ? 'INBOX' : folder,
  };
};
