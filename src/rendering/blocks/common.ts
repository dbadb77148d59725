// Pieces several blocks share: stacks of wrapped text measured before they are drawn, key-value lists,
// section headings and text that flows across pages line by line.
import type { Align, Layout, TextStyle } from '../engine/layout';
import type { Theme } from '../themes/resolve';
import type { MetaItem, PartyView } from '../view/types';
import type { BlockContext } from './context';

export interface StackItem {
  text: string;
  style: TextStyle;
  /** Space above this item. */
  gap?: number;
}

export interface Stack {
  lines: { text: string; style: TextStyle; y: number }[];
  height: number;
}

/** Wraps every item to `width` and works out where each line goes; nothing is drawn yet. */
export function measureStack(layout: Layout, items: readonly StackItem[], width: number): Stack {
  const lines: Stack['lines'] = [];
  let y = 0;
  for (const item of items) {
    if (!item.text) continue;
    if (lines.length > 0) y += item.gap ?? 0;
    for (const text of layout.wrap(item.text, width, item.style)) {
      lines.push({ text, style: item.style, y });
      y += layout.lineHeight(item.style);
    }
  }
  return { lines, height: y };
}

export function drawStack(
  layout: Layout,
  stack: Stack,
  x: number,
  top: number,
  width: number,
  align?: Align,
): void {
  for (const line of stack.lines) layout.text(line.text, x, top + line.y, line.style, width, align);
}

/** A party as stack items: name, address, then contact and ids in the smaller style. */
export function partyItems(theme: Theme, party: PartyView, withHeading: boolean): StackItem[] {
  const items: StackItem[] = [];
  if (withHeading) items.push({ text: party.heading, style: theme.s.heading });
  items.push({ text: party.name, style: theme.s.bodyStrong, gap: 5 });
  party.address.forEach((text, i) => {
    items.push({ text, style: theme.s.body, gap: i === 0 ? 2 : 0 });
  });
  [...party.contact, ...party.ids].forEach((text, i) => {
    items.push({ text, style: theme.s.small, gap: i === 0 ? 3 : 0 });
  });
  return items;
}

export interface KeyValueOptions {
  label: TextStyle;
  value: TextStyle;
  /** Width of the label column; the value takes the rest. */
  labelWidth: number;
  valueAlign: Align;
  rowGap?: number;
}

/** Label/value rows; returns the height (drawn only when `draw`). */
export function keyValues(
  layout: Layout,
  items: readonly MetaItem[],
  x: number,
  top: number,
  width: number,
  options: KeyValueOptions,
  draw = true,
): number {
  const valueWidth = width - options.labelWidth;
  let y = top;
  items.forEach((item, i) => {
    if (i > 0) y += options.rowGap ?? 2;
    const label = layout.wrap(item.label, options.labelWidth - 6, options.label);
    const value = layout.wrap(item.value, valueWidth, options.value);
    if (draw) {
      layout.lines(label, x, y, options.label);
      layout.lines(value, x + options.labelWidth, y, options.value, valueWidth, options.valueAlign);
    }
    y += Math.max(
      layout.linesHeight(label.length, options.label),
      layout.linesHeight(value.length, options.value),
    );
  });
  return y - top;
}

/** Whether the parties row has a column to its right: the meta list (`aside`) or a highlighted amount. */
export function hasAside(ctx: BlockContext): boolean {
  const { meta } = ctx.theme.spec;
  const highlight = meta.showHighlight && meta.layout !== 'strip' && ctx.view.highlight !== null;
  return (meta.layout === 'aside' && ctx.view.meta.length > 0) || highlight;
}

/** A column measured before it is drawn beside the parties. */
export interface Aside {
  height: number;
  draw(x: number, y: number, height: number): void;
}

/** The widest label among `items`, plus room, capped to `max`. */
export function labelColumn(
  layout: Layout,
  items: readonly MetaItem[],
  style: TextStyle,
  max: number,
): number {
  const widest = Math.max(0, ...items.map((i) => layout.widthOf(i.label, style)));
  return Math.min(max, widest + 12);
}

export function headingHeight(ctx: BlockContext): number {
  const { layout, theme } = ctx;
  return layout.lineHeight(theme.s.heading) + (theme.spec.sectionRule ? 6 : 3);
}

/** A section heading ("Payment") at the cursor, with the theme's rule under it. */
export function drawHeading(ctx: BlockContext, text: string, x: number, width: number): void {
  const { layout, theme } = ctx;
  layout.text(text, x, layout.y, theme.s.heading);
  layout.y += layout.lineHeight(theme.s.heading) + 1;
  const rule = theme.rule(theme.spec.sectionRule);
  if (rule) {
    layout.hline(x, x + width, layout.y + 1, rule.color, rule.width);
    layout.y += 5;
  } else {
    layout.y += 2;
  }
}

/** Paragraph text that may run across pages: each line claims its own room. */
export function flowText(ctx: BlockContext, text: string, x: number, width: number, style: TextStyle): void {
  const { layout } = ctx;
  const lh = layout.lineHeight(style);
  for (const line of layout.wrap(text, width, style)) {
    layout.ensure(lh);
    layout.text(line, x, layout.y, style);
    layout.y += lh;
  }
}
