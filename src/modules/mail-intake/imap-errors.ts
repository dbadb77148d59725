import type { ImapSettings } from '../../config';
import { redactorOf } from '../deliveries';

/**
 * One line saying why the mailbox cannot be used, for /ready and the log: never the password, whatever the
 * library or the server put into its message (as it is, escaped, or inside AUTH PLAIN's base64: the one
 * redaction of the deliveries' SMTP and the channels').
 */
export function describeImapError(error: unknown, settings: ImapSettings): string {
  const e = (error ?? {}) as {
    authenticationFailed?: boolean;
    responseText?: string;
    code?: string;
    message?: string;
  };
  const where = `${settings.host}:${settings.port}`;
  let text: string;
  if (e.authenticationFailed)
    text = `login refused by ${where}${e.responseText ? `: ${e.responseText}` : ''}`;
  else if (e.code === 'ECONNREFUSED') text = `connection refused by ${where}`;
  else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') text = `host not found: ${settings.host}`;
  else if (/STARTTLS/i.test(e.message ?? '') || e.code === 'StartTLSRequired' || e.code === 'NoStartTLS')
    text = `${where} offers no STARTTLS: use imaps://, or set IMAP_ALLOW_PLAIN=true to send the password unencrypted`;
  else if (e.responseText && /NONEXISTENT|doesn't exist|does not exist/i.test(e.responseText))
    text = `no folder "${settings.mailbox}" at ${where}`;
  else text = `${where}: ${e.responseText ?? e.message ?? String(error)}`;
  return settings.password === '' ? text : redactorOf([settings.password], { short: true })(text);
}
