// Tax per group (name, rate, taxable amount, tax), drawn by the totals block in the room to the left of
// the totals, where it costs no height. Some themes print it only with two or more groups, where the
// totals' one line per group no longer shows the bases.
import { drawTable, type TableColumn, type TableStyle } from '../engine/table';
import { drawHeading, headingHeight } from './common';
import type { BlockContext } from './context';

export function taxSummaryShown(ctx: BlockContext): boolean {
  const n = ctx.view.taxSummary.length;
  const when = ctx.theme.spec.taxSummary;
  return n > 0 && (when === 'always' || (when === 'multiple' && n > 1));
}

function style(ctx: BlockContext): TableStyle {
  const { theme } = ctx;
  const hairline = { color: theme.c('rule'), width: 0.5 };
  return {
    head: { ...theme.s.tableHead, color: theme.c('muted') },
    headFill: null,
    headRule: hairline,
    padX: 4,
    padY: 3,
    headPadY: 2,
    zebra: null,
    rowRule: hairline,
    grid: null,
    closeRule: null,
    flush: true,
  };
}

function columns(ctx: BlockContext, width: number): TableColumn[] {
  const l = ctx.view.labels;
  return [
    { header: l.tax, width: width * 0.3, align: 'left' },
    { header: l.taxRate, width: width * 0.16, align: 'right' },
    { header: l.taxableAmount, width: width * 0.3, align: 'right' },
    { header: l.taxAmount, width: width * 0.24, align: 'right' },
  ];
}

export function taxSummaryHeight(ctx: BlockContext, width: number): number {
  const { layout, view, theme } = ctx;
  const s = style(ctx);
  const cols = columns(ctx, width);
  const lines = (text: string, i: number, st = theme.s.cell) =>
    layout.wrap(text, (cols[i]?.width ?? 0) - s.padX, st).length;
  const head = Math.max(...cols.map((c, i) => lines(c.header, i, s.head)));
  let height = headingHeight(ctx) + head * layout.lineHeight(s.head) + 2 * s.headPadY;
  for (const row of view.taxSummary) {
    const n = Math.max(lines(row.name, 0), lines(row.taxable, 2), lines(row.tax, 3));
    height += n * layout.lineHeight(theme.s.cell) + 2 * s.padY;
  }
  return height;
}

/** Draws at the cursor, `width` wide from `x`; the caller has made room (taxSummaryHeight). */
export function drawTaxSummary(ctx: BlockContext, x: number, width: number): void {
  const { layout, view, theme } = ctx;
  drawHeading(ctx, view.labels.taxSummary, x, width);
  const cell = theme.s.cell;
  const rows = view.taxSummary.map((r) =>
    [r.name, r.rate, r.taxable, r.tax].map((text) => [{ text, style: cell }]),
  );
  drawTable(layout, { x, columns: columns(ctx, width), rows, style: style(ctx), keepWithLast: 0 });
}
