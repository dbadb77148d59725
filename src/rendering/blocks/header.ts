// The first-page header: logo, title, seller identity and (for the `list` meta layout) the document's
// number and dates. Four layouts; band and centered live in their own files.
import type { MetaItem } from '../view/types';
import { drawStack, keyValues, labelColumn, measureStack } from './common';
import type { Block, BlockContext } from './context';
import { drawBandHeader } from './header-band';
import { drawCenteredHeader } from './header-centered';
import { sellerItems, titleItems } from './header-parts';

/** Meta drawn under the title: only for themes whose meta layout is `list`. */
function listMeta(ctx: BlockContext): MetaItem[] {
  return ctx.theme.spec.meta.layout === 'list' ? ctx.view.meta : [];
}

function drawSplitOrStacked(ctx: BlockContext, stacked: boolean): void {
  const { layout, theme, logo } = ctx;
  const top = layout.y;
  const half = layout.contentWidth * 0.5;
  const sideX = layout.right - half;

  // Identity: logo above the seller's name and address.
  let identityY = top;
  const identityX = stacked ? sideX : layout.left;
  const align = stacked ? 'right' : 'left';
  if (logo) {
    logo.draw(stacked ? layout.right - logo.width : layout.left, top);
    identityY += logo.height + 10;
  }
  const identity = measureStack(layout, sellerItems(ctx, half - 10), half - 10);
  drawStack(layout, identity, identityX, identityY, half, align);
  const identityBottom = identityY + identity.height;

  // Title, then the meta list, on the other side.
  const titleX = stacked ? layout.left : sideX;
  const title = measureStack(layout, titleItems(ctx, half), half);
  drawStack(layout, title, titleX, top, half, stacked ? 'left' : 'right');
  let titleBottom = top + title.height;
  const meta = listMeta(ctx);
  if (meta.length > 0) {
    const options = {
      label: theme.s.metaLabel,
      value: theme.s.metaValue,
      labelWidth: labelColumn(layout, meta, theme.s.metaLabel, 110),
      valueAlign: 'right' as const,
    };
    const width = Math.min(half, options.labelWidth + 130);
    const x = stacked ? layout.left : layout.right - width;
    titleBottom += 10 + keyValues(layout, meta, x, titleBottom + 10, width, options);
  }
  layout.y = Math.max(identityBottom, titleBottom);
}

export function drawHeaderText(ctx: BlockContext): void {
  const { layout, view, theme } = ctx;
  if (!view.headerText) return;
  layout.y += 10;
  layout.y += layout.paragraph(view.headerText, layout.left, layout.y, layout.contentWidth, theme.s.small);
}

function drawRule(ctx: BlockContext): void {
  const { layout, theme } = ctx;
  const rule = theme.rule(theme.spec.header.rule);
  if (!rule || theme.spec.header.layout === 'centered') return;
  layout.y += 12;
  layout.hline(layout.left, layout.right, layout.y, rule.color, rule.width);
}

export const header: Block = {
  id: 'header',
  present: () => true,
  draw(ctx) {
    switch (ctx.theme.spec.header.layout) {
      case 'band':
        drawBandHeader(ctx);
        break;
      case 'centered':
        drawCenteredHeader(ctx);
        break;
      default:
        drawSplitOrStacked(ctx, ctx.theme.spec.header.layout === 'stacked');
    }
    drawRule(ctx);
    drawHeaderText(ctx);
  },
};
