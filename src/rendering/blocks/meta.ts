// The meta strip: number, dates and reference as labelled cells across the page; with `showHighlight`
// the amount due closes the strip on an accent tile. Themes with other meta layouts draw the meta in the
// header (list) or beside the parties (aside), and this block is skipped.
import type { TextStyle } from '../engine/layout';
import type { MetaItem } from '../view/types';
import type { Block } from './context';

const PAD = 10;
const LABEL_GAP = 3;

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
    const wrapped = cells.map((cell) => {
      const [label, value] = styles(cell.strong);
      const width = cell.weight * unit - 12;
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
      const width = cell.weight * unit;
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
