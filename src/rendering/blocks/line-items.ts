// The line-items table. Only the columns the document uses are drawn; a delivery note has no price,
// discount, tax or amount column at all (quantities only). Number columns are sized to their widest
// value, the description takes the rest.
import type { Align, Layout, TextStyle } from '../engine/layout';
import { type CellRun, drawTable, type TableColumn, type TableStyle } from '../engine/table';
import { decimalSeparatorOf } from '../format';
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

/** Columns whose figures may carry different numbers of decimals: aligned on the decimal separator. */
const DECIMAL_ALIGNED: ReadonlySet<Key> = new Set(['quantity', 'unitPrice']);

/**
 * Blank room after each line's figure in a column aligned on the decimal separator: a unit price of
 * "0,125 €" in a column of "145,50 €" (or a quantity of "3,5" beside "2") made the separators stand a digit
 * apart, right-aligned as they were. What follows the separator (its fraction and a currency after it; for
 * a figure without one, whatever follows its last digit) is measured, and each figure keeps blank the room
 * the column's widest such tail has beyond its own. All zero when the figures carry the same decimals.
 */
function decimalTrails(
  layout: Layout,
  figures: readonly string[],
  style: TextStyle,
  separator: string,
): number[] {
  const tails = figures.map((text) => {
    const at = text.lastIndexOf(separator);
    const lastDigit = text.search(/\d\D*$/);
    const from = at >= 0 ? at : lastDigit >= 0 ? lastDigit + 1 : text.length;
    return from >= text.length ? 0 : layout.widthOf(text.slice(from), style);
  });
  const widest = Math.max(0, ...tails);
  return tails.map((tail) => widest - tail);
}

function cellRuns(
  theme: Theme,
  line: LineView,
  key: Key,
  skuLabel: string,
  priced: boolean,
  trail = 0,
): CellRun[] {
  if (key !== 'item') {
    const run: CellRun = {
      text: line[key] ?? '',
      style: key === 'amount' ? theme.s.cellStrong : theme.s.cell,
    };
    return trail > 0 ? [{ ...run, trail }] : [run];
  }
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
    const separator = decimalSeparatorOf(view.locale);
    const trails = defs.map(({ key }) =>
      key !== 'item' && DECIMAL_ALIGNED.has(key)
        ? decimalTrails(
            layout,
            view.lines.map((line) => line[key] ?? ''),
            theme.s.cell,
            separator,
          )
        : view.lines.map(() => 0),
    );
    const widths = defs.map((def, i) => {
      const key = def.key;
      if (key === 'item') return 0;
      const head = Math.min(MAX_HEADER_SHARE, layout.widthOf(def.header, style.head));
      let widest = head;
      // Measured in the style the cell is drawn in (the amount in bold), with the room kept after it.
      const cell = def.key === 'amount' ? theme.s.cellStrong : theme.s.cell;
      view.lines.forEach((line, n) => {
        widest = Math.max(widest, layout.widthOf(line[key] ?? '', cell) + (trails[i]?.[n] ?? 0));
      });
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
    const rows = view.lines.map((line, n) =>
      defs.map((def, i) =>
        cellRuns(theme, line, def.key, view.labels.sku, view.columns.priced, trails[i]?.[n] ?? 0),
      ),
    );
    drawTable(layout, { x: layout.left, columns, rows, style, keepWithLast: ctx.keepAfter() });
  },
};
