// The line-items table. Only the columns the document uses are drawn; a delivery note has no price,
// discount, tax or amount column at all (quantities only). Number columns are sized to their widest
// value, the description takes the rest.
import type { Align } from '../engine/layout';
import { type CellRun, drawTable, type TableColumn, type TableStyle } from '../engine/table';
import type { Theme } from '../themes/resolve';
import type { LineView } from '../view/types';
import type { Block, BlockContext } from './context';

type Key = 'position' | 'item' | 'sku' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'tax' | 'amount';

interface ColumnDef {
  key: Key;
  header: string;
  align: Align;
}

function columnDefs(ctx: BlockContext): ColumnDef[] {
  const { view, theme } = ctx;
  const l = view.labels;
  const c = view.columns;
  const defs: (ColumnDef | false)[] = [
    theme.spec.table.positions && { key: 'position', header: l.position, align: 'left' },
    { key: 'item', header: l.item, align: 'left' },
    c.sku && { key: 'sku', header: l.sku, align: 'left' },
    { key: 'quantity', header: l.quantity, align: 'right' },
    c.unit && { key: 'unit', header: l.unit, align: 'left' },
    c.priced && { key: 'unitPrice', header: l.unitPrice, align: 'right' },
    c.discount && { key: 'discount', header: l.discount, align: 'right' },
    c.tax && { key: 'tax', header: c.taxHeading, align: 'right' },
    c.priced && { key: 'amount', header: l.amount, align: 'right' },
  ];
  return defs.filter((d): d is ColumnDef => d !== false);
}

function cellRuns(theme: Theme, line: LineView, key: Key, skuLabel: string, priced: boolean): CellRun[] {
  if (key !== 'item')
    return [{ text: line[key] ?? '', style: key === 'amount' ? theme.s.cellStrong : theme.s.cell }];
  const runs: CellRun[] = [{ text: line.name, style: theme.s.cellStrong }];
  if (line.description) runs.push({ text: line.description, style: theme.s.cellNote });
  if (line.sku && priced) runs.push({ text: `${skuLabel} ${line.sku}`, style: theme.s.cellNote });
  for (const detail of line.details) runs.push({ text: detail, style: theme.s.cellNote });
  return runs;
}

const MAX_NUMBER_COLUMN = 140;
const MAX_HEADER_SHARE = 70;
const MIN_ITEM_SHARE = 0.2;

function tableStyle(theme: Theme): TableStyle {
  const spec = theme.spec.table;
  const hairline = { color: theme.c('rule'), width: 0.5 };
  return {
    head: theme.s.tableHead,
    headFill: spec.headFill ? theme.c(spec.headFill) : null,
    headRule: theme.rule(spec.headRule),
    padX: spec.padX,
    padY: spec.padY,
    headPadY: spec.headFill ? spec.padY + 1.5 : spec.padY,
    zebra: spec.style === 'zebra' ? theme.c('primaryTint') : null,
    rowRule: spec.style === 'ruled' || spec.style === 'boxed' ? hairline : null,
    grid: spec.style === 'boxed' ? { color: theme.c('rule'), width: 0.6 } : null,
    closeRule: spec.style === 'zebra' || spec.style === 'plain' ? hairline : null,
    flush: (spec.style === 'plain' || spec.style === 'ruled') && spec.headFill === null,
  };
}

export const lineItems: Block = {
  id: 'line-items',
  present: (ctx) => ctx.view.lines.length > 0,
  draw(ctx) {
    const { layout, view, theme } = ctx;
    const defs = columnDefs(ctx);
    const style = tableStyle(theme);
    const pad = 2 * style.padX;
    // A padded first/last column when rows are filled or boxed; flush with the margins otherwise.
    const widths = defs.map((def) => {
      if (def.key === 'item') return 0;
      const head = Math.min(MAX_HEADER_SHARE, layout.widthOf(def.header, style.head));
      let widest = head;
      // Measured in the style the cell is drawn in (the amount in bold).
      const cell = def.key === 'amount' ? theme.s.cellStrong : theme.s.cell;
      for (const line of view.lines) widest = Math.max(widest, layout.widthOf(line[def.key] ?? '', cell));
      return Math.min(MAX_NUMBER_COLUMN, widest + pad + 4);
    });
    const fixed = widths.reduce((a, b) => a + b, 0);
    // The item column gives way down to a fifth of the width before the numbers are squeezed: a name
    // wraps at its words, an amount cut in two ("12.292.634," / "89 €") is misread.
    const itemWidth = Math.max(layout.contentWidth * MIN_ITEM_SHARE, layout.contentWidth - fixed);
    const scale = fixed > 0 ? Math.min(1, (layout.contentWidth - itemWidth) / fixed) : 1;
    const columns: TableColumn[] = defs.map((def, i) => ({
      header: def.header,
      align: def.align,
      width: def.key === 'item' ? itemWidth : (widths[i] ?? 0) * scale,
    }));
    const rows = view.lines.map((line) =>
      defs.map((def) => cellRuns(theme, line, def.key, view.labels.sku, view.columns.priced)),
    );
    drawTable(layout, { x: layout.left, columns, rows, style, keepWithLast: ctx.keepAfter() });
  },
};
