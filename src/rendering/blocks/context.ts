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
  /**
   * Room the blocks after this one want on the page of its end, cumulative: the totals after the table,
   * then the totals with each short block that keeps with them (engine/paginate.ts tiers).
   */
  keepAfter(): readonly number[];
  /** Custom fields go under the meta list or amount due beside the recipient (blocks/fields.ts). */
  fieldsUnderMeta: boolean;
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
