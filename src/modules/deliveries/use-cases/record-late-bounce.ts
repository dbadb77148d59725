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
  /**
   * `bounced`: now bounced; `noted`: a copy did not arrive, named, still sent; `unmatched`: the report names
   * none of the delivery's own addresses, so it is not taken as about them; else left as it was.
   */
  outcome: 'bounced' | 'noted' | 'delayed' | 'unchanged' | 'unmatched';
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

/**
 * Whether a delivery's reason already names `address` as one the mail did not reach: `a@x: 550 …` (a
 * refusal at send time, a bounce) or `a@x (at fwd@y): 550 …` (a bounce reported at a forward of it), the
 * two forms `entryOf` writes.
 */
const named = (reason: string, address: string) =>
  new RegExp(`(^|[\\s;<,])${escapeRegExp(address)}>?(?: \\(at [^()\\s]*\\))?:`, 'i').test(reason);

type Reported = LateBounce['recipients'][number];

/** A reported address as written into `(at …)`: the report's own text, so nothing that would end it. */
const plainAddress = (address: string) =>
  /^[^\s()<>;,:]{1,254}$/.test(address) ? address : 'another address';

/**
 * The delivery's own address a report's recipient is about: its Original-Recipient (the address the mail was
 * sent to, when the firm's server passed it on) or its Final-Recipient, compared case-insensitively; null
 * when it names neither. A report is read as it comes (anyone holding the mail can write one), so a
 * recipient that is none of the delivery's addresses is about nothing of it.
 */
function ownAddress(recipients: string[], r: Reported): string | null {
  const lower = (a: string) => a.toLowerCase();
  const reported = [r.original, r.address].filter((a): a is string => a !== null).map(lower);
  return recipients.find((a) => reported.includes(lower(a))) ?? null;
}

/** `kunde@x.example: 5.1.1 550 no such user`, the reported address added when it is another (a forward). */
function entryOf(who: string, r: Reported): { who: string; text: string } {
  const diagnostic = r.diagnostic ?? 'refused';
  const answer = r.status && !diagnostic.includes(r.status) ? `${r.status} ${diagnostic}` : diagnostic;
  const at = who.toLowerCase() === r.address.toLowerCase() ? '' : ` (at ${plainAddress(r.address)})`;
  return { who, text: `${who}${at}: ${answer}` };
}

/** The report's recipients that are the delivery's own, each with the address it is about. */
function ownRecipients(recipients: string[], report: LateBounce): { who: string; r: Reported }[] {
  return report.recipients.flatMap((r) => {
    const who = ownAddress(recipients, r);
    return who === null ? [] : [{ who, r }];
  });
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
    const recipients = [...row.to, ...row.cc, ...row.bcc];
    const own = ownRecipients(recipients, report);
    if (own.length === 0) {
      const reported = report.recipients.map((r) => plainAddress(r.address)).join(', ') || 'none';
      return {
        outcome: 'unmatched',
        status: row.status,
        reason: `the report names none of its recipients (it names: ${reported}): left as it is`,
      };
    }
    if (row.status === 'bounced' || row.status === 'failed')
      return unchanged(`it is ${row.status} already: left as it is`);
    if (row.status === 'queued')
      return unchanged('it is still queued (the service will send it): left as it is');
    const final = own.filter((o) => isFinal(o.r));
    if (final.length === 0) {
      const delayed = own.filter((o) => isDelayed(o.r)).map((o) => entryOf(o.who, o.r).text);
      if (delayed.length === 0) return unchanged('the report names no recipient the mail did not reach');
      return {
        outcome: 'delayed',
        status: row.status,
        reason: `delayed, the mail server keeps trying (it stays ${row.status}; a bounce follows if it gives up): ${delayed.join('; ')}`,
      };
    }
    const before = row.errorMessage ?? '';
    const entries = final.map((o) => entryOf(o.who, o.r));
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
 * or still `queued`, is left as it is; a 4.x.x "delayed" notice changes nothing. Only the report's
 * recipients that are the delivery's own addresses count; a report naming none of them is `unmatched` and
 * changes nothing (what a forged one can still do: docs/deliveries.md).
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
