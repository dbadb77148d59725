// The dashboard's Kleinunternehmer limits card (small-business.ts says what they are): the profiles and the
// revenue reports it reads, and the figures against the limits with what passing them means.
import { get, list } from '../api';
import type { BusinessProfile, BusinessProfileSummary, RevenueReport } from '../api-types';
import { formatMoney, t } from '../i18n';
import { useLoad } from '../ui/hooks';
import { Notice } from '../ui/notice';
import {
  above,
  isAustrian,
  isSmallBusiness,
  limitsOf,
  type SmallBusinessFigures,
  smallBusinessWarnings,
} from './small-business';

/**
 * The euro figures when one of the account's profiles is a Kleinunternehmer's; null otherwise, and null for
 * a role that may not read the profiles or the revenue (the dashboard then shows no card).
 */
export async function smallBusinessFigures(thisYear: RevenueReport): Promise<SmallBusinessFigures | null> {
  try {
    return await figuresOf(thisYear);
  } catch {
    return null;
  }
}

async function figuresOf(thisYear: RevenueReport): Promise<SmallBusinessFigures | null> {
  const profiles = await list<BusinessProfileSummary>('/business-profiles', { limit: 100 });
  const read = await Promise.all(
    profiles.data.map((summary) =>
      get<BusinessProfile>(`/business-profiles/${encodeURIComponent(summary.id)}`),
    ),
  );
  // The first small business's country says whose limits apply (an Austrian one has Austria's).
  const small = read.find((profile) => isSmallBusiness(profile.default_tax));
  if (!small) return null;
  const year = Number(thisYear.to.slice(0, 4));
  const last = await get<RevenueReport>('/reports/revenue', {
    from: `${year - 1}-01-01`,
    to: `${year - 1}-12-31`,
  });
  const euros = (report: RevenueReport) => report.currencies.find((c) => c.currency === 'EUR')?.net ?? '0';
  return {
    year,
    thisYear: euros(thisYear),
    lastYear: euros(last),
    country: small.address?.country ?? undefined,
  };
}

/** The card once its figures are read (after the rest of the dashboard): nothing when none apply. */
export function SmallBusinessCard({ revenue }: { revenue: RevenueReport }) {
  const figures = useLoad(() => smallBusinessFigures(revenue), [revenue]);
  return figures.data ? <SmallBusinessLimits figures={figures.data} /> : null;
}

/** The dashboard's card of the Kleinunternehmer limits: this year's and last year's revenue against them. */
export function SmallBusinessLimits({ figures }: { figures: SmallBusinessFigures }) {
  const euros = (amount: string) => formatMoney(amount, 'EUR');
  const warnings = smallBusinessWarnings(figures);
  const limits = limitsOf(figures);
  const austrian = isAustrian(figures);
  const rows = [
    { label: t('{year} so far', { year: figures.year }), value: figures.thisYear, limit: limits.thisYear },
    { label: String(figures.year - 1), value: figures.lastYear, limit: limits.lastYear },
  ];
  return (
    <section class="card" aria-labelledby="small-business-heading">
      <h2 id="small-business-heading">
        {austrian
          ? t('Kleinunternehmer limits (§ 6 Abs. 1 Z 27 UStG)')
          : t('Kleinunternehmer limits (§ 19 UStG)')}
      </h2>
      <p class="hint">
        {austrian
          ? t(
              'No VAT as a small business while last year’s turnover was at most 55,000 € and this year’s stays at most 55,000 € (passed by at most 10 %: to the end of the year). Revenue by invoice date, in euros; your tax adviser checks the total turnover.',
            )
          : t(
              'No VAT as a small business while last year’s turnover was at most 25,000 € and this year’s stays at most 100,000 € (in the year the business starts: 25,000 €). Net revenue by invoice date, in euros; your tax adviser checks the total turnover.',
            )}
      </p>
      <dl class="figures">
        {rows.map((row) => (
          <div key={row.label}>
            <dt class="figure-label">{row.label}</dt>
            <dd class={above(row.value, row.limit) ? 'figure-value alert' : 'figure-value'}>
              {t('{amount} of {limit}', { amount: euros(row.value), limit: euros(row.limit) })}
            </dd>
          </div>
        ))}
      </dl>
      {warnings.map((warning) => (
        <Notice key={warning} kind="warn">
          {warning}
        </Notice>
      ))}
    </section>
  );
}
