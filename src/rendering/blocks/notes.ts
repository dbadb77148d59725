// Custom fields after the payment (where the parties row has no room for them) and free-text notes (a
// credit note's reason first). Notes may be long: they flow across pages line by line, and a heading never
// stays behind at the foot of a page.
import { drawHeading, flowText, headingHeight, keyValues } from './common';
import type { Block, BlockContext } from './context';
import { fieldsInPartiesRow, fieldsLayout } from './fields';

/** The custom fields' block after the payment: the content's width, up to 380 pt. */
const blockWidth = (ctx: BlockContext) => Math.min(ctx.layout.contentWidth, 380);

/** A block after the payment is kept with it only when short: a quarter of a page at most. */
const short = (ctx: BlockContext, height: number) =>
  height <= (ctx.layout.bottom - ctx.layout.freshTop) / 4 ? height : 0;

export const customFields: Block = {
  id: 'custom-fields',
  present: (ctx) => ctx.view.customFields.length > 0 && !fieldsInPartiesRow(ctx),
  height: (ctx) => short(ctx, headingHeight(ctx) + fieldsLayout(ctx, blockWidth(ctx)).height),
  draw(ctx) {
    const { layout, view } = ctx;
    const { items, width, options, height } = fieldsLayout(ctx, blockWidth(ctx));
    layout.ensure(headingHeight(ctx) + height);
    drawHeading(ctx, view.labels.details, layout.left, layout.contentWidth);
    layout.y += keyValues(layout, items, layout.left, layout.y, width, options);
  },
};

export const notes: Block = {
  id: 'notes',
  present: (ctx) => ctx.view.notes.length > 0,
  // A note of a line or two after the payment block goes with it, never alone on a last page.
  height(ctx) {
    const { layout, view, theme } = ctx;
    const lines = view.notes.map((note) => layout.wrap(note.text, layout.contentWidth, theme.s.body).length);
    const text = lines.reduce((sum, n) => sum + n * layout.lineHeight(theme.s.body), 0);
    return short(ctx, view.notes.length * headingHeight(ctx) + text + 12 * (view.notes.length - 1));
  },
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
