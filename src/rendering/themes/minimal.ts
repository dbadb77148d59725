import { t } from './text';
import type { ThemeSpec } from './types';

/**
 * Minimal: black on white, a light large title with the document's details listed under it (beside the
 * seller's lines, where a strip across the page cost a line's worth of room), hairlines only, one spot
 * colour for the amount due.
 */
export const minimal: ThemeSpec = {
  id: 'tpl_minimal',
  colors: {
    primary: '#111111',
    accent: '#b4532a',
    ink: '#1a1a1a',
    muted: '#7a7a7a',
    rule: '#d9d9d9',
    panel: '#fafafa',
  },
  margins: { top: 60, right: 60, bottom: 44, left: 60 },
  gap: 22,
  styles: {
    title: t('light', 30, 'primaryInk'),
    subtitle: t('regular', 9, 'muted'),
    sellerName: t('semibold', 10, 'ink'),
    heading: t('regular', 7.5, 'muted', { upper: true, tracking: 1.2 }),
    body: t('regular', 9, 'ink', { leading: 1.45 }),
    bodyStrong: t('medium', 9.5, 'ink'),
    small: t('regular', 8, 'muted', { leading: 1.45 }),
    metaLabel: t('regular', 7.5, 'muted', { upper: true, tracking: 1.2 }),
    metaValue: t('regular', 9.5, 'ink'),
    tableHead: t('regular', 7.5, 'muted', { upper: true, tracking: 1.2 }),
    cell: t('regular', 8.5, 'ink'),
    cellStrong: t('medium', 8.5, 'ink'),
    cellNote: t('light', 8, 'muted', { leading: 1.35 }),
    totalLabel: t('regular', 8.5, 'muted'),
    totalValue: t('regular', 8.5, 'ink'),
    grandLabel: t('medium', 10, 'ink'),
    grandValue: t('semibold', 14, 'accentInk'),
    footer: t('regular', 7, 'muted'),
  },
  header: { layout: 'stacked', logo: { width: 120, height: 40 }, topBar: null, rule: null },
  meta: { layout: 'list', fill: null, showHighlight: false },
  parties: { accentBar: null, fields: 'beside' },
  table: {
    style: 'plain',
    headFill: null,
    headRule: { color: 'ink', width: 0.75 },
    padX: 5,
    padY: 5,
    positions: false,
  },
  totals: { style: 'plain', width: 0.4, grandFill: null },
  taxSummary: 'multiple',
  sectionRule: null,
  footer: { align: 'split', rule: null },
  order: ['header', 'meta', 'parties', 'line-items', 'totals', 'payment', 'custom-fields', 'notes'],
};
