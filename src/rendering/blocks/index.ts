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

/** Blocks that must end on the same page as the block before them: the no-orphan pairs. */
export const KEEP_WITH_PREVIOUS: ReadonlySet<BlockId> = new Set(['totals']);
