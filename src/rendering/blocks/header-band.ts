// The band header (Bold): a full-bleed block of the primary colour across the top of the first page,
// the title large on it and the seller's identity beside it in the colour that reads on the band.
import { drawStack, measureStack, type StackItem } from './common';
import type { BlockContext } from './context';
import { packParts, titleItems } from './header-parts';

const LOGO_PAD = 6;

export function drawBandHeader(ctx: BlockContext): void {
  const { layout, view, theme, logo } = ctx;
  const onBand = theme.c('onPrimary');
  const top = Math.max(24, layout.top * 0.75);
  const half = layout.contentWidth * 0.5;

  // The seller's lines on the band use the body sizes in the band's text colour.
  const identityItems: StackItem[] = [{ text: view.seller.name, style: theme.s.sellerName }];
  const onBandSmall = { ...theme.s.small, color: onBand };
  view.seller.address.forEach((text, i) => {
    identityItems.push({ text, style: onBandSmall, gap: i === 0 ? 3 : 0 });
  });
  const extra = [view.seller.contact, view.seller.ids].flatMap((parts) =>
    packParts(layout, parts, half - 10, onBandSmall),
  );
  extra.forEach((text, i) => {
    identityItems.push({ text, style: onBandSmall, gap: i === 0 ? 3 : 0 });
  });
  const identity = measureStack(layout, identityItems, half - 10);

  // A logo sits on a white tile so a dark or transparent logo stays visible on the band.
  const logoHeight = logo ? logo.height + 2 * LOGO_PAD + 14 : 0;
  const title = measureStack(layout, titleItems(ctx, half + 40), half + 40);
  const leftHeight = logoHeight + title.height;
  const bandHeight = top + Math.max(leftHeight, identity.height) + 26;

  layout.rect(0, 0, layout.width, bandHeight, theme.c('primary'));
  let y = top;
  if (logo) {
    layout.rect(layout.left, y, logo.width + 2 * LOGO_PAD, logo.height + 2 * LOGO_PAD, '#ffffff');
    logo.draw(layout.left + LOGO_PAD, y + LOGO_PAD);
    y += logoHeight;
  }
  // Title to the band's foot on the left, identity top-aligned on the right.
  drawStack(layout, title, layout.left, bandHeight - 26 - title.height, half + 40);
  drawStack(layout, identity, layout.right - half, top, half, 'right');
  layout.y = bandHeight;
}
