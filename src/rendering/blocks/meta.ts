// The meta strip: number, dates and reference as labelled cells across the page; with `showHighlight`
// the amount due closes the strip on an accent tile. Themes with other meta layouts draw the meta in the
// header (list) or beside the parties (aside), and this block is skipped.
import type { TextStyle } from '../engine/layout';
import type { MetaItem } from '../view/types';
import type { Block } from './context';

const PAD = 10;
const LABEL_GAP = 3;
/** The space between two cells' texts. */
const GAP = 12;
/** Where a line may break (not at a no-break space: "2.924,58 €" stays whole). */
const BREAKS = /[ \t\n]+/;
/** A word's pieces as the layout cuts a word too wide for its line: after each hyphen or slash. */
const pieces = (word: string) => word.split(/(?<=[-/])/);

export const meta: Block = {
  id: 'meta',
  present: (ctx) => {
    const { meta } = ctx.theme.spec;
    const highlight = meta.showHighlight && ctx.view.highlight !== null;
    return meta.layout === 'strip' && (ctx.view.meta.length > 0 || highlight);
  },
  draw(ctx) {
    const { layout, view, theme } = ctx;
    const spec = theme.spec.meta;
    const highlight = spec.showHighlight ? view.highlight : null;
    const cells: { item: MetaItem; weight: number; strong: boolean }[] = view.meta.map((item) => ({
      item,
      weight: 1,
      strong: false,
    }));
    if (highlight) cells.push({ item: highlight, weight: 1.5, strong: true });
    const pad = spec.fill ? PAD : 0;
    const total = cells.reduce((w, c) => w + c.weight, 0);
    const unit = (layout.contentWidth - 2 * pad) / total;
    const onAccent = theme.c('onAccent');
    const styles = (strong: boolean): [TextStyle, TextStyle] =>
      strong
        ? [
            { ...theme.s.metaLabel, color: onAccent },
            { ...theme.s.grandValue, color: onAccent },
          ]
        : [theme.s.metaLabel, theme.s.metaValue];
    const widest = (cell: (typeof cells)[number], measure: (text: string, style: TextStyle) => number) => {
      const [label, value] = styles(cell.strong);
      return Math.max(measure(cell.item.label, label), measure(cell.item.value, value));
    };
    const widths = cellWidths(
      cells,
      unit,
      (cell) => widest(cell, (text, style) => layout.widthOf(text, style)),
      (cell) =>
        widest(cell, (text, style) =>
          Math.max(
            0,
            ...text
              .split(BREAKS)
              .flatMap(pieces)
              .map((piece) => layout.widthOf(piece, style)),
          ),
        ),
    );
    const wrapped = cells.map((cell, i) => {
      const [label, value] = styles(cell.strong);
      const width = (widths[i] ?? cell.weight * unit) - GAP;
      return {
        label: layout.wrap(cell.item.label, width, label),
        value: layout.wrap(cell.item.value, width, value),
      };
    });
    const contentHeight = Math.max(
      ...wrapped.map((w, i) => {
        const [label, value] = styles(cells[i]?.strong ?? false);
        return (
          layout.linesHeight(w.label.length, label) + LABEL_GAP + layout.linesHeight(w.value.length, value)
        );
      }),
    );
    const height = contentHeight + 2 * (spec.fill || highlight ? PAD : 0);
    layout.ensure(height);
    const top = layout.y;
    if (spec.fill) layout.rect(layout.left, top, layout.contentWidth, height, theme.c(spec.fill));
    let x = layout.left + pad;
    cells.forEach((cell, i) => {
      const w = wrapped[i];
      if (!w) return;
      const [label, value] = styles(cell.strong);
      const width = widths[i] ?? cell.weight * unit;
      const inner = cell.strong ? PAD : 0;
      const y = top + (spec.fill || highlight ? PAD : 0);
      if (cell.strong) layout.rect(x, top, layout.right - x, height, theme.c('accent'));
      layout.lines(w.label, x + inner, y, label);
      const valueTop = y + layout.linesHeight(w.label.length, label) + LABEL_GAP;
      layout.lines(w.value, x + inner, valueTop, value);
      x += width;
    });
    layout.y = top + height;
  },
};

/**
 * Each cell's width: the amount tile keeps its share; the others get what their label and value need (a
 * long number or reference is not broken while a date has room to spare), the room left spread evenly.
 * When the texts cannot all fit on one line, each cell still gets its longest word (an invoice number, a
 * Leitweg-ID, "LEISTUNGSDATUM" are never cut between characters: they wrap between words, or after a
 * hyphen), and the room left goes first to the cells that lack least for one line. Only when even the longest words do not fit, equal
 * shares, and the longest wrap as before.
 */
export function cellWidths<C extends { weight: number; strong: boolean }>(
  cells: C[],
  unit: number,
  natural: (cell: C) => number,
  longestWord: (cell: C) => number,
): number[] {
  const plain = cells.filter((c) => !c.strong);
  const shares = cells.map((c) => c.weight * unit);
  if (plain.length === 0) return shares;
  const needs = plain.map((c) => natural(c) + GAP);
  const needed = needs.reduce((a, b) => a + b, 0);
  let room = plain.reduce((w, c) => w + c.weight * unit, 0);
  // Short of room, the amount tile gives up what it does not need (its text, padded on both sides).
  const tiles = cells.map((c, i) => (c.strong ? Math.min(shares[i] ?? 0, natural(c) + 2 * PAD + GAP) : 0));
  const spareOfTiles = cells.reduce((w, c, i) => w + (c.strong ? (shares[i] ?? 0) - (tiles[i] ?? 0) : 0), 0);
  const freed = needed > room ? Math.min(spareOfTiles, needed - room) : 0;
  room += freed;
  let widths: number[];
  if (needed <= room) {
    const spare = (room - needed) / plain.length;
    widths = needs.map((need) => need + spare);
  } else {
    const least = plain.map((c, i) => Math.min(needs[i] ?? 0, longestWord(c) + GAP));
    const floor = least.reduce((a, b) => a + b, 0);
    if (floor > room) return shares;
    // The cells that lack least get what they need first: as many as can be are whole on one line.
    widths = [...least];
    let left = room - floor;
    const lack = (i: number) => (needs[i] ?? 0) - (least[i] ?? 0);
    for (const i of least.map((_, i) => i).sort((a, b) => lack(a) - lack(b))) {
      const given = Math.min(lack(i), left);
      widths[i] = (widths[i] ?? 0) + given;
      left -= given;
    }
  }
  let next = 0;
  const tileShare = freed / Math.max(1, cells.filter((c) => c.strong).length);
  return cells.map((c, i) => (c.strong ? (shares[i] ?? 0) - tileShare : (widths[next++] ?? 0)));
}
