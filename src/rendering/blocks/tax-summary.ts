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

/**
 * Shares of the width (name 0.3, rate 0.16, base 0.3, tax 0.24); a figure wider than its share takes
 * what it needs from the name column, down to a sixth, so "2.335.623,43 €" is not cut before its "€".
 */
function columns(ctx: BlockContext, width: number): TableColumn[] {
  const { layout, view, theme } = ctx;
  const l = view.labels;
  const pad = 2 * style(ctx).padX + 2;
  const need = (texts: string[]) =>
    Math.max(0, ...texts.map((text) => layout.widthOf(text, theme.s.cell))) + pad;
  const figures = [
    Math.max(width * 0.16, need(view.taxSummary.map((r) => r.rate))),
    Math.max(width * 0.3, need(view.taxSummary.map((r) => r.taxable))),
    Math.max(width * 0.24, need(view.taxSummary.map((r) => r.tax))),
  ] as const;
  const name = Math.max(width / 6, width - figures[0] - figures[1] - figures[2]);
  // Short of room, the amounts share what is left and the rate ("19 %") keeps what it needs; in a box too
  // narrow even for that, all three figures give way alike (the table never wider than its box).
  const left = width - name - figures[0];
  const amounts = figures[1] + figures[2];
  const rateKept = left >= amounts / 2;
  const scale = rateKept ? left / amounts : (width - name) / (figures[0] + amounts);
  return [
    { header: l.tax, width: name, align: 'left' },
    { header: l.taxRate, width: rateKept ? figures[0] : figures[0] * scale, align: 'right' },
    { header: l.taxableAmount, width: figures[1] * scale, align: 'right' },
    { header: l.taxAmount, width: figures[2] * scale, align: 'right' },
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
    const n = Math.max(lines(row.name, 0), lines(row.rate, 1), lines(row.taxable, 2), lines(row.tax, 3));
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
