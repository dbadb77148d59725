// RenderInput -> PDF bytes: view model, theme, then the theme's blocks in order down the page, footers
// last (they need the page count). Pure apart from the creation date pdfkit stamps into the file.
import { BLOCKS, KEEP_WITH_PREVIOUS } from './blocks';
import { hasAside } from './blocks/common';
import type { Block, BlockContext } from './blocks/context';
import { drawCopyMarks } from './blocks/copy-mark';
import { fieldsMayStandBeside } from './blocks/fields';
import { drawFooters, drawTopBar, installRunningHeader, reserveFooter } from './blocks/footer';
import { placeLogo } from './engine/image';
import { Layout } from './engine/layout';
import { Pdf } from './engine/pdf';
import { qrMatrix } from './engine/qr';
import { buildLetterView } from './letter/view';
import { renderStatementPdf } from './statement/render-statement';
import { resolveTheme, type Theme } from './themes/resolve';
import type { BlockId } from './themes/types';
import type { RenderPdf } from './types';
import { buildInvoiceView } from './view/index';
import type { InvoiceView } from './view/types';

/** A letter has no lines or custom fields, and its text comes before the figures it talks about. */
const LETTER_SKIPS: ReadonlySet<BlockId> = new Set(['line-items', 'custom-fields', 'notes']);
function letterOrder(order: readonly BlockId[]): BlockId[] {
  const kept = order.filter((id) => !LETTER_SKIPS.has(id));
  const at = kept.indexOf('totals');
  kept.splice(at < 0 ? kept.length : at, 0, 'notes');
  return kept;
}

export const renderPdf: RenderPdf = async (input) => {
  if (input.statement) return await renderStatementPdf(input.statement);
  const view = input.letter ? buildLetterView(input, input.letter) : buildInvoiceView(input);
  const theme = resolveTheme(input.templateId, input.config, input.data.branding);
  const drawn = await drawDocument(input, view, theme, { gap: theme.spec.gap, fieldsUnderMeta: false });
  return ((await shorter(input, view, theme, drawn)) ?? drawn).pdf.finish();
};

/**
 * A render with fewer pages where the first one's last page holds only blocks after the table (the
 * payment, custom fields, a note), or null: first with the custom fields moved up under the meta list or
 * amount due beside the recipient (where the theme has one and they may stand there), then with smaller
 * gaps between blocks, of either. Only such documents are drawn more than once (issue 42), and those whose
 * last page begins with the table's last rows where smaller gaps may bring them back (`mayShorten`).
 */
async function shorter(
  input: Parameters<RenderPdf>[0],
  view: InvoiceView,
  theme: Theme,
  drawn: Drawn,
): Promise<Drawn | null> {
  if (!mayShorten(drawn)) return null;
  // Rows on the last page: tried only where smaller gaps could bring them back (not every long invoice).
  if (!endsAfterTable(drawn) && tighterGap(drawn, theme.spec.gap) === null) return null;
  const pages = drawn.layout.pageCount;
  const tried = [drawn];
  if (drawn.fieldsMayMoveUp) {
    const moved = await drawDocument(input, view, theme, { gap: theme.spec.gap, fieldsUnderMeta: true });
    if (moved.layout.pageCount < pages) return moved;
    tried.push(moved);
  }
  for (const render of tried) {
    const gap = tighterGap(render, theme.spec.gap);
    if (gap === null) continue;
    const squeezed = await drawDocument(input, view, theme, { ...render.placement, gap });
    if (squeezed.layout.pageCount < pages) return squeezed;
  }
  return null;
}

/** What a render may change to save a page: the gap between blocks, where the custom fields go. */
interface Placement {
  gap: number;
  fieldsUnderMeta: boolean;
}

interface Drawn {
  pdf: Pdf;
  placement: Placement;
  /** Whether the custom fields could go under the meta list or amount due (blocks/fields.ts). */
  fieldsMayMoveUp: boolean;
  layout: Layout;
  /** Gaps drawn between blocks. */
  gaps: number;
  /** Pages the document had when its table ended; null without a table. */
  pagesAtTableEnd: number | null;
}

