// The centred letterhead (Classic): logo and seller name centred, the address on one line below, a
// double rule, then the document title.
import { drawStack, measureStack } from './common';
import type { BlockContext } from './context';
import { packParts, titleItems } from './header-parts';

export function drawCenteredHeader(ctx: BlockContext): void {
  const { layout, view, theme, logo } = ctx;
  const width = layout.contentWidth;
  if (logo) {
    logo.draw(layout.left + (width - logo.width) / 2, layout.y);
    layout.y += logo.height + 8;
  }
  layout.y += layout.paragraph(view.seller.name, layout.left, layout.y, width, theme.s.sellerName, 'center');
  // The address and contact parts packed whole a line: as one paragraph they broke inside a part, a
  // phone number "+49 211" at a line's end and "5566778" on the next, a postcode apart from its city.
  const parts = [...view.seller.address, ...view.seller.contact];
  if (parts.length > 0) layout.y += 2;
  for (const line of packParts(layout, parts, width - 40, theme.s.small)) {
    layout.y += layout.paragraph(line, layout.left + 20, layout.y, width - 40, theme.s.small, 'center');
  }
  // Tax and register details, whole ones a line (a name list never breaks between first and last name).
  for (const ids of packParts(layout, view.seller.ids, width, theme.s.small)) {
    layout.y += layout.paragraph(ids, layout.left, layout.y, width, theme.s.small, 'center');
  }
  const rule = theme.rule(theme.spec.header.rule);
  if (rule) {
    layout.y += 10;
    layout.hline(layout.left, layout.right, layout.y, rule.color, rule.width);
    layout.hline(layout.left, layout.right, layout.y + rule.width + 1.5, rule.color, rule.width / 3);
  }
  layout.y += 18;
  const title = measureStack(layout, titleItems(ctx, width), width);
  drawStack(layout, title, layout.left, layout.y, width);
  layout.y += title.height;
}
