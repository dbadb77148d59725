import type { DbOrTx } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { add, dec, isZero, toFixedString } from '../../../domain/money';
import type { Party } from '../../../domain/party';
import { makeFormatter } from '../../../rendering/format';
import { type Language, languageOf } from '../../../rendering/labels';
import type { ReminderLetter } from '../../../rendering/types';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { addDays } from '../../../shared/dates';
import { conflict, DomainError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findAccountWithPlan } from '../../accounts';
import { findBusinessProfile, sellerToday } from '../../business-profiles';
import { findCustomer } from '../../customers';
import {
  deliveriesOfLetter,
  einvoiceToAttach,
  emailLocale,
  queueDelivery,
  type RenderLink,
} from '../../deliveries';
import { type DocumentRow, daysOverdue, minorUnitsOf, paymentFigures, readDocument } from '../../documents';
import {
  latestRenderOf,
  type RenderRow,
  type RenderServices,
  renderStoredDocument,
  storedPdfInput,
} from '../../renders';
import type { SendReminderBody } from '../model';
import { DEFAULT_LEVELS_EN, fillPlaceholders, PAY_WITHIN_DAYS, placeholderProblem } from '../policy';
import { deleteReminder, insertReminder, remindersOf } from '../repo';
import { salutationOf } from '../salutation';
import type { ReminderRow } from '../schema';
import { textLanguage } from '../text-language';
import { readPolicy } from './policy';
import { remindableDocument } from './remindable';

export interface ReminderServices {
  renders: RenderServices;
  link: RenderLink;
}

/** The next level after the highest one sent (1 when none was). */
export function nextLevel(sent: readonly ReminderRow[]): number {
  return Math.max(0, ...sent.map((r) => r.level)) + 1;
}

/**
 * A document's reminders split by whether their letter reached anyone: one whose e-mail bounced or failed
 * for good (a mistyped address) does not count for the next level, and its level may be sent again (to a
 * corrected address), replacing it; the customer never got it, nor its fee.
 */
export async function remindersReached(
  ctx: AccountCtx,
  documentId: string,
): Promise<{ counted: ReminderRow[]; undelivered: Map<number, ReminderRow> }> {
  const counted: ReminderRow[] = [];
  const undelivered = new Map<number, ReminderRow>();
  for (const reminder of await remindersOf(ctx.db, ctx.accountId, documentId)) {
    if (await neverArrived(ctx, reminder)) undelivered.set(reminder.level, reminder);
    else counted.push(reminder);
  }
  return { counted, undelivered };
}

/**
 * Whether every e-mail carrying the reminder's letter (its first and any retry, which copies the letter)
 * bounced or failed for good: one still queued, sent or delivered means it is on its way or arrived.
 */
async function neverArrived(ctx: AccountCtx, reminder: ReminderRow): Promise<boolean> {
  const carriers = await deliveriesOfLetter(ctx.db, ctx.accountId, reminder.letterBlobKey);
  return carriers.length > 0 && carriers.every((d) => d.status === 'bounced' || d.status === 'failed');
}

/** Whether the reminder's letter bounced at `address` (the daily job sends it there no more). */
export async function bouncedAt(ctx: AccountCtx, reminder: ReminderRow, address: string): Promise<boolean> {
  const carriers = await deliveriesOfLetter(ctx.db, ctx.accountId, reminder.letterBlobKey);
  const wanted = address.trim().toLowerCase();
  return carriers.some(
    (d) => d.status === 'bounced' && d.to.some((to) => to.trim().toLowerCase() === wanted),
  );
}

/** The customer's address, else the invoice's buyer's: where a reminder goes when the caller names none. */
export async function defaultRecipient(ctx: AccountCtx, document: DocumentRow): Promise<string | null> {
  const customer = await findCustomer(ctx.db, ctx.accountId, document.customerId);
  const buyer = (await readDocument(ctx, document)).data.buyer as Party | undefined;
  return customer?.email?.trim() || buyer?.email?.trim() || null;
}

/**
 * The language of the letter's text, which its `{salutation}` greets in: the defaults' own (English or
 * German, whatever the invoice's language), else the language a saved policy's or a one-off text is written
 * in (text-language.ts), else the invoice's when its words do not tell.
 */
function greetingLanguage(message: string, defaults: boolean, documentLanguage: Language): Language {
  if (defaults) return DEFAULT_LEVELS_EN.some((level) => level.message === message) ? 'en' : 'de';
  return textLanguage(message) ?? documentLanguage;
}

