import type { Logger } from '../../shared/logger';
import { readSmtpUrl, sendEmail } from '../deliveries';
import { LINK_TTL_MS } from './links';

/**
 * Sends an invitation's link to the invited address, when SMTP_URL is set. Sent during the request and
 * never queued: the link's token must not be stored anywhere but as its digest, and the inviter sees the
 * link anyway (and whether it went out) to pass on by hand. Answers whether the server took the message.
 */
export async function emailInvitation(
  smtpUrl: string | null,
  logger: Logger,
  message: { to: string; accountName: string; workspaceName: string; url: string; invitationId: string },
): Promise<boolean> {
  if (smtpUrl === null) return false;
  const settings = readSmtpUrl(smtpUrl);
  if (settings.from === null) return false;
  const days = LINK_TTL_MS / 86_400_000;
  const text = [
    `You are invited to ${message.workspaceName} (${message.accountName}) on invoice-service.`,
    `Open this link to choose your name and password (it works once, for ${days} days):`,
    '',
    message.url,
    '',
    `Sie wurden zu ${message.workspaceName} (${message.accountName}) eingeladen.`,
    `Über diesen Link legen Sie Namen und Passwort fest (einmal gültig, ${days} Tage):`,
    '',
    message.url,
  ].join('\n');
  try {
    await sendEmail(
      settings,
      {
        from: settings.from,
        replyTo: null,
        to: [message.to],
        cc: [],
        bcc: [],
        subject: `Invitation to ${message.workspaceName} / Einladung`,
        text,
        messageId: `<${message.invitationId}@invoice-service>`,
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
