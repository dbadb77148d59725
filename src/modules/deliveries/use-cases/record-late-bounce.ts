import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { shorten } from '../email/smtp-outcome';
import { readSmtpUrl } from '../email/smtp-settings';
import { findDelivery, noteLateBounce } from '../repo';
import type { DeliveryRow, DeliveryStatus } from '../schema';
import { deliveryMessageId, LEGACY_MESSAGE_ID_DOMAIN } from './build-delivery-email';

/**
 * A delivery status notification that came back after the mail server took the mail (the firm's relay
 * accepted it, the customer's server refused it later): what it says, as mail intake read it (RFC 3464).
 */
export interface LateBounce {
  /** The Message-IDs it names for the mail it returns (its returned headers, its status fields). */
  messageIds: string[];
  recipients: {
    address: string;
    original: string | null;
    action: string;
    status: string | null;
    diagnostic: string | null;
  }[];
  reportingMta: string | null;
}

/** What the report did to one delivery of the account, for the note beside it in the mailbox. */
export interface LateBounceVerdict {
  deliveryId: string;
  documentId: string;
  subject: string;
  to: string[];
  /** `bounced`: now bounced; `noted`: a copy did not arrive, named, still sent; else left as it was. */
  outcome: 'bounced' | 'noted' | 'delayed' | 'unchanged';
  /** The delivery's status after. */
  status: DeliveryStatus;
  /** Why, in a sentence. */
  reason: string;
}

const ID = /^<(dlv_[0-9a-z]{10,40})@([^<>@\s]+)>$/i;

/**
 * The account's deliveries a report is about: a Message-ID `<dlv_…@domain>` whose delivery is this
 * account's and was sent with exactly that Message-ID (the one stored when it went out; before one was
 * stored, the one it would have had: the old `@invoice-service` or the sender's domain). Another account's
 * delivery is not found (every read is scoped to the account); a made-up domain does not match.
 */
async function deliveriesNamed(ctx: AccountCtx, messageIds: string[], from: string | null) {
  const found = new Map<string, DeliveryRow>();
  for (const messageId of messageIds) {
    const match = ID.exec(messageId);
    if (!match?.[1] || !match[2]) continue;
    const id = match[1].toLowerCase();
    if (found.has(id)) continue;
    const row = await findDelivery(ctx.db, ctx.accountId, id);
    if (!row) continue;
    const wanted = messageId.toLowerCase();
    const ours = row.messageId
      ? row.messageId.toLowerCase() === wanted
      : [`<${id}@${LEGACY_MESSAGE_ID_DOMAIN}>`, deliveryMessageId(id, from).toLowerCase()].includes(wanted);
    if (ours) found.set(id, row);
  }
  return [...found.values()];
}

const KNOWN_ACTIONS = new Set(['failed', 'delayed', 'delivered', 'relayed', 'expanded']);

/**
 * A recipient the mail will never reach: `Action: failed` (a 5.x.x refusal, or a 4.x.x one the server gave
 * up on when the message expired in its queue), or no known action and a 5.x.x status. A `delayed` one
 * (4.x.x, still trying) is only noted.
 */
const isFinal = (r: LateBounce['recipients'][number]) =>
  r.action === 'failed' || (!KNOWN_ACTIONS.has(r.action) && r.status?.startsWith('5') === true);
const isDelayed = (r: LateBounce['recipients'][number]) =>
  r.action === 'delayed' || (!KNOWN_ACTIONS.has(r.action) && r.status?.startsWith('4') === true);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a delivery's reason already names `address` as one the mail did not reach (`a@x: 550 …`). */
const named = (reason: string, address: string) =>
  new RegExp(`(^|[\\s;<,])${escapeRegExp(address)}>?:`, 'i').test(reason);

/** `kunde@x.example: 5.1.1 550 no such user`, the reported address added when it is another. */
function entryOf(recipients: string[], r: LateBounce['recipients'][number]): { who: string; text: string } {
  const lower = (a: string) => a.toLowerCase();
  const who =
    recipients.find((a) => lower(a) === lower(r.original ?? '') || lower(a) === lower(r.address)) ??
    // A single recipient's server refusing the mail at another address (a forward, an alias) is about it.
    (recipients.length === 1 && recipients[0] ? recipients[0] : r.address);
  const diagnostic = r.diagnostic ?? 'refused';
  const answer = r.status && !diagnostic.includes(r.status) ? `${r.status} ${diagnostic}` : diagnostic;
  const at = lower(who) === lower(r.address) ? '' : ` (at ${r.address})`;
  return { who, text: `${who}${at}: ${answer}` };
}

