// A table that breaks across pages: rows are measured first, page breaks are planned (see paginate), then
// drawn, repeating the header row on every page. `keepWithLast` reserves room after the last row for the
// block that must not be separated from it (the totals): see paginate for the no-orphan rule.
import type { Align, Layout, TextStyle } from './layout';
import { paginate } from './paginate';

/** A paragraph inside a cell; a cell stacks several (name, then description, then SKU). */
export interface CellRun {
  text: string;
  style: TextStyle;
}

export interface TableColumn {
  header: string;
  width: number;
  align: Align;
}

export interface Rule {
  color: string;
  width: number;
}

export interface TableStyle {
  head: TextStyle;
  headFill: string | null;
  /** Rule under the header row. */
  headRule: Rule | null;
  padX: number;
  padY: number;
  headPadY: number;
  /** Fill of every other row. */
  zebra: string | null;
  /** Rule under every row. */
  rowRule: Rule | null;
  /** Column and outer lines (the boxed style). */
  grid: Rule | null;
  /** Rule under the last row on each page. */
  closeRule: Rule | null;
  /** No padding at the table's outer edges: text aligns with the margins (unfilled, unboxed tables). */
  flush: boolean;
}

export interface TableSpec {
  x: number;
  columns: TableColumn[];
  rows: CellRun[][][];
  style: TableStyle;
  keepWithLast: number | readonly number[];
}

interface PreparedCell {
  lines: { text: string; style: TextStyle }[];
}

interface PreparedRow {
  height: number;
  cells: PreparedCell[];
}

const ELLIPSIS = '…';

/** Where text goes inside column `i`: its offset from the column's left edge and its width. */
function inner(spec: TableSpec, i: number): { dx: number; width: number } {
  const { padX, flush } = spec.style;
  const left = flush && i === 0 ? 0 : padX;
  const right = flush && i === spec.columns.length - 1 ? 0 : padX;
  return { dx: left, width: (spec.columns[i]?.width ?? 0) - left - right };
}

function prepareRow(layout: Layout, spec: TableSpec, row: CellRun[][], maxHeight: number): PreparedRow {
  const { padY } = spec.style;
  const cells = spec.columns.map((_, i): PreparedCell => {
    const runs = row[i] ?? [];
    const { width } = inner(spec, i);
    const lines = runs.flatMap((run) =>
      layout.wrap(run.text, width, run.style).map((text) => ({ text, style: run.style })),
    );
    return { lines };
  });
  const cellHeight = (c: PreparedCell) => c.lines.reduce((h, l) => h + layout.lineHeight(l.style), 0);
  // A row taller than a whole page cannot be placed: its longest cell is cut with an ellipsis.
  for (const cell of cells) {
    while (cellHeight(cell) + 2 * padY > maxHeight && cell.lines.length > 1) cell.lines.pop();
    const last = cell.lines.at(-1);
    if (last && cellHeight(cell) + 2 * padY >= maxHeight) last.text = `${last.text}${ELLIPSIS}`;
  }
  return { height: Math.max(...cells.map(cellHeight)) + 2 * padY, cells };
}

export function drawTable(layout: Layout, spec: TableSpec): void {
  const { style, columns } = spec;
  const headLines = columns.map((c, i) => layout.wrap(c.header, inner(spec, i).width, style.head));
  const headHeight =
    Math.max(...headLines.map((l) => l.length)) * layout.lineHeight(style.head) + 2 * style.headPadY;
  const pageRoom = layout.bottom - layout.freshTop - headHeight;
  const rows = spec.rows.map((row) => prepareRow(layout, spec, row, pageRoom));
  const plan = paginate({
    startY: layout.y,
    freshTop: layout.freshTop,
    bottom: layout.bottom,
    headHeight,
    rowHeights: rows.map((r) => r.height),
    keepWithLast: spec.keepWithLast,
  });
  const width = columns.reduce((w, c) => w + c.width, 0);

  let segmentTop = layout.y;
  const drawHead = () => {
    segmentTop = layout.y;
    if (style.headFill) layout.rect(spec.x, layout.y, width, headHeight, style.headFill);
    let x = spec.x;
    columns.forEach((col, i) => {
      const { dx, width: w } = inner(spec, i);
      layout.lines(headLines[i] ?? [], x + dx, layout.y + style.headPadY, style.head, w, col.align);
      x += col.width;
    });
    layout.y += headHeight;
    if (style.headRule)
      layout.hline(spec.x, spec.x + width, layout.y, style.headRule.color, style.headRule.width);
  };
  const closeSegment = () => {
    if (style.closeRule)
      layout.hline(spec.x, spec.x + width, layout.y, style.closeRule.color, style.closeRule.width);
    if (!style.grid) return;
    const { color, width: lw } = style.grid;
    layout.strokeRect(spec.x, segmentTop, width, layout.y - segmentTop, color, lw);
    let x = spec.x;
    for (const col of columns.slice(0, -1)) {
      x += col.width;
      layout.vline(x, segmentTop, layout.y, color, lw);
    }
  };

  if (plan.newPageFirst) layout.newPage();
  drawHead();
  rows.forEach((row, index) => {
    if (plan.breaks.has(index)) {
      closeSegment();
      layout.newPage();
      drawHead();
    }
    drawRow(layout, spec, row, index, width);
    layout.y += row.height;
  });
  closeSegment();
}

function drawRow(layout: Layout, spec: TableSpec, row: PreparedRow, index: number, width: number): void {
  const { style, columns } = spec;
  const top = layout.y;
  if (style.zebra && index % 2 === 1) layout.rect(spec.x, top, width, row.height, style.zebra);
  let x = spec.x;
  columns.forEach((col, i) => {
    const { dx, width: w } = inner(spec, i);
    let y = top + style.padY;
    for (const line of row.cells[i]?.lines ?? []) {
      layout.text(line.text, x + dx, y, line.style, w, col.align);
      y += layout.lineHeight(line.style);
    }
    x += col.width;
  });
  if (style.rowRule)
    layout.hline(spec.x, spec.x + width, top + row.height, style.rowRule.color, style.rowRule.width);
}