async function drawDocument(
  input: Parameters<RenderPdf>[0],
  view: InvoiceView,
  theme: Theme,
  placement: Placement,
): Promise<Drawn> {
  const { gap } = placement;
  const pdf = await Pdf.create({
    pageSize: input.pageSize,
    title: view.metaTitle,
    author: view.author,
    lang: view.locale,
    facturx: input.facturx,
    fontFamily: theme.fontFamily,
  });
  const layout = new Layout(pdf, theme.spec.margins, view.locale);
  const logoBox = theme.spec.header.logo;
  const spaced = gap === theme.spec.gap ? theme : { ...theme, spec: { ...theme.spec, gap } };
  const ctx: BlockContext = {
    layout,
    view,
    theme: spaced,
    logo: await placeLogo(pdf, view.logo, logoBox.width, logoBox.height),
    qr: view.payment?.qr ? qrMatrix(view.payment.qr.payload) : null,
    keepAfter: () => [],
    fieldsUnderMeta: placement.fieldsUnderMeta,
  };

  reserveFooter(ctx);
  if (theme.spec.header.layout !== 'band') drawTopBar(ctx);
  installRunningHeader(ctx);
  const order = input.letter ? letterOrder(theme.spec.order) : theme.spec.order;
  const blocks = order.map((id) => BLOCKS[id]).filter((block) => block.present(ctx));
  let pagesAtTableEnd: number | null = null;
  blocks.forEach((block, i) => {
    if (i > 0) layout.y += gap;
    // Measured only by the block that asks (the table): the blocks after it lay out their text to know.
    ctx.keepAfter = () => keepAfter(ctx, blocks.slice(i + 1));
    block.draw(ctx);
    if (block.id === 'line-items') pagesAtTableEnd = layout.pageCount;
  });
  drawFooters(ctx);
  if (input.copy) drawCopyMarks(ctx);
  return {
    pdf,
    placement,
    fieldsMayMoveUp: hasAside(ctx) && fieldsMayStandBeside(ctx),
    layout,
    gaps: Math.max(0, blocks.length - 1),
    pagesAtTableEnd,
  };
}

/** Whether the last page holds only blocks after the table: it began after the table's end. */
function endsAfterTable({ layout, pagesAtTableEnd }: Drawn): boolean {
  return pagesAtTableEnd !== null && layout.pageCount === pagesAtTableEnd + 1;
}

/**
 * Whether a drawing with smaller gaps may save the last page: it holds only blocks after the table, or
 * the table's last rows with them. The no-orphan rule moves a short table's last row or two to the next
 * page with the totals and the payment block when those miss the first page by a few points: a
 * Schlussrechnung's two lines with its two deducted Abschläge in Bold or Minimal were a first page holding
 * one line and half a page blank, the second the other line, the totals and the payment. `tighterGap`
 * decides whether the last page's content can come back (a long table's last page cannot).
 */
function mayShorten(drawn: Drawn): boolean {
  const { layout, pagesAtTableEnd } = drawn;
  return endsAfterTable(drawn) || (layout.pageCount > 1 && pagesAtTableEnd === layout.pageCount);
}

/**
 * The least the gaps between blocks may shrink to, as a share of the theme's: at 45 % (Bold's 20 pt gap
 * becomes 9 pt) the blocks are still told apart by their headings; Bold's 3-line and Modern's 4-line Letter
 * invoice were 0.5 and 4 pt short of one page at half.
 */
const TIGHTEST_GAP = 0.45;

/**
 * A smaller gap between blocks that may bring a last page holding only blocks after the table (the
 * payment, custom fields, a note) back onto the page before, or null when none can: a short invoice a few
 * lines too long for its page stays one page, its blocks a little closer (issue 42). Every gap gives up the
 * same points; together they must cover what the last page holds less the room its page break left (the
 * break comes at a block's start, after its gap). The caller keeps the tighter render only when it has
 * fewer pages.
 */
function tighterGap(drawn: Drawn, gap: number): number | null {
  const { layout, gaps } = drawn;
  if (!mayShorten(drawn) || gaps === 0) return null;
  // A table header repeated on the last page goes with the break.
  const needed = layout.y - layout.freshTop - layout.repeatedHeadOnPage - layout.roomAtLastBreak;
  const factor = 1 - needed / (gaps * gap);
  if (factor < TIGHTEST_GAP) return null;
  return Math.floor(gap * Math.min(1, factor) * 2) / 2;
}

/**
 * Room the blocks after this one need on its last page (engine/paginate.ts, the no-orphan rule), one tier
 * per following block that keeps with what precedes it (the totals, then the payment block when it is short
 * enough, then short custom fields and notes), so neither the totals nor "how to pay" end up alone on a
 * last page. Cumulative: paginate keeps the largest tier it can without emptying a page of line items.
 */
function keepAfter(ctx: BlockContext, rest: readonly Block[]): number[] {
  const tiers: number[] = [];
  let room = 0;
  for (const next of rest) {
    if (!next.height || !KEEP_WITH_PREVIOUS.has(next.id)) break;
    const height = next.height(ctx);
    if (height <= 0) break;
    room += height + ctx.theme.spec.gap;
    tiers.push(room);
  }
  return tiers;
}
