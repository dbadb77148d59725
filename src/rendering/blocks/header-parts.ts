// Header pieces every header layout uses.
import type { Layout, TextStyle } from '../engine/layout';
import type { StackItem } from './common';
import type { BlockContext } from './context';

/**
 * Short parts ("email", "phone", "web") packed onto as few lines as fit `width`, joined by a middle dot:
 * a part is never split and no line ends on a dangling separator.
 */
export function packParts(
  layout: Layout,
  parts: readonly string[],
  width: number,
  style: TextStyle,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const candidate = line ? `${line}${SEPARATOR}${part}` : part;
    if (line && layout.widthOf(candidate, style) > width) {
      lines.push(line);
      line = part;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const SEPARATOR = '  ·  ';

export function sellerItems(ctx: BlockContext, width: number): StackItem[] {
  const { view, theme } = ctx;
  const items: StackItem[] = [];
  items.push({ text: view.seller.name, style: theme.s.sellerName });
  view.seller.address.forEach((text, i) => {
    items.push({ text, style: theme.s.small, gap: i === 0 ? 3 : 0 });
  });
  // Contact and registration details one line each where they fit: a letterhead, not an address book.
  const extra = [view.seller.contact, view.seller.ids].flatMap((parts) =>
    packParts(ctx.layout, parts, width, theme.s.small),
  );
  extra.forEach((text, i) => {
    items.push({ text, style: theme.s.small, gap: i === 0 ? 3 : 0 });
  });
  return items;
}

export function titleItems(ctx: BlockContext, width: number): StackItem[] {
  const { view, theme } = ctx;
  const items: StackItem[] = [{ text: view.title, style: fittedTitle(ctx, view.title, width) }];
  if (view.subtitle) items.push({ text: view.subtitle, style: theme.s.subtitle, gap: 2 });
  return items;
}

/**
 * The title style, smaller when the title's longest word would not fit the title's width (a long one such
 * as "Rechnungskorrektur" in a large theme face would otherwise break inside the word).
 */
function fittedTitle(ctx: BlockContext, title: string, width: number) {
  const style = ctx.theme.s.title;
  const words = title.split(/\s+/);
  const fits = (s: typeof style) => words.every((word) => ctx.layout.widthOf(word, s) <= width);
  // Tracking does not scale with the size, so the size comes down in small steps until the word fits.
  let fitted = style;
  while (!fits(fitted) && fitted.size > style.size * 0.6) fitted = { ...fitted, size: fitted.size * 0.95 };
  return fitted;
}
