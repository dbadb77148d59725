// Tax per group: name, rate, taxable amount, tax. Some themes print it only when there are two or
// more groups, where the totals' one-line-per-group no longer shows the bases.
import { drawTable, type TableColumn } from '../engine/table';
import { drawHeading, headingHeight } from './common';
import type { Block } from './context';

export const taxSummary: Block = {
  id: 'tax-summary',
  present: (ctx) => {
    const n = ctx.view.taxSummary.length;
    return n > 0 && (ctx.theme.spec.taxSummary === 'always' || n > 1);
  },
  draw(ctx) {
    const { layout, view, theme } = ctx;
    const l = view.labels;
    const width = Math.min(layout.contentWidth, 400);
    const head = { ...theme.s.tableHead, color: theme.c('muted') };
    const cell = theme.s.cell;
    const rowHeight = layout.lineHeight(cell) + 6;
    // Heading, header row and at least two rows (or all) start on the same page.
    layout.ensure(headingHeight(ctx) + rowHeight * (1 + Math.min(2, view.taxSummary.length)));
    drawHeading(ctx, l.taxSummary, layout.left, width);
    const columns: TableColumn[] = [
      { header: l.tax, width: width * 0.3, align: 'left' },
      { header: l.taxRate, width: width * 0.16, align: 'right' },
      { header: l.taxableAmount, width: width * 0.3, align: 'right' },
      { header: l.taxAmount, width: width * 0.24, align: 'right' },
    ];
    const rows = view.taxSummary.map((r) => [
      [{ text: r.name, style: cell }],
      [{ text: r.rate, style: cell }],
      [{ text: r.taxable, style: cell }],
      [{ text: r.tax, style: cell }],
    ]);
    const hairline = { color: theme.c('rule'), width: 0.5 };
    drawTable(layout, {
      x: layout.left,
      columns,
      rows,
      keepWithLast: 0,
      style: {
        head,
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
      },
    });
  },
};
