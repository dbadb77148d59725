// What every page carries: the footer (footer text, the service credit, "Page x of y") and, on pages
// after the first, a running header naming the document. Page numbers need the page count, so footers
// are drawn last, on the buffered pages; their height is reserved up front on every page.
import type { BlockContext } from './context';

const FOOTER_GAP = 14;
const RULE_GAP = 6;
const RUNNING_HEADER = 30;

interface FooterPlan {
  lines: string[];
  height: number;
  textWidth: number;
}

function planFooter(ctx: BlockContext): FooterPlan {
  const { layout, view, theme } = ctx;
  const style = theme.s.footer;
  const split = theme.spec.footer.align === 'split';
  const label = layout.widthOf(view.labels.page(99, 99), style);
  const textWidth = split ? layout.contentWidth - label - 24 : layout.contentWidth;
  const lines = view.footer.flatMap((text) => layout.wrap(text, textWidth, style));
  const rows = split ? Math.max(1, lines.length) : lines.length + 1;
  return { lines, textWidth, height: layout.linesHeight(rows, style) };
}

/** Moves the layout's bottom up so body content never runs into the footer. */
export function reserveFooter(ctx: BlockContext): void {
  const { layout, theme } = ctx;
  const plan = planFooter(ctx);
  const rule = theme.spec.footer.rule ? RULE_GAP : 0;
  layout.bottom = layout.height - layout.margins.bottom - plan.height - rule - FOOTER_GAP;
}

export function drawFooters(ctx: BlockContext): void {
  const { layout, view, theme } = ctx;
  const plan = planFooter(ctx);
  const style = theme.s.footer;
  const split = theme.spec.footer.align === 'split';
  const rule = theme.rule(theme.spec.footer.rule);
  const top = layout.height - layout.margins.bottom - plan.height;
  const pages = layout.pdf.pageCount;
  for (let i = 0; i < pages; i += 1) {
    layout.pdf.switchTo(i);
    if (rule) layout.hline(layout.left, layout.right, top - RULE_GAP, rule.color, rule.width);
    const label = view.labels.page(i + 1, pages);
    if (split) {
      layout.lines(plan.lines, layout.left, top, style, plan.textWidth);
      layout.text(label, layout.left, top, style, layout.contentWidth, 'right');
    } else {
      const height = layout.lines(plan.lines, layout.left, top, style, layout.contentWidth, 'center');
      layout.text(label, layout.left, top + height, style, layout.contentWidth, 'center');
    }
  }
}

/** The strip across the top edge some themes carry on every page. */
export function drawTopBar(ctx: BlockContext): void {
  const bar = ctx.theme.spec.header.topBar;
  if (bar) ctx.layout.rect(0, 0, ctx.layout.width, bar.height, ctx.theme.c(bar.color));
}

/** Installs the running header drawn at the top of every page after the first. */
export function installRunningHeader(ctx: BlockContext): void {
  const { layout, view, theme } = ctx;
  layout.headerReserve = RUNNING_HEADER;
  layout.onPageStart = () => {
    drawTopBar(ctx);
    const top = layout.top;
    const name = [view.title, view.number].filter(Boolean).join(' ');
    const left = layout.ellipsize(
      `${name} · ${view.labels.continued}`,
      layout.contentWidth * 0.6,
      theme.s.heading,
    );
    layout.text(left, layout.left, top, theme.s.heading);
    const room = layout.contentWidth - layout.widthOf(left, theme.s.heading) - 24;
    const seller = layout.ellipsize(view.seller.name, room, theme.s.small);
    layout.text(seller, layout.left, top, theme.s.small, layout.contentWidth, 'right');
    const y = top + Math.max(layout.lineHeight(theme.s.heading), layout.lineHeight(theme.s.small)) + 4;
    layout.hline(layout.left, layout.right, y, theme.c('rule'), 0.5);
  };
}
