// What a dunning level's letter is called, as the dunning policy's subject calls it ("Zahlungserinnerung
// {number}" is the "Zahlungserinnerung"), and how its e-mail stands; pure, so a unit test reads it.
import type { Delivery, DunningLevel } from '../../api-types';
import { t } from '../../i18n';

/**
 * A level's name: its subject up to the first placeholder the service fills per invoice ("1. Mahnung
 * {number}" is "1. Mahnung", "Letzte Mahnung: {number} vom {issue_date}" "Letzte Mahnung"); a subject that
 * starts with one, without them; else "Level 2" (only placeholders, or the policy has no such level).
 */
export function letterName(level: DunningLevel | undefined, number: number): string {
  const subject = level?.subject ?? '';
  const tidy = (text: string) =>
    text
      .replace(/\s+/g, ' ')
      .replace(/[\s:;,–—-]+$/, '')
      .replace(/^[\s:;,–—-]+/, '')
      .trim();
  const name = tidy(subject.split('{')[0] ?? '') || tidy(subject.replace(/\{[^}]*\}/g, ' '));
  return name || t('Level {level}', { level: number });
}

/** Whether a reminder's e-mail went out, in words; null when the console did not find its delivery. */
export function letterMailState(delivery: Pick<Delivery, 'status'> | undefined): string | null {
  if (!delivery) return null;
  const words: Record<Delivery['status'], string> = {
    queued: 'e-mail waiting to be sent',
    sent: 'e-mail sent',
    delivered: 'e-mail delivered',
    bounced: 'e-mail bounced',
    failed: 'e-mail failed',
  };
  return t(words[delivery.status]);
}
