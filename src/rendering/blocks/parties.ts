// Bill to / ship to side by side, and for themes with the `aside` meta layout (or a highlighted amount)
// a column to their right with the document's number and dates; a few custom fields go there too: alone in
// themes without one, under it where that saves a page (DIN 5008's information block beside the address).
import type { Layout } from '../engine/layout';
import { textColor } from '../themes/palette';
import {
  type Aside,
  drawStack,
  hasAside,
  keyValues,
  labelColumn,
  measureStack,
  partyItems,
  type Stack,
} from './common';
import type { Block, BlockContext } from './context';
import { fieldsAside, fieldsInPartiesRow } from './fields';

const GUTTER = 18;
const PANEL_PAD = 10;
const BAR_INDENT = 10;
/** The custom fields' column beside the recipient, and the least the recipient keeps beside it. */
const FIELDS_WIDTH = 250;
const MIN_PARTY = 200;
/** Between the meta list or amount and the custom fields under it. */
const FIELDS_GAP = 14;

function aside(ctx: BlockContext, width: number): Aside {
  const { layout, view, theme } = ctx;
  const { meta } = theme.spec;
  const items = meta.layout === 'aside' ? view.meta : [];
  const highlight = meta.showHighlight ? view.highlight : null;
  const framed = meta.fill !== null || theme.spec.table.style === 'boxed';
  const pad = framed ? PANEL_PAD : 0;
  const inner = width - 2 * pad;
  const options = {
    label: theme.s.metaLabel,
    value: theme.s.metaValue,
    labelWidth: labelColumn(layout, items, theme.s.metaLabel, inner * 0.55),
    valueAlign: 'right' as const,
  };
  const listHeight = keyValues(layout, items, 0, 0, inner, options, false);
  const figure = {
    ...theme.s.grandValue,
    size: 16,
    color: textColor(theme.palette, 'primaryInk', 16, theme.s.grandValue.font),
  };
  const highlightHeight = highlight ? layout.lineHeight(theme.s.heading) + layout.lineHeight(figure) : 0;
  const between = items.length > 0 && highlight ? 10 : 0;
  return {
    height: listHeight + between + highlightHeight + 2 * pad,
    draw(x, y, height) {
      if (meta.fill) layout.rect(x, y, width, height, theme.c(meta.fill));
      else if (framed) layout.strokeRect(x, y, width, height, theme.c('rule'), 0.75);
      keyValues(layout, items, x + pad, y + pad, inner, options);
      if (!highlight) return;
      let hy = y + pad + listHeight + between;
      if (items.length > 0) layout.hline(x + pad, x + width - pad, hy - 5, theme.c('rule'), 0.5);
      layout.text(highlight.label, x + pad, hy, theme.s.heading, inner, items.length > 0 ? 'right' : 'left');
      hy += layout.lineHeight(theme.s.heading);
      layout.text(highlight.value, x + pad, hy, figure, inner, items.length > 0 ? 'right' : 'left');
    },
  };
}

/** The column right of the parties, if any: the meta list or amount, else a few custom fields. */
function sideColumn(ctx: BlockContext, width: number): { width: number; aside: Aside } | null {
  if (hasAside(ctx)) {
    const asideWidth = Math.min(230, width * 0.4);
    return { width: asideWidth, aside: aside(ctx, asideWidth) };
  }
  if (!fieldsInPartiesRow(ctx)) return null;
  const fieldsWidth = Math.min(FIELDS_WIDTH, width - MIN_PARTY - GUTTER);
  return { width: fieldsWidth, aside: fieldsAside(ctx, fieldsWidth) };
}

/** One column: the custom fields under the meta list or amount. */
function under(top: Aside, fields: Aside): Aside {
  return {
    height: top.height + FIELDS_GAP + fields.height,
    draw(x, y) {
      top.draw(x, y, top.height);
      fields.draw(x, y + top.height + FIELDS_GAP, fields.height);
    },
  };
}

interface Row {
  columnWidth: number;
  stacks: Stack[];
  side: { width: number; aside: Aside } | null;
}

/** The parties row measured: the recipients' columns and the one right of them, if any. */
function measureRow(ctx: BlockContext): Row {
  const { layout, view, theme } = ctx;
  const width = layout.contentWidth;
  const column = sideColumn(ctx, width);
  const count = Math.max(1, view.recipients.length);
  const room = width - (column ? column.width + GUTTER : 0);
  const columnWidth = Math.min(220, (room - GUTTER * (count - 1)) / count);
  const indent = theme.spec.parties.accentBar ? BAR_INDENT : 0;
  const stacks = view.recipients.map((p) =>
    measureStack(layout, partyItems(theme, p, true), columnWidth - indent),
  );
  if (!column || !hasAside(ctx) || !fieldsInPartiesRow(ctx)) return { columnWidth, stacks, side: column };
  // The column is narrower than the fields' own: their labels may take half of it ("Ansprechpartnerin").
  const fields = fieldsAside(ctx, column.width, 0.5);
  return { columnWidth, stacks, side: { ...column, aside: under(column.aside, fields) } };
}

function drawBar(layout: Layout, ctx: BlockContext, x: number, y: number, stack: Stack): void {
  const bar = ctx.theme.spec.parties.accentBar;
  if (bar) layout.rect(x, y + 1, 1.5, stack.height - 2, ctx.theme.c(bar));
}

export const parties: Block = {
  id: 'parties',
  present: (ctx) => ctx.view.recipients.length > 0 || hasAside(ctx),
  draw(ctx) {
    const { layout } = ctx;
    const { columnWidth, stacks, side: column } = measureRow(ctx);
    const side = column?.aside ?? null;
    const height = Math.max(side?.height ?? 0, ...stacks.map((s) => s.height));
    layout.ensure(height);
    const top = layout.y;
    const indent = ctx.theme.spec.parties.accentBar ? BAR_INDENT : 0;
    stacks.forEach((stack, i) => {
      const x = layout.left + i * (columnWidth + GUTTER);
      drawBar(layout, ctx, x, top, stack);
      drawStack(layout, stack, x + indent, top, columnWidth - indent);
    });
    if (column && side) side.draw(layout.right - column.width, top, side.height);
    layout.y = top + height;
  },
};
