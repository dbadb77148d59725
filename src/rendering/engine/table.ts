// A table that breaks across pages: rows are measured first, page breaks are planned (see paginate), then
// drawn, repeating the header row on every page. `keepWithLast` reserves room after the last row for the
// block that must not be separated from it (the totals): see paginate for the no-orphan rule.
import type { Align, Layout, TextStyle } from './layout';
import { paginate } from './paginate';

/** A paragraph inside a cell; a cell stacks several (name, then description, then SKU). */
export interface CellRun {
  text: string;
  style: TextStyle;
  /**
   * Room kept blank after the text, in points (a right-aligned figure with fewer decimals than the
   * column's most: "145,50 €" beside "0,125 €" keeps a digit's width so the decimal separators align).
   */
  trail?: number;
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

interface PreparedLine {
  text: string;
  style: TextStyle;
  /** Blank room after the text (CellRun.trail). */
  trail: number;
  /** Offset of the line's top below the row's (or piece's) top, padding included. */
  y: number;
}

interface PreparedCell {
  lines: PreparedLine[];
}

interface PreparedRow {
  height: number;
  cells: PreparedCell[];
  /** The row of the spec this is (or is a piece of): its zebra fill. */
  source: number;
  /** A piece before the row's last: no rule under it. */
  continued: boolean;
  /** A piece after the row's first: beginning a page, it takes the row's top padding. */
  lead: boolean;
}

/**
 * A row taller than this share of a page's room may break across pages, its lines flowing on below the
 * repeated header as a word processor breaks a table row; a shorter row moves to the next page whole.
 */
const BREAKABLE_ROW_SHARE = 0.25;

/** Lines kept together at the start and at the end of a row that breaks (no orphans, no widows). */
const KEEP_LINES = 3;

const ELLIPSIS = '…';

/** Where text goes inside column `i`: its offset from the column's left edge and its width. */
function inner(spec: TableSpec, i: number): { dx: number; width: number } {
  const { padX, flush } = spec.style;
  const left = flush && i === 0 ? 0 : padX;
  const right = flush && i === spec.columns.length - 1 ? 0 : padX;
  return { dx: left, width: (spec.columns[i]?.width ?? 0) - left - right };
}

function prepareRow(
  layout: Layout,
  spec: TableSpec,
  row: CellRun[][],
  maxHeight: number,
  source: number,
): PreparedRow {
  const { padY } = spec.style;
  const cells = spec.columns.map((_, i): PreparedCell => {
    const runs = row[i] ?? [];
    const { width } = inner(spec, i);
    let y = padY;
    const lines = runs.flatMap((run) => {
      const trail = Math.min(run.trail ?? 0, width / 2);
      return layout.wrap(run.text, width - trail, run.style).map((text) => {
        const line = { text, style: run.style, trail, y };
        y += layout.lineHeight(run.style);
        return line;
      });
    });
    return { lines };
  });
  const cellHeight = (c: PreparedCell) => c.lines.reduce((h, l) => h + layout.lineHeight(l.style), 0);
  // A row taller than a whole page that cannot break is cut with an ellipsis (a single line of it never is).
  for (const cell of cells) {
    while (cellHeight(cell) + 2 * padY > maxHeight && cell.lines.length > 1) cell.lines.pop();
    const last = cell.lines.at(-1);
    if (last && cellHeight(cell) + 2 * padY >= maxHeight) last.text = `${last.text}${ELLIPSIS}`;
  }
  return {
    height: Math.max(...cells.map(cellHeight)) + 2 * padY,
    cells,
    source,
    continued: false,
    lead: false,
  };
}

/**
 * A tall row as pieces the pagination may break between: its first KEEP_LINES lines of its tallest cell
 * (with whatever the other cells hold beside them), then one line a piece, its last KEEP_LINES lines
 * together. Each line stays where it is in the row, so on one page the pieces draw exactly as the whole
 * row would; a piece after a page break starts below the repeated header.
 */
function piecesOf(layout: Layout, row: PreparedRow, padY: number): PreparedRow[] {
  const tallest = row.cells.reduce((a, b) => (b.lines.length > a.lines.length ? b : a));
  const n = tallest.lines.length;
  // Where each piece begins, as an offset into the row: after the top padding, at its first line's top.
  const starts = [0];
  for (let i = KEEP_LINES; i <= n - KEEP_LINES; i++) starts.push(tallest.lines[i]?.y ?? 0);
  const ends = [...starts.slice(1), row.height];
  return starts.map((top, k) => {
    const bottom = ends[k] ?? row.height;
    const last = k === starts.length - 1;
    const cells = row.cells.map((cell) => ({
      lines: cell.lines
        .filter((l) => l.y >= top && (last || l.y < bottom))
        .map((l) => ({ ...l, y: l.y - top })),
    }));
    const reach = Math.max(
      bottom - top,
      ...cells.flatMap((c) => c.lines.map((l) => l.y + layout.lineHeight(l.style) + (last ? padY : 0))),
    );
    return { height: reach, cells, source: row.source, continued: !last, lead: k > 0 };
  });
}

export function drawTable(layout: Layout, spec: TableSpec): void {
  const { style, columns } = spec;
  const headLines = columns.map((c, i) => layout.wrap(c.header, inner(spec, i).width, style.head));
  const headHeight =
    Math.max(...headLines.map((l) => l.length)) * layout.lineHeight(style.head) + 2 * style.headPadY;
  const pageRoom = layout.bottom - layout.freshTop - headHeight;
  const rows = spec.rows.flatMap((row, index) => {
    const prepared = prepareRow(layout, spec, row, Number.POSITIVE_INFINITY, index);
    const tallestLines = Math.max(...prepared.cells.map((c) => c.lines.length));
    if (prepared.height > pageRoom * BREAKABLE_ROW_SHARE && tallestLines > 2 * KEEP_LINES) {
      return piecesOf(layout, prepared, spec.style.padY);
    }
    return [prepared.height > pageRoom ? prepareRow(layout, spec, row, pageRoom, index) : prepared];
  });
  const plan = paginate({
    startY: layout.y,
    freshTop: layout.freshTop,
    bottom: layout.bottom,
    headHeight,
    rowHeights: rows.map((r) => r.height),
    rowLeads: rows.map((r) => (r.lead ? spec.style.padY : 0)),
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
      layout.repeatedHeadOnPage = headHeight;
    }
    // A broken row's lines go on below a repeated header with the row's top padding.
    const lead = row.lead && plan.breaks.has(index) ? spec.style.padY : 0;
    drawRow(layout, spec, row, width, lead);
    layout.y += lead + row.height;
  });
  closeSegment();
}

function drawRow(layout: Layout, spec: TableSpec, row: PreparedRow, width: number, lead: number): void {
  const { style, columns } = spec;
  const top = layout.y;
  if (style.zebra && row.source % 2 === 1) layout.rect(spec.x, top, width, lead + row.height, style.zebra);
  let x = spec.x;
  columns.forEach((col, i) => {
    const { dx, width: w } = inner(spec, i);
    for (const line of row.cells[i]?.lines ?? [])
      layout.text(line.text, x + dx, top + lead + line.y, line.style, w - line.trail, col.align);
    x += col.width;
  });
  if (style.rowRule && !row.continued)
    layout.hline(spec.x, spec.x + width, top + lead + row.height, style.rowRule.color, style.rowRule.width);
}