async function judge(
  ctx: AccountCtx,
  id: string,
  report: LateBounce,
): Promise<Omit<LateBounceVerdict, 'deliveryId' | 'documentId' | 'subject' | 'to'>> {
  return await inTransaction(ctx, async (tx) => {
    const row = await findDelivery(tx.db, ctx.accountId, id);
    if (!row) return { outcome: 'unchanged', status: 'failed', reason: 'the delivery is gone' };
    const unchanged = (reason: string) => ({ outcome: 'unchanged' as const, status: row.status, reason });
    if (row.status === 'bounced' || row.status === 'failed')
      return unchanged(`it is ${row.status} already: left as it is`);
    if (row.status === 'queued')
      return unchanged('it is still queued (the service will send it): left as it is');
    const recipients = [...row.to, ...row.cc, ...row.bcc];
    const final = report.recipients.filter(isFinal);
    if (final.length === 0) {
      const delayed = report.recipients.filter(isDelayed).map((r) => entryOf(recipients, r).text);
      if (delayed.length === 0) return unchanged('the report names no recipient the mail did not reach');
      return {
        outcome: 'delayed',
        status: row.status,
        reason: `delayed, the mail server keeps trying (it stays ${row.status}; a bounce follows if it gives up): ${delayed.join('; ')}`,
      };
    }
    const before = row.errorMessage ?? '';
    const entries = final.map((r) => entryOf(recipients, r));
    const fresh = entries.filter(
      (e, i) => !named(before, e.who) && entries.findIndex((x) => x.who === e.who) === i,
    );
    const reason = fresh.length
      ? `bounced after it was sent${report.reportingMta ? ` (reported by ${report.reportingMta})` : ''}: ${fresh.map((e) => e.text).join('; ')}`
      : '';
    const all = `${reason} ${before}`;
    // As at send time: bounced when the mail reached none of its addressees (`to`); a copy (cc, bcc) that
    // did not arrive is named, the delivery stays sent.
    const status: DeliveryStatus = row.to.every((a) => named(all, a)) ? 'bounced' : row.status;
    if (fresh.length === 0 && status === row.status)
      return unchanged(`the recipients it names are recorded already (it stays ${row.status})`);
    const errorMessage = shorten([reason, before].filter((s) => s !== '').join('; '));
    const moved = await noteLateBounce(
      tx.db,
      ctx.accountId,
      id,
      row,
      { status, errorMessage },
      isoNow(ctx.clock),
    );
    if (!moved) return unchanged('it changed meanwhile: left as it is');
    return {
      outcome: status === 'bounced' ? 'bounced' : 'noted',
      status,
      reason: errorMessage,
    };
  });
}

/**
 * Records a bounce that came back after sending on the account's deliveries it names, as a 5xx at send time
 * would have: `bounced` with the recipients and the remote server's answer in `error_message` (`sent_at`
 * and the document's status stay: the mail did go out). Idempotent: the same report again finds the
 * delivery bounced, or its recipients named, and changes nothing. A delivery `bounced` or `failed` already,
 * or still `queued`, is left as it is; a 4.x.x "delayed" notice changes nothing.
 */
export async function recordLateBounce({
  ctx,
  smtpUrl,
  input,
}: {
  ctx: AccountCtx;
  smtpUrl: string | null;
  input: LateBounce;
}): Promise<LateBounceVerdict[]> {
  let from: string | null = null;
  try {
    from = smtpUrl ? readSmtpUrl(smtpUrl).from : null;
  } catch {
    from = null;
  }
  const verdicts: LateBounceVerdict[] = [];
  for (const row of await deliveriesNamed(ctx, input.messageIds, from)) {
    const verdict = await judge(ctx, row.id, input);
    verdicts.push({
      deliveryId: row.id,
      documentId: row.documentId,
      subject: row.subject,
      to: row.to,
      ...verdict,
    });
  }
  return verdicts;
}
