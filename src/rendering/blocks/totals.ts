// The totals column at the right: subtotal, discounts, shipping, tax per group, the total, then any
// included taxes. Its height is known before drawing (height()), which is what lets the line-items
// table keep room for it on the same page: the no-orphan rule lives in engine/paginate.ts.
import type { TextStyle } from '../engine/layout';
import type { TotalRow } from '../view/types';
import type { Block, BlockContext } from './context';
import { drawTaxSummary, taxSummaryHeight, taxSummaryShown } from './tax-summary';

const ROW_PAD = 3.5;
const GRAND_PAD = 7;
const GAP_BEFORE_GRAND = 4;

interface PlannedRow {
  row: TotalRow;
  label: string[];
  labelStyle: TextStyle;
  valueStyle: TextStyle;
  /** Line-box tops inside the row, chosen so label and value share a baseline whatever their sizes. */
  labelTop: number;
  valueTop: number;
  height: number;
  grand: boolean;
}

function styles(ctx: BlockContext, row: TotalRow): [TextStyle, TextStyle] {
  const s = ctx.theme.s;
  if (row.kind === 'total') return [s.grandLabel, s.grandValue];
  if (row.kind === 'included') return [s.cellNote, s.cellNote];
  return [s.totalLabel, s.totalValue];
}

const MIN_LABEL = 90;
const LABEL_GAP = 12;

function plan(ctx: BlockContext): { rows: PlannedRow[]; width: number; height: number } {
  const { layout, view, theme } = ctx;
  const pad = theme.spec.totals.style === 'boxed' || theme.spec.totals.grandFill ? 8 : 0;
  // Values never wrap: the column grows (up to the full width) until the widest one fits.
  const valueWidth = Math.max(...view.totals.map((row) => layout.widthOf(row.value, styles(ctx, row)[1])));
  const preferred = Math.max(200, layout.contentWidth * theme.spec.totals.width);
  const width = Math.min(
    layout.contentWidth,
    Math.max(preferred, valueWidth + MIN_LABEL + LABEL_GAP + 2 * pad),
  );
  const labelWidth = width - 2 * pad - valueWidth - LABEL_GAP;
  let height = 0;
  const rows = view.totals.map((row): PlannedRow => {
    const grand = row.kind === 'total';
    const [labelStyle, valueStyle] = styles(ctx, row);
    // Labels share one column beside the widest figure (the total's large one), unless a label wraps
    // on fewer lines beside its own: a deducted Abschlag's ("abzüglich Abschlagsrechnung AR-2026-001 vom
    // 15.08.2026") took four lines in Minimal, two beside its own figure.
    let label = layout.wrap(row.label, labelWidth, labelStyle);
    if (label.length > 1) {
      const own = width - 2 * pad - layout.widthOf(row.value, valueStyle) - LABEL_GAP;
      const wider = layout.wrap(row.label, Math.max(labelWidth, own), labelStyle);
      if (wider.length < label.length) label = wider;
    }
    const baseline = Math.max(layout.baselineOffset(labelStyle), layout.baselineOffset(valueStyle));
    const labelTop = baseline - layout.baselineOffset(labelStyle);
    const valueTop = baseline - layout.baselineOffset(valueStyle);
    const lines = Math.max(
      labelTop + layout.linesHeight(label.length, labelStyle),
      valueTop + layout.lineHeight(valueStyle),
    );
    const rowHeight = lines + 2 * (grand ? GRAND_PAD : ROW_PAD) + (grand ? GAP_BEFORE_GRAND : 0);
    height += rowHeight;
    return { row, label, labelStyle, valueStyle, labelTop, valueTop, height: rowHeight, grand };
  });
  // Double rule under the total (refined) takes a few points more.
  if (theme.spec.totals.style === 'double-rule') height += 4;
  return { rows, width, height };
}

const SUMMARY_GUTTER = 28;

/** The tax summary's width beside the totals, or 0 when it is not printed. */
function summaryWidth(ctx: BlockContext, totalsWidth: number): number {
  return taxSummaryShown(ctx) ? ctx.layout.contentWidth - totalsWidth - SUMMARY_GUTTER : 0;
}

function blockHeight(ctx: BlockContext): number {
  const { width, height } = plan(ctx);
  const beside = summaryWidth(ctx, width);
  return Math.max(height, beside > 0 ? taxSummaryHeight(ctx, beside) : 0);
}

export const totals: Block = {
  id: 'totals',
  present: (ctx) => ctx.view.totals.length > 0,
  height: blockHeight,
  draw(ctx) {
    const { layout, theme } = ctx;
    const { rows, width, height } = plan(ctx);
    const spec = theme.spec.totals;
    const full = blockHeight(ctx);
    layout.ensure(full);
    const beside = summaryWidth(ctx, width);
    if (beside > 0) {
      const start = layout.y;
      drawTaxSummary(ctx, layout.left, beside);
      layout.y = start;
    }
    const x = layout.right - width;
    const pad = spec.style === 'boxed' || spec.grandFill ? 8 : 0;
    const top = layout.y;
    let y = top;
    for (const r of rows) {
      let rowTop = y;
      if (r.grand) {
        rowTop += GAP_BEFORE_GRAND;
        const h = r.height - GAP_BEFORE_GRAND;
        if (spec.grandFill) layout.rect(x, rowTop, width, h, theme.c(spec.grandFill));
        if (spec.style === 'plain' || spec.style === 'double-rule') {
          const color = spec.style === 'plain' ? theme.c('ink') : theme.c('accent');
          layout.hline(x, x + width, rowTop, color, spec.style === 'plain' ? 0.75 : 0.6);
        }
        if (spec.style === 'double-rule') {
          layout.hline(x, x + width, rowTop + h, theme.c('accent'), 0.6);
          layout.hline(x, x + width, rowTop + h + 2.5, theme.c('accent'), 0.6);
        }
        if (spec.style === 'boxed') layout.hline(x, x + width, rowTop, theme.c('primary'), 0.75);
      }
      const inner = rowTop + (r.grand ? GRAND_PAD : ROW_PAD);
      layout.lines(r.label, x + pad, inner + r.labelTop, r.labelStyle);
      layout.text(r.row.value, x + pad, inner + r.valueTop, r.valueStyle, width - 2 * pad, 'right');
      y += r.height;
    }
    if (spec.style === 'boxed') layout.strokeRect(x, top, width, y - top, theme.c('rule'), 0.75);
    layout.y = top + Math.max(height, full);
  },
};
