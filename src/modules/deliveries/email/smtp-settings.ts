/**
 * What SMTP_URL says, read once. The URL carries credentials, so nothing here returns it whole: the
 * transport gets it, and every text that leaves this module (stored reasons, logs, responses) goes through
 * `redact` first.
 */
export interface SmtpSettings {
  /** SMTP_URL without our own `from` parameter; nodemailer reads host, port, TLS, auth and options. */
  transportUrl: string;
  /** The sender address: `?from=`, else the SMTP user name when it is an address; null = not configured. */
  from: string | null;
  /** The text with the password (and the URL itself) replaced by `***`. */
  redact(text: string): string;
}

const REDACTED = '***';

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
  const user = decode(url.username);
  const from = explicitFrom?.trim() || (user.includes('@') ? user : null);
  // Longest first, so a decoded password that contains the encoded one is not left half-visible.
  const secrets = [raw, url.toString(), url.password, decode(url.password)]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
  return {
    transportUrl: url.toString(),
    from: from && !/[\r\n]/.test(from) ? from : null,
    redact: (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text),
  };
}
