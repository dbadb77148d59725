import type { Logger } from '../../shared/logger';
import { messageIdDomain, readSmtpUrl, sendEmail } from '../deliveries';
import { LINK_TTL_MS } from './links';

export type InvitationLanguage = 'de' | 'en';

/** The body's `language`, else the request's first Accept-Language tag when it is German, else English. */
export function invitationLanguage(
  chosen: string | undefined,
  acceptLanguage: string | null,
): InvitationLanguage {
  if (chosen === 'de' || chosen === 'en') return chosen;
  return /^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en';
}

/**
 * Sends an invitation's link to the invited address, when SMTP_URL is set. Sent during the request and
 * never queued: the link's token must not be stored anywhere but as its digest, and the inviter sees the
 * link anyway (and whether it went out) to pass on by hand. Answers whether the server took the message.
 */
export async function emailInvitation(
  smtpUrl: string | null,
  logger: Logger,
  message: {
    to: string;
    /** The invited person's name as the inviter gave it (greets them); null: not given. */
    name?: string | null;
    accountName: string;
    workspaceName: string;
    url: string;
    invitationId: string;
    /** The inviter's language: its text first, the other one below (the invited person's is unknown). */
    language: InvitationLanguage;
  },
): Promise<boolean> {
  if (smtpUrl === null) return false;
  const settings = readSmtpUrl(smtpUrl);
  if (settings.from === null) return false;
  const days = LINK_TTL_MS / 86_400_000;
  // The account's name in brackets only when the workspace has another ("Elektro Berger GmbH (Elektro Berger
  // GmbH)" when a firm's one workspace bears its name).
  const sameName =
    message.workspaceName.trim().toLowerCase() === message.accountName.trim().toLowerCase() ||
    message.accountName.trim() === '';
  const where = sameName ? message.workspaceName : `${message.workspaceName} (${message.accountName})`;
  const name = message.name?.trim() ?? '';
  const english = [
    ...(name ? [`Hello ${name},`, ''] : []),
    `You are invited to ${where} on invoice-service.`,
    `Open this link to choose your name and password (it works once, for ${days} days):`,
    '',
    message.url,
  ];
  const german = [
    ...(name ? [`Guten Tag ${name},`, ''] : []),
    `Sie wurden zu ${where} eingeladen.`,
    `Über diesen Link legen Sie Namen und Passwort fest (einmal gültig, ${days} Tage):`,
    '',
    message.url,
  ];
  const [first, second] = message.language === 'de' ? [german, english] : [english, german];
  const text = [...first, '', '--', '', ...second].join('\n');
  const subject =
    message.language === 'de'
      ? `Einladung zu ${message.workspaceName} / Invitation`
      : `Invitation to ${message.workspaceName} / Einladung`;
  try {
    await sendEmail(
      settings,
      {
        from: settings.from,
        replyTo: null,
        to: [message.to],
        cc: [],
        bcc: [],
        subject,
        text,
        messageId: `<${message.invitationId}@${messageIdDomain(settings.from)}>`,
        attachments: [],
      },
      AbortSignal.timeout(15_000),
    );
    return true;
  } catch (error) {
    logger.warn('invitation email not sent', {
      invitation_id: message.invitationId,
      error: settings.redact(String(error)),
    });
    return false;
  }
}
