import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import type { AttachmentLimits, SkippedPart } from '../../../workers/mail-attachments';
import type { MessageParts } from '../../../workers/mail-message';
import type { MessageReader } from '../../../workers/receive-pool';
import type { LateBounce, LateBounceVerdict } from '../../deliveries';
import { type ReceivedEmail, type ReceivingDeps, receiveDocument, receivedOfBytes } from '../../receiving';
import { readDeliveryStatusReport } from '../dsn';
import { reportReason, reportTypeOf } from '../report';

export interface MessageOutcome {
  /** The message's headers as read; all null when the message itself could not be read. */
  email: ReceivedEmail;
  /** Each e-invoice of the message kept (or found kept already: the same bytes came before). */
  kept: { name: string; id: string; created: boolean }[];
  /** Each part looked at and not kept, with why. */
  refused: SkippedPart[];
  /**
   * A bounce naming deliveries of this account: what it did to each (report.ts, docs/receiving.md). Such a
   * message is done with (Processed), whatever else it carries.
   */
  bounces?: LateBounceVerdict[];
}

/** Records a bounce on the account's deliveries it names (the deliveries module's `recordLateBounce`). */
export type RecordBounce = (ctx: AccountCtx, report: LateBounce) => Promise<LateBounceVerdict[]>;

/** A DomainError's message and its field messages, once each: what a bookkeeper reads in the note. */
function reasonOf(error: DomainError): string {
  const fields = (error.details?.fields as { msg: string }[] | undefined) ?? [];
  return [error.message, ...fields.map((f) => f.msg)].filter((m, i, a) => a.indexOf(m) === i).join(': ');
}

/** Longest name or reason a note or log line repeats (a reason can quote the file, a name is the sender's). */
const MAX_NOTE_TEXT = 300;

/** Control characters out, at most MAX_NOTE_TEXT characters: a file of 10 MiB never becomes the note. */
function bounded(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return clean.length > MAX_NOTE_TEXT ? `${clean.slice(0, MAX_NOTE_TEXT - 1)}…` : clean;
}

/**
 * A PDF the reader refuses for carrying no e-invoice (the terms and conditions, a delivery note, a plain PDF
 * invoice beside its XRechnung), or encrypted (which Factur-X and ZUGFeRD forbid): plainly no e-invoice,
 * passed over (the refusal's `details.reason`). A damaged PDF, or one whose embedded invoice is refused, is a
 * part not taken.
 */
const plainPdf = (error: DomainError) =>
  error.details?.reason === 'no_embedded_invoice' || error.details?.reason === 'encrypted';

const isPdf = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';

/** Refusals that pass by themselves (the disk full, the store or database away): not the file's fault. */
const PASSING = new Set(['insufficient_storage', 'service_unavailable']);

/** Why a report about one of the account's deliveries was not recorded on it. */
const unmatchedReason = (v: LateBounceVerdict) =>
  `a bounce about delivery ${v.deliveryId} (to ${v.to.join(', ')}), but ${v.reason}`;

const UNREAD: ReceivedEmail = { from: null, subject: null, date: null, message_id: null };

/**
 * Takes every e-invoice attached to one e-mail (RFC 5322 bytes) into the account's inbox, with the message's
 * sender, subject, date and Message-ID kept on each. The message is taken apart in a receive worker under
 * the attachment caps (`readMessage`); a message that worker cannot read within its time or memory limit is
 * refused as a whole, with why. A file that is no e-invoice is an outcome, not a throw; what throws is the
 * service's own trouble (storage, database), and the message is then tried again.
 */
export async function receiveMessage({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: ReceivingDeps & { blobs: BlobStore; readMessage: MessageReader; recordBounce: RecordBounce };
  input: { raw: Uint8Array; limits: AttachmentLimits };
}): Promise<MessageOutcome> {
  const report = reportTypeOf(input.raw);
  // A bounce of one of the account's own deliveries marks it (before the worker reads the message: a
  // returned mail the worker cannot read is still a bounce). Recorded before the message moves on, and
  // idempotent, so a crash in between reads it again harmlessly.
  const dsn = report === 'delivery-status' ? readDeliveryStatusReport(input.raw) : null;
  const verdicts = dsn && dsn.messageIds.length > 0 ? await deps.recordBounce(ctx, dsn) : [];
  // A report that names a delivery but none of its addresses changed nothing (anyone holding the mail can
  // write one): not done with, it stays a bounce like any other, in Failed, its note saying so.
  const bounces = verdicts.some((v) => v.outcome !== 'unmatched') ? verdicts : [];
  const unmatched = bounces.length === 0 ? verdicts : [];
  let parts: MessageParts;
  try {
    parts = await deps.readMessage(input.raw, input.limits, ctx.accountId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const refused = [{ name: 'the message', reason: bounded(reasonOf(error)) }];
    return { email: UNREAD, kept: [], refused, ...(bounces.length > 0 && { bounces }) };
  }
  const { email, files, skipped } = parts;
  if (bounces.length > 0) return { email, kept: [], refused: [], bounces };
  // A bounce returns the firm's own mail, its invoice attached: named, not taken (report.ts).
  if (report !== null) {
    const reason = [...unmatched.map(unmatchedReason), reportReason(report)].join('; ');
    return { email, kept: [], refused: [{ name: 'the message', reason: bounded(reason) }] };
  }
  const kept: MessageOutcome['kept'] = [];
  const refused = [...skipped];
  for (const file of files) {
    try {
      const { file: received, original } = receivedOfBytes(file.bytes);
      const { row, created } = await receiveDocument({
        ctx,
        deps,
        input: { file: received, original, source: { kind: 'email', fileName: file.name, email } },
      });
      kept.push({ name: bounded(file.name), id: row.id, created });
    } catch (error) {
      // A full disk or a store away is no refusal of the file: the message stays and is tried again.
      if (!(error instanceof DomainError) || PASSING.has(error.code)) throw error;
      const plain = isPdf(file.bytes) && plainPdf(error);
      refused.push({ name: file.name, reason: reasonOf(error), ...(plain && { passedOver: true }) });
    }
  }
  return {
    email,
    kept,
    refused: refused.map((r) => ({ ...r, name: bounded(r.name), reason: bounded(r.reason) })),
  };
}
