// Custom fields as label-value rows: measured here for both places they stand, a column in the parties row
// (blocks/parties.ts) or a block of their own after the payment (blocks/notes.ts customFields).
import { type Aside, drawHeading, hasAside, headingHeight, keyValues, labelColumn } from './common';
import type { BlockContext } from './context';

/** At most this many custom fields go into the parties row; more make a block of their own. */
const BESIDE_MAX = 6;

/** `labelShare`: the most of the width the label column takes. */
export function fieldsLayout(ctx: BlockContext, width: number, labelShare = 0.4) {
  const { layout, view, theme } = ctx;
  const items = view.customFields;
  const options = {
    label: theme.s.metaLabel,
    value: theme.s.body,
    labelWidth: labelColumn(layout, items, theme.s.metaLabel, width * labelShare),
    valueAlign: 'left' as const,
  };
  return { items, width, options, height: keyValues(layout, items, 0, 0, width, options, false) };
}

/**
 * Whether the custom fields may stand in the parties row (themes with `parties.fields: 'beside'`, one
 * recipient, a few fields): DIN 5008's information block, an order number or a contact person where a
 * reader looks for them.
 */
export function fieldsMayStandBeside(ctx: BlockContext): boolean {
  const { view, theme } = ctx;
  const count = view.customFields.length;
  return (
    theme.spec.parties.fields === 'beside' && view.recipients.length === 1 && count > 0 && count <= BESIDE_MAX
  );
}

/**
 * Whether they do: in a row of their own right of the recipient where the theme has nothing else there;
 * under the meta list or amount due only in the render that tries it (`fieldsUnderMeta`, render-pdf.ts:
 * kept where it saves a page; elsewhere they stay after the payment, where a reader of the theme finds them).
 */
export function fieldsInPartiesRow(ctx: BlockContext): boolean {
  return fieldsMayStandBeside(ctx) && (!hasAside(ctx) || ctx.fieldsUnderMeta);
}

/** The custom fields under their heading, as (part of) the parties row's right-hand column. */
export function fieldsAside(ctx: BlockContext, width: number, labelShare?: number): Aside {
  const { layout, view } = ctx;
  const { items, options, height } = fieldsLayout(ctx, width, labelShare);
  return {
    height: headingHeight(ctx) + height,
    draw(x, y) {
      layout.y = y;
      drawHeading(ctx, view.labels.details, x, width);
      keyValues(layout, items, x, layout.y, width, options);
    },
  };
}