interface Plan {
  document: DocumentRow;
  level: number;
  /** The reminder of this level whose letter never arrived: replaced by this one. */
  replaces: ReminderRow | null;
  letter: ReminderLetter;
  to: string[];
  locale: string;
}

/** Everything decided before drawing: the level, the figures and the filled words (throws 409/422). */
async function planReminder(ctx: AccountCtx, documentId: string, body: SendReminderBody): Promise<Plan> {
  // A one-off text is checked as the policy's are: `{Rechnungsnummer}` would be mailed as it is.
  const unknown = body.message === undefined ? null : placeholderProblem(body.message, 'body.message');
  if (unknown) throw validationError([unknown]);
  const document = await remindableDocument(ctx, documentId);
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, document.businessProfileId);
  const locale = emailLocale(document.locale, profile?.defaultLocale);
  const policy = await readPolicy(ctx, languageOf(locale));
  const { counted: sent, undelivered } = await remindersReached(ctx, document.id);
  const level = body.level ?? nextLevel(sent);
  if (level > policy.levels.length) {
    if (body.level !== undefined) {
      const msg = `the dunning policy has ${policy.levels.length} levels`;
      throw validationError([{ loc: 'body.level', msg, type: 'value_error' }]);
    }
    throw conflict('Every level of the dunning policy was already sent', { action: 'send-reminder', level });
  }
  if (sent.some((r) => r.level === level)) {
    throw conflict(`Level ${level} was already sent for this invoice`, { action: 'send-reminder', level });
  }
  const to = body.to ?? [await defaultRecipient(ctx, document)].filter((a): a is string => a !== null);
  if (to.length === 0) {
    const msg = 'the customer has no e-mail address: name the recipients in to';
    throw validationError([{ loc: 'body.to', msg, type: 'missing' }]);
  }
  const stage = policy.levels[level - 1];
  if (!stage) throw conflict('No such level', { level });
  const units = minorUnitsOf(document.currency);
  const amountDue = paymentFigures(document).amount_due;
  const fee = toFixedString(dec(stage.fee), units);
  const total = toFixedString(add(dec(amountDue), dec(fee)), units);
  // The letter's date is the seller's today (its business profile's time zone), and so is `pay_by`'s start.
  const date = await sellerToday(ctx, document.businessProfileId);
  const payBy = addDays(date, PAY_WITHIN_DAYS);
  const fmt = makeFormatter(locale, document.currency, units);
  const data = (await readDocument(ctx, document)).data;
  const values = {
    number: document.number,
    issue_date: fmt.date(document.issueDate),
    // Without a due date the invoice was due at once (§ 271 BGB): since its issue date.
    due_date: fmt.date(document.dueDate ?? document.issueDate),
    amount_due: fmt.money(amountDue),
    fee: fmt.money(fee),
    total: fmt.money(total),
    pay_by: fmt.date(payBy),
    // Counted from the date `{due_date}` names: the issue date of an invoice without a due date.
    days_overdue: String(daysOverdue({ ...document, dueDate: document.dueDate ?? document.issueDate }, date)),
    customer: (data.buyer as Party | undefined)?.name ?? '',
    seller: (data.seller as Party | undefined)?.name ?? '',
    // In the language the text around it is written in (a French invoice reminded in German greets in
    // German); the subject and the figures stay in the invoice's.
    salutation: salutationOf(
      data.buyer as Party | undefined,
      greetingLanguage(
        body.message ?? stage.message,
        body.message === undefined && policy.updatedAt === null,
        languageOf(locale),
      ),
    ),
  };
  const letter: ReminderLetter = {
    title: fillPlaceholders(stage.subject, values).replace(/\s+/g, ' ').trim(),
    text: fillPlaceholders(body.message ?? stage.message, values),
    date,
    payBy,
    amountDue,
    fee,
    total,
    showFee: !isZero(dec(fee)),
  };
  return { document, level, replaces: undelivered.get(level) ?? null, letter, to, locale };
}

/**
 * The invoice PDF the e-mail attaches: its newest current render (a Factur-X one for a buyer who needs
 * that), else a new render of it, counted like any other.
 */
async function invoiceRender(
  ctx: AccountCtx,
  services: ReminderServices,
  document: DocumentRow,
  einvoiceProfile: string | null,
): Promise<RenderRow> {
  const facturx = einvoiceProfile === 'factur_x_en16931';
  const latest = await latestRenderOf(ctx.db, ctx.accountId, document.id, isoNow(ctx.clock));
  if (latest && (!facturx || latest.compliance !== null)) return latest;
  const account = await findAccountWithPlan(ctx.db, ctx.accountId);
  const { row } = await renderStoredDocument({
    ctx,
    services: services.renders,
    input: {
      documentId: document.id,
      monthlyQuota: account?.monthlyRenderQuota ?? 0,
      planId: account?.account.planId ?? '',
      body: facturx ? { format: 'facturx_pdf' } : {},
    },
  });
  return row;
}

