// How to pay: instructions, the bank account, a payment link and accepted methods, with the EPC QR code
// ("scan to pay") at the right when the view model allowed one (EUR, payable, valid IBAN).
import { drawQr } from '../engine/qr';
import { drawHeading, flowText, headingHeight, keyValues, labelColumn } from './common';
import type { Block, BlockContext } from './context';

const QR_SIZE = 80;
const QR_GAP = 20;

/** The block laid out without drawing: its pieces and the height it takes on one page. */
function measure(ctx: BlockContext) {
  const { layout, view, theme, qr } = ctx;
  const p = view.payment;
  if (!p) return null;
  const l = view.labels;
  const withQr = qr !== null && p.qr !== null;
  const textWidth = layout.contentWidth - (withQr ? QR_SIZE + QR_GAP : 0);
  const body = theme.s.body;
  const items = [...p.bank];
  if (p.url) items.push({ label: l.payOnline, value: p.url });
  if (p.methods) items.push({ label: l.acceptedMethods, value: p.methods });
  const options = {
    label: theme.s.metaLabel,
    value: theme.s.metaValue,
    labelWidth: labelColumn(layout, items, theme.s.metaLabel, 130),
    valueAlign: 'left' as const,
  };
  const kvWidth = Math.min(textWidth, 380);
  const instructions = p.instructions ? layout.wrap(p.instructions, textWidth, body) : [];
  const instructionsHeight = layout.linesHeight(instructions.length, body);
  const kvHeight = keyValues(layout, items, 0, 0, kvWidth, options, false);
  const caption = withQr ? layout.wrap(p.qr?.caption ?? '', QR_SIZE, theme.s.small) : [];
  const qrHeight = withQr ? QR_SIZE + 2 + layout.linesHeight(caption.length, theme.s.small) : 0;
  const gap = instructions.length > 0 && items.length > 0 ? 8 : 0;
  const height = headingHeight(ctx) + Math.max(instructionsHeight + gap + kvHeight, qrHeight);
  return { p, l, withQr, textWidth, body, items, options, kvWidth, kvHeight, caption, qrHeight, gap, height };
}

export const payment: Block = {
  id: 'payment',
  present: (ctx) => ctx.view.payment !== null,
  // Kept with the totals on their page when it is no taller than half a page (engine/paginate.ts): a last
  // page holding only "how to pay" is a layout defect.
  height(ctx) {
    const measured = measure(ctx);
    const half = (ctx.layout.bottom - ctx.layout.freshTop) / 2;
    return measured && measured.height <= half ? measured.height : 0;
  },
  draw(ctx) {
    const { layout, theme, qr } = ctx;
    const measured = measure(ctx);
    if (!measured) return;
    const {
      p,
      l,
      withQr,
      textWidth,
      body,
      items,
      options,
      kvWidth,
      kvHeight,
      caption,
      qrHeight,
      gap,
      height,
    } = measured;

    // Kept on one page when it fits one; very long instructions flow, the account details follow.
    if (height <= layout.bottom - layout.freshTop) layout.ensure(height);
    else layout.ensure(headingHeight(ctx) + 3 * layout.lineHeight(body));
    drawHeading(ctx, l.payment, layout.left, layout.contentWidth);
    const top = layout.y;
    const page = layout.pageCount;
    if (withQr && qr) {
      const x = layout.right - QR_SIZE;
      drawQr(layout, qr, x, top, QR_SIZE, theme.c('ink'));
      layout.lines(caption, x, top + QR_SIZE + 2, theme.s.small, QR_SIZE, 'center');
    }
    if (p.instructions) flowText(ctx, p.instructions, layout.left, textWidth, body);
    layout.y += gap;
    layout.ensure(kvHeight);
    layout.y += keyValues(layout, items, layout.left, layout.y, kvWidth, options);
    if (layout.pageCount === page) layout.y = Math.max(layout.y, top + qrHeight);
  },
};
