// The ageing of receivables as the console draws it (docs/reports.md): not yet due, then 0-30, 31-60, 61-90
// and 90+ days past due, each a colour of ui/charts.tsx. The dashboard's bar and the office overview's small
// bars per client share it.
import type { ReceivablesFigures } from '../api-types';
import { formatMoney, t } from '../i18n';
import type { Segment } from './charts';

const BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;

/** The buckets' names and colours, in order (a legend). */
export function ageingLabels(): { label: string; tone: string }[] {
  return [
    { label: t('Not yet due'), tone: 'b0' },
    ...BUCKETS.map((bucket, i) => ({ label: t('{range} days', { range: bucket }), tone: `b${i + 1}` })),
  ];
}

/** One currency's receivables as the bar's segments, each with its amount formatted. */
export function ageingSegments(f: ReceivablesFigures): Segment[] {
  const money = (amount: string) => formatMoney(amount, f.currency);
  const values = [f.current, ...BUCKETS.map((bucket) => f.ageing[bucket])];
  return ageingLabels().map((label, i) => {
    const value = values[i] ?? '0';
    return { ...label, value, shown: money(value) };
  });
}
