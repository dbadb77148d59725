// Header pieces every header layout uses.
import type { Layout, TextStyle } from '../engine/layout';
import type { StackItem } from './common';
import type { BlockContext } from './context';

/**
 * `parts` on one line joined by a middle dot when that fits `width`, else one line each: a wrapped
 * "a · b ·" line with a dangling dot reads worse than two lines.
 */
export function joinIfFits(
  layout: Layout,
  parts: readonly string[],
  width: number,
  style: TextStyle,
): string[] {
  if (parts.length === 0) return [];
  const joined = parts.join('  ·  ');
  return layout.widthOf(joined, style) <= width ? [joined] : [...parts];
}

export function sellerItems(ctx: BlockContext, width: number): StackItem[] {
  const { view, theme } = ctx;
  const items: StackItem[] = [];
  items.push({ text: view.seller.name, style: theme.s.sellerName });
  view.seller.address.forEach((text, i) => {
    items.push({ text, style: theme.s.small, gap: i === 0 ? 3 : 0 });
  });
  // Contact and registration details one line each where they fit: a letterhead, not an address book.
  const extra = [view.seller.contact, view.seller.ids].flatMap((parts) =>
    joinIfFits(ctx.layout, parts, width, theme.s.small),
  );
  extra.forEach((text, i) => {
    items.push({ text, style: theme.s.small, gap: i === 0 ? 3 : 0 });
  });
  return items;
}

export function titleItems(ctx: BlockContext): StackItem[] {
  const { view, theme } = ctx;
  const items: StackItem[] = [{ text: view.title, style: theme.s.title }];
  if (view.subtitle) items.push({ text: view.subtitle, style: theme.s.subtitle, gap: 2 });
  return items;
}
