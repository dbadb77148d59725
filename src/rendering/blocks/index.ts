import type { BlockId } from '../themes/types';
import type { Block } from './context';
import { header } from './header';
import { lineItems } from './line-items';
import { meta } from './meta';
import { customFields, notes } from './notes';
import { parties } from './parties';
import { payment } from './payment';
import { totals } from './totals';

/** Every block a theme's `order` may name. */
export const BLOCKS: Readonly<Record<BlockId, Block>> = {
  header,
  meta,
  parties,
  'line-items': lineItems,
  totals,
  payment,
  'custom-fields': customFields,
  notes,
};

/**
 * Blocks that share the page of the block before them when they are short enough (their `height` is 0
 * otherwise): the totals with the table's end, then how to pay, custom fields and a short note, so a last
 * page never holds only one of them (render-pdf.ts keepAfter, engine/paginate.ts).
 */
export const KEEP_WITH_PREVIOUS: ReadonlySet<BlockId> = new Set([
  'totals',
  'payment',
  'custom-fields',
  'notes',
]);
