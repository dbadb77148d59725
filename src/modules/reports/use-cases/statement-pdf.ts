// The statement's PDF: who it is from (the business profile of the customer's latest document), its
// language (asked for, else that document's, else the profile's) and page size (the profile's default).
// Drawn where every PDF is drawn (RenderPdf: the render pool, its time and memory limits), counted against
// the monthly render quota and metered as a render (issue 37; docs/reports.md).
import type { PageSizeId } from '../../../domain/reference';
import { labelsFor, taxIdLabel } from '../../../rendering/labels';
import { statementRenderInput } from '../../../rendering/statement/render-input';
import type { StatementPdfInput } from '../../../rendering/statement/types';
import type { RenderPdf } from '../../../rendering/types';
import { addressLines } from '../../../rendering/view/parties';
import { groupIban } from '../../../rendering/view/payment';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, notFound, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findBusinessProfile, onlyBusinessProfile } from '../../business-profiles';
import { findCustomer } from '../../customers';
import { reserveRender } from '../../usage';
import { customerStatement, type LatestDocument, type Statement, unknownSeller } from './statement';

/**
 * The most lines (entries and overdue documents) one statement PDF draws: about 570 A4 pages, a few
 * seconds of a render worker. A longer one is refused before any quota is taken (ask for a shorter
 * period, or the JSON). Tests lower it.
 */
export const statementLimits = { maxPdfLines: 25_000 };

export interface StatementPdfRequest {
  customerId: string;
  from: string;
  to: string;
  locale: string | undefined;
  /** The seller whose statement it is; needed when the customer has documents of more than one. */
  businessProfileId?: string | undefined;
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
  // A seller that is none is the request's mistake (422), whatever is left of the quota.
  if (
    input.businessProfileId !== undefined &&
    !(await findBusinessProfile(ctx.db, ctx.accountId, input.businessProfileId))
  ) {
    throw unknownSeller();
  }
  const reservation = await reserveRender(ctx, {
    accountId: ctx.accountId,
    renderId: newId('stm'),
    monthlyQuota: input.monthlyQuota,
  });
  try {
    const { statement, latest } = await customerStatement({ ctx, input });
    checkOneSeller(statement);
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

/**
 * A statement is one seller's: under one letterhead, the claims of another business profile (another legal
 * entity, perhaps) would be asked for in its name. More than one: a 422 naming them, to ask for each.
 */
function checkOneSeller(statement: Statement): void {
  if (statement.business_profile_id !== null || statement.sellers.length <= 1) return;
  const named = statement.sellers.map((s) => `${s.name} (${s.id})`).join(', ');
  throw new DomainError(
    'unprocessable_entity',
    `The customer has documents of ${statement.sellers.length} sellers; a statement is one seller's`,
    {
      fields: [
        {
          loc: 'query.business_profile_id',
          msg: `the customer has documents of ${statement.sellers.length} sellers (${named}): name one`,
          type: 'missing',
        },
      ],
      sellers: statement.sellers,
    },
  );
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
  // The seller asked for, else that of the latest document, else the account's only business profile.
  const profileId = statement.business_profile_id ?? latest?.businessProfileId;
  const profile =
    profileId !== undefined
      ? await findBusinessProfile(ctx.db, ctx.accountId, profileId)
      : await onlyBusinessProfile(ctx.db, ctx.accountId);
  const customer = await findCustomer(ctx.db, ctx.accountId, statement.customer.id);
  const pageSize: PageSizeId = profile?.defaultPageSize ?? 'A4';
  const language = locale ?? latest?.locale ?? profile?.defaultLocale ?? 'en';
  const labels = labelsFor(language, profile?.address?.country);
  // Country names only when the two are in different countries, as on an invoice.
  const showCountry =
    !!profile?.address?.country &&
    !!customer?.billingAddress?.country &&
    profile.address.country !== customer.billingAddress.country;
  const bank = profile?.bankAccount;
  const seller = profile
    ? {
        name: profile.displayName ?? profile.legalName,
        lines: [
          ...(profile.displayName && profile.displayName !== profile.legalName ? [profile.legalName] : []),
          ...addressLines(profile.address ?? undefined, language, showCountry),
          ...(profile.email ? [profile.email] : []),
          ...(profile.taxId
            ? [`${taxIdLabel(labels, profile.taxId, profile.address?.country)} ${profile.taxId}`]
            : []),
          ...(bank?.iban
            ? [
                [`IBAN ${groupIban(bank.iban)}`, bank.bic ? `BIC ${bank.bic}` : '']
                  .filter(Boolean)
                  .join(' · '),
              ]
            : []),
        ],
      }
    : null;
  // The customer's contact person is addressed after its name, as on its invoices ("z. Hd. Frau Weber").
  const attention = customer?.contactName ? [`${labels.attention} ${customer.contactName}`] : [];
  return {
    locale: language,
    pageSize,
    issued: ctx.clock.now().toISOString().slice(0, 10),
    from: statement.from,
    to: statement.to,
    seller,
    customer: {
      name: statement.customer.name,
      lines: [...attention, ...addressLines(customer?.billingAddress ?? undefined, language, showCountry)],
    },
    // What the PDF prints, no more: the input travels to a render worker as JSON.
    sections: statement.currencies.map((s) => ({
      currency: s.currency,
      opening_balance: s.opening_balance,
      closing_balance: s.closing_balance,
      entries: s.entries.map(({ date, type, payment_method, number, due_date, amount, balance }) => ({
        date,
        type: payment_method === 'early_payment_discount' ? ('discount' as const) : type,
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