/** Runs the final step in a transaction: by default its own; a job passes its fenced one. */
export type Commit = <T>(work: (db: DbOrTx) => Promise<T>) => Promise<T>;

/**
 * POST /documents/{id}/reminders and the daily job: draws the letter in the invoice's template and language,
 * then stores the reminder and queues its e-mail (letter and invoice PDF, and the e-invoice the customer
 * needs) in one transaction. The unique (document, level) index turns a second sender into a 409.
 */
export async function sendReminder({
  ctx,
  services,
  input,
  commit,
}: {
  ctx: AccountCtx;
  services: ReminderServices;
  input: { documentId: string; body: SendReminderBody };
  commit?: Commit;
}): Promise<ReminderRow> {
  const plan = await planReminder(ctx, input.documentId, input.body);
  const { document } = plan;
  const customer = await findCustomer(ctx.db, ctx.accountId, document.customerId);
  // The invoice went to the buyer's e-invoice intake already: a reminder brings its PDF as a copy to read,
  // and the XML again only when asked (an intake may register an e-invoice it gets twice; docs/dunning.md).
  const einvoiceProfile = einvoiceToAttach(
    customer?.einvoiceProfile,
    document.documentType,
    input.body.attach_einvoice === true,
  );
  const render = await invoiceRender(ctx, services, document, einvoiceProfile);
  const account = await findAccountWithPlan(ctx.db, ctx.accountId);
  const planId = account?.account.planId ?? '';
  // The letter wears the template the attached invoice PDF was drawn with (the account's default when
  // that template has since been deleted).
  const sameTemplate = {
    template_id: render.templateId,
    template_version: render.templateVersion ?? undefined,
  };
  const { pdf } = await storedPdfInput(ctx, services.renders, {
    row: document,
    planId,
    body: sameTemplate,
  }).catch(async (error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
    return await storedPdfInput(ctx, services.renders, { row: document, planId, body: {} });
  });
  const bytes = await services.renders.renderPdf({ ...pdf, facturx: null, letter: plan.letter });
  const id = newId('rem');
  const blobKey = `reminders/${ctx.accountId}/${id}.pdf`;
  await services.renders.blobs.put(blobKey, bytes, 'application/pdf');
  const run: Commit = commit ?? ((work) => inTransaction(ctx, (tx) => work(tx.db)));
  try {
    return await run(async (db) => {
      const tx = { ...ctx, db };
      // Checked again where it counts: a payment or another reminder may have come in while drawing.
      await remindableDocument(tx, document.id);
      const delivery = await queueDelivery(tx, {
        documentId: document.id,
        to: plan.to,
        cc: [],
        bcc: [],
        subject: plan.letter.title,
        message: plan.letter.text,
        attachPdf: true,
        einvoiceProfile,
        render,
        retryOf: null,
        link: services.link,
        letter: {
          blobKey,
          filename: plan.letter.title,
          amount: plan.letter.total,
          dueDate: plan.letter.payBy,
        },
      });
      const row: ReminderRow = {
        id,
        accountId: ctx.accountId,
        documentId: document.id,
        level: plan.level,
        fee: plan.letter.fee,
        amountDue: plan.letter.amountDue,
        currency: document.currency,
        sentOn: plan.letter.date,
        payBy: plan.letter.payBy,
        deliveryId: delivery.id,
        letterBlobKey: blobKey,
        createdBy: creatorOf(ctx),
        createdAt: isoNow(ctx.clock),
      };
      // The same level's letter that bounced gives way (its delivery stays in the document's history),
      // unless a retry of it went out meanwhile (checked again where it commits).
      if (plan.replaces) {
        if (!(await neverArrived(tx, plan.replaces))) {
          throw conflict(`Level ${plan.level} was already sent for this invoice`, {
            action: 'send-reminder',
            level: plan.level,
          });
        }
        await deleteReminder(db, ctx.accountId, plan.replaces.id);
      }
      if (!(await insertReminder(db, row))) {
        throw conflict(`Level ${plan.level} was already sent for this invoice`, {
          action: 'send-reminder',
          level: plan.level,
        });
      }
      return row;
    });
  } catch (error) {
    await services.renders.blobs.delete(blobKey).catch(() => undefined);
    throw error;
  }
}
