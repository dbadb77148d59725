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
    const widths = cellWidths(cells, unit, (cell) => {
      const [label, value] = styles(cell.strong);
      return Math.max(layout.widthOf(cell.item.label, label), layout.widthOf(cell.item.value, value));
    });
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
 * When the texts cannot all fit on one line, equal shares, and the longest wrap as before.
 */
function cellWidths<C extends { weight: number; strong: boolean }>(
  cells: C[],
  unit: number,
  natural: (cell: C) => number,
): number[] {
  const plain = cells.filter((c) => !c.strong);
  const room = plain.reduce((w, c) => w + c.weight * unit, 0);
  const needs = plain.map((c) => natural(c) + GAP);
  const needed = needs.reduce((a, b) => a + b, 0);
  if (plain.length === 0 || needed > room) return cells.map((c) => c.weight * unit);
  const spare = (room - needed) / plain.length;
  let next = 0;
  return cells.map((c) => (c.strong ? c.weight * unit : (needs[next++] ?? 0) + spare));
}
