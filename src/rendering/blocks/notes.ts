// Custom fields and free-text notes (a credit note's reason first). Notes may be long: they flow across
// pages line by line, and a heading never stays behind at the foot of a page.
import { drawHeading, flowText, headingHeight, keyValues, labelColumn } from './common';
import type { Block } from './context';

export const customFields: Block = {
  id: 'custom-fields',
  present: (ctx) => ctx.view.customFields.length > 0,
  draw(ctx) {
    const { layout, view, theme } = ctx;
    const items = view.customFields;
    const width = Math.min(layout.contentWidth, 380);
    const options = {
      label: theme.s.metaLabel,
      value: theme.s.body,
      labelWidth: labelColumn(layout, items, theme.s.metaLabel, width * 0.4),
      valueAlign: 'left' as const,
    };
    const height = keyValues(layout, items, 0, 0, width, options, false);
    layout.ensure(headingHeight(ctx) + height);
    drawHeading(ctx, view.labels.details, layout.left, layout.contentWidth);
    layout.y += keyValues(layout, items, layout.left, layout.y, width, options);
  },
};

export const notes: Block = {
  id: 'notes',
  present: (ctx) => ctx.view.notes.length > 0,
  draw(ctx) {
    const { layout, view, theme } = ctx;
    view.notes.forEach((note, i) => {
      if (i > 0) layout.y += 12;
      // The heading goes with the first lines of its text (up to two), never alone at a page foot.
      const lead = Math.min(2, layout.wrap(note.text, layout.contentWidth, theme.s.body).length);
      layout.ensure(headingHeight(ctx) + lead * layout.lineHeight(theme.s.body));
      drawHeading(ctx, note.heading, layout.left, layout.contentWidth);
      flowText(ctx, note.text, layout.left, layout.contentWidth, theme.s.body);
    });
  },
};
