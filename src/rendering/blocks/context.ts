import type { PlacedImage } from '../engine/image';
import type { Layout } from '../engine/layout';
import type { Theme } from '../themes/resolve';
import type { BlockId } from '../themes/types';
import type { InvoiceView } from '../view/types';

export interface BlockContext {
  layout: Layout;
  view: InvoiceView;
  theme: Theme;
  logo: PlacedImage | null;
  /** The EPC QR matrix, when the payment block should print one. */
  qr: boolean[][] | null;
  /** Height the next block needs on the same page as this block's end (the totals after the table). */
  keepAfter(): number;
}

/** A block draws at the cursor and leaves the cursor below what it drew. */
export interface Block {
  id: BlockId;
  /** False when the document has nothing for this block: it is skipped with its gap. */
  present(ctx: BlockContext): boolean;
  draw(ctx: BlockContext): void;
  /** Height it will take, for blocks another block must keep room for. */
  height?(ctx: BlockContext): number;
}
