// The statement's PDF: who it is from (the business profile of the customer's latest document), its
// language (asked for, else that document's, else the profile's) and page size (the profile's default).
// Drawn where every PDF is drawn (RenderPdf: the render pool, its time and memory limits), counted against
// the monthly render quota and metered as a render (issue 37; docs/reports.md).
import type { PageSizeId } from '../../../domain/reference';
import { labelsFor } from '../../../rendering/labels';
import { statementRenderInput } from '../../../rendering/statement/render-input';
import type { StatementPdfInput } from '../../../rendering/statement/types';
import type { RenderPdf } from '../../../rendering/types';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findBusinessProfile } from '../../business-profiles';
import { type CustomerRow, findCustomer } from '../../customers';
import { reserveRender } from '../../usage';
import { customerStatement, type LatestDocument, type Statement } from './statement';

/**
 * The most lines (entries and overdue documents) one statement PDF draws: about 570 A4 pages, a few
 * seconds of a render worker. A longer one is refused before any quota is taken (ask for a shorter
 * period, or the JSON). Tests lower it.
 */
export const statementLimits = { maxPdfLines: 25_000 };

type AddressValue = NonNullable<CustomerRow['billingAddress']>;

function addressLines(address: AddressValue | null | undefined): string[] {
  if (!address) return [];
  const city = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.line3, city, address.state, address.country].filter(
    (line): line is string => typeof line === 'string' && line.length > 0,
  );
}

export interface StatementPdfRequest {
  customerId: string;
  from: string;
  to: string;
  locale: string | undefined;
  /** The plan's monthly render quota (the principal's): a statement takes one unit of it. */
  monthlyQuota: number;
}

/**
 * The customer's statement as a PDF. The customer is looked up first (404), then one unit of the render
 * quota is reserved (429 `quota_exceeded` when it is spent, exactly as a render), then the statement is
 * read and drawn; the unit becomes a usage event (`render_id` the statement's `stm_` id) once the PDF is
 * made, and is given back if anything fails.
 */
export async function statementPdf({
  ctx,
  renderPdf,
  input,
}: {
  ctx: AccountCtx;
  renderPdf: RenderPdf;
  input: StatementPdfRequest;
}): Promise<Uint8Array> {
  if (!(await findCustomer(ctx.db, ctx.accountId, input.customerId))) throw notFound('Customer');
  const reservation = await reserveRender(ctx, {
    accountId: ctx.accountId,
    renderId: newId('stm'),
    monthlyQuota: input.monthlyQuota,
  });
  try {
    const { statement, latest } = await customerStatement({ ctx, input });
    checkLines(statement);
    const bytes = await renderPdf(
      statementRenderInput(await pdfInputOf(ctx, statement, latest, input.locale)),
    );
    await reservation.confirm(ctx.db);
    return bytes;
  } catch (error) {
    await reservation.release();
    throw error;
  }
}

function checkLines(statement: Statement): void {
  const lines = statement.currencies.reduce((n, s) => n + s.entries.length + s.overdue.documents.length, 0);
  const max = statementLimits.maxPdfLines;
  if (lines <= max) return;
  throw validationError(
    [
      {
        loc: 'query.from',
        msg: `the statement has ${lines} lines; a PDF holds at most ${max}: ask for a shorter period (or the JSON)`,
        type: 'too_long',
      },
    ],
    `The statement is too long for one PDF (${lines} lines, at most ${max})`,
  );
}

async function pdfInputOf(
  ctx: AccountCtx,
  statement: Statement,
  latest: LatestDocument | undefined,
  locale: string | undefined,
): Promise<StatementPdfInput> {
  const profile = latest
    ? await findBusinessProfile(ctx.db, ctx.accountId, latest.businessProfileId)
    : undefined;
  const customer = await findCustomer(ctx.db, ctx.accountId, statement.customer.id);
  const seller = profile
    ? {
        name: profile.displayName ?? profile.legalName,
        lines: [
          ...(profile.displayName && profile.displayName !== profile.legalName ? [profile.legalName] : []),
          ...addressLines(profile.address),
          ...(profile.email ? [profile.email] : []),
          ...(profile.taxId ? [profile.taxId] : []),
        ],
      }
    : null;
  const pageSize: PageSizeId = profile?.defaultPageSize ?? 'A4';
  const language = locale ?? latest?.locale ?? profile?.defaultLocale ?? 'en';
  // The customer's contact person is addressed after its name, as on its invoices ("z. Hd. Frau Weber").
  const attention = customer?.contactName ? [`${labelsFor(language).attention} ${customer.contactName}`] : [];
  return {
    locale: language,
    pageSize,
    issued: ctx.clock.now().toISOString().slice(0, 10),
    from: statement.from,
    to: statement.to,
    seller,
    customer: {
      name: statement.customer.name,
      lines: [...attention, ...addressLines(customer?.billingAddress)],
    },
    // What the PDF prints, no more: the input travels to a render worker as JSON.
    sections: statement.currencies.map((s) => ({
      currency: s.currency,
      opening_balance: s.opening_balance,
      closing_balance: s.closing_balance,
      entries: s.entries.map(({ date, type, number, due_date, amount, balance }) => ({
        date,
        type,
        number,
        due_date,
        amount,
        balance,
      })),
      overdue: {
        amount: s.overdue.amount,
        documents: s.overdue.documents.map(({ number, due_date, days_overdue, amount_due }) => ({
          number,
          due_date,
          days_overdue,
          amount_due,
        })),
      },
    })),
  };
}
