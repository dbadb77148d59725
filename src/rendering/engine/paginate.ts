// Where a table breaks across pages: pure arithmetic over row heights, so the rules are unit-tested.
//
// The no-orphan rule: the block after the table (the totals, `keepWithLast` points tall) must share a
// page with the end of the table. When it does not fit below the last row, the last rows move to the
// next page with it (two rows if the totals fit with them, else one; one when two would leave a single row
// alone on the page before) rather than leaving the totals alone at the top of a page. A one-row table that cannot keep its totals moves to the next page whole. Only
// when even one row plus the totals exceed a fresh page do the totals go on alone: nothing else fits.
//
// The short blocks after the totals (how to pay, custom fields, a note) are further tiers of the same
// room: the largest tier that can be kept is, where the table ends or by moving its last rows, but never the
// whole table off a page that has room for part of it (a first page holding only the header and the
// parties is worse than a note on the next page; issue 42), and never rows off a first page that would
// then be mostly empty (a short invoice's first page holding a line or two, its totals on the next; issue
// 42), unless the payment block would be alone on the next.
// Past the tier kept, the blocks flow on as they fit.

export interface PaginateInput {
  /** Cursor where the table would start (its header row's top). */
  startY: number;
  /** Where content starts on a page after a break (below any running header). */
  freshTop: number;
  /** Lowest y content may reach. */
  bottom: number;
  headHeight: number;
  rowHeights: readonly number[];
  /**
   * Room the blocks after the table need below its last row. A number: the totals. A list: cumulative
   * heights, the totals first (kept as above), then the totals with each following short block (kept when
   * the last rows can go with them).
   */
  keepWithLast: number | readonly number[];
  /** Room a row needs above it when it begins a page (a piece of a broken row: its top padding); 0 if absent. */
  rowLeads?: readonly number[];
}

export interface PagePlan {
  /** Start a new page before drawing the header at all. */
  newPageFirst: boolean;
  /** Row indices that begin a new page (the header is repeated above them). */
  breaks: Set<number>;
}

const EPSILON = 0.001;

export function paginate(input: PaginateInput): PagePlan {
  const { freshTop, bottom, headHeight, rowHeights } = input;
  const tiers = typeof input.keepWithLast === 'number' ? [input.keepWithLast] : input.keepWithLast;
  const fits = (y: number) => y <= bottom + EPSILON;
  const n = rowHeights.length;
  const first = rowHeights[0] ?? 0;
  // Never a header alone at the foot of a page: the header and the first row start together.
  const newPageFirst = input.startY > freshTop + EPSILON && !fits(input.startY + headHeight + first);
  const breaks = new Set<number>();
  const lead = (i: number) => input.rowLeads?.[i] ?? 0;

  const layOut = () => {
    let y = (newPageFirst ? freshTop : input.startY) + headHeight;
    let pageStart = 0;
    rowHeights.forEach((h, i) => {
      if (i > pageStart && (breaks.has(i) || !fits(y + h))) {
        breaks.add(i);
        pageStart = i;
        y = freshTop + headHeight + lead(i);
      }
      y += h;
    });
    return { y, pageStart };
  };

  const end = layOut();
  const tableAtTop = newPageFirst || input.startY <= freshTop + EPSILON;
  const natural = { newPageFirst, breaks };

  /** The plan that keeps `keep` points with the last rows, or null when it cannot be kept. */
  const keeping = (keep: number, mayMoveWhole: boolean): PagePlan | null => {
    if (n === 0 || keep <= 0 || fits(end.y + keep)) return natural;
    // Two rows go with the totals, unless that leaves one row alone on the page before: then one.
    const before = Math.max(0, ...[...breaks].filter((b) => b <= n - 2));
    for (const k of n - 2 - before === 1 ? [1, 2] : [2, 1]) {
      const cut = n - k;
      if (cut < 0 || (cut === 0 && (tableAtTop || !mayMoveWhole))) continue;
      const carried = rowHeights.slice(cut).reduce((a, b) => a + b, 0);
      if (!fits(freshTop + headHeight + lead(cut) + carried + keep)) continue;
      // Rows from `cut` on share the last page with the totals; earlier breaks stay where they were.
      const moved = new Set([...breaks].filter((b) => b <= cut));
      if (cut > 0) moved.add(cut);
      return { newPageFirst: newPageFirst || cut === 0, breaks: moved };
    }
    return null;
  };

  /** Where the first page ends when `plan` moves rows off it; null when it moves none from there. */
  const firstPageEnd = (plan: PagePlan): number | null => {
    if (plan.newPageFirst || plan.breaks.size !== 1) return null;
    const cut = Math.min(...plan.breaks);
    return input.startY + headHeight + rowHeights.slice(0, cut).reduce((a, b) => a + b, 0);
  };

  // The largest tier wins: kept where the table ends when it fits there, else by moving the last rows, but
  // not off a first page that would then be mostly empty: custom fields or a note on the next page (or
  // the payment block with them) read better than a short invoice's first page holding a line or two.
  // Mostly empty: more blank at its foot than table on it, or for the payment block (which the totals
  // keep more firmly, issue 36) twice as much. The payment block as the last block always keeps its rows:
  // alone on a last page it is the orphan the rule is for.
  for (let t = tiers.length - 1; t > 0; t--) {
    const keep = tiers[t] ?? 0;
    if (fits(end.y + keep)) return natural;
    const plan = keeping(keep, false);
    if (!plan) continue;
    const left = firstPageEnd(plan);
    if (left === null || (t === 1 && tiers.length === 2)) return plan;
    if (bottom - left <= (t === 1 ? 2 : 1) * (left - input.startY)) return plan;
  }
  return keeping(tiers[0] ?? 0, true) ?? natural;
}
