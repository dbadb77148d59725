/**
 * What SMTP_URL says, read once. The URL carries credentials, so nothing here returns it whole: the
 * transport gets it, and every text that leaves this module (stored reasons, logs, responses) goes through
 * `redact` first.
 */
import { type Redact, redactorOf } from '../redact';

export interface SmtpSettings {
  /** SMTP_URL without our own `from` parameter; nodemailer reads host, port, TLS, auth and options. */
  transportUrl: string;
  /** The sender address: `?from=`, else the SMTP user name when it is an address; null = not configured. */
  from: string | null;
  /** The text with the password (and the URL itself) replaced by `***`, in any form (../redact.ts). */
  redact: Redact;
}

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

export function readSmtpUrl(raw: string): SmtpSettings {
  const url = new URL(raw);
  const explicitFrom = url.searchParams.get('from');
  url.searchParams.delete('from');
  // `smtp://` to a server that offers no STARTTLS would send the password in clear: beyond this host, TLS is
  // required unless the URL says `requireTLS=false` itself (docs/deliveries.md). smtps:// is TLS already.
  if (url.protocol === 'smtp:' && !isLoopback(url.hostname) && !url.searchParams.has('requireTLS')) {
    url.searchParams.set('requireTLS', 'true');
  }
  const user = decode(url.username);
  const from = explicitFrom?.trim() || (user.includes('@') ? user : null);
  return {
    transportUrl: url.toString(),
    from: from && !/[\r\n]/.test(from) ? from : null,
    redact: redactorOf([raw, url.toString(), url.password, decode(url.password)], { short: true }),
  };
}

/** 127.0.0.0/8, ::1 and localhost: a relay on this host, where a password never crosses a network. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
