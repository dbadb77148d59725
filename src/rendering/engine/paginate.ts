// Where a table breaks across pages: pure arithmetic over row heights, so the rules are unit-tested.
//
// The no-orphan rule: the block after the table (the totals, `keepWithLast` points tall) must share a
// page with the end of the table. When it does not fit below the last row, the last rows move to the
// next page with it (two rows if the totals fit with them, else one) rather than leaving the totals alone
// at the top of a page. A one-row table that cannot keep its totals moves to the next page whole. Only
// when even one row plus the totals exceed a fresh page do the totals go on alone: nothing else fits.

export interface PaginateInput {
  /** Cursor where the table would start (its header row's top). */
  startY: number;
  /** Where content starts on a page after a break (below any running header). */
  freshTop: number;
  /** Lowest y content may reach. */
  bottom: number;
  headHeight: number;
  rowHeights: readonly number[];
  keepWithLast: number;
}

export interface PagePlan {
  /** Start a new page before drawing the header at all. */
  newPageFirst: boolean;
  /** Row indices that begin a new page (the header is repeated above them). */
  breaks: Set<number>;
}

const EPSILON = 0.001;

export function paginate(input: PaginateInput): PagePlan {
  const { freshTop, bottom, headHeight, rowHeights, keepWithLast } = input;
  const fits = (y: number) => y <= bottom + EPSILON;
  const n = rowHeights.length;
  const first = rowHeights[0] ?? 0;
  // Never a header alone at the foot of a page: the header and the first row start together.
  let newPageFirst = input.startY > freshTop + EPSILON && !fits(input.startY + headHeight + first);
  const breaks = new Set<number>();

  const layOut = () => {
    let y = (newPageFirst ? freshTop : input.startY) + headHeight;
    let pageStart = 0;
    rowHeights.forEach((h, i) => {
      if (i > pageStart && (breaks.has(i) || !fits(y + h))) {
        breaks.add(i);
        pageStart = i;
        y = freshTop + headHeight;
      }
      y += h;
    });
    return { y, pageStart };
  };

  const end = layOut();
  if (n === 0 || keepWithLast <= 0 || fits(end.y + keepWithLast)) return { newPageFirst, breaks };

  const tableAtTop = newPageFirst || input.startY <= freshTop + EPSILON;
  for (const k of [2, 1]) {
    const cut = n - k;
    if (cut < 0 || (cut === 0 && tableAtTop)) continue;
    const carried = rowHeights.slice(cut).reduce((a, b) => a + b, 0);
    if (!fits(freshTop + headHeight + carried + keepWithLast)) continue;
    // Rows from `cut` on share the last page with the totals; earlier breaks stay where they were.
    for (const b of [...breaks]) if (b > cut) breaks.delete(b);
    if (cut === 0) newPageFirst = true;
    else breaks.add(cut);
    return { newPageFirst, breaks };
  }
  return { newPageFirst, breaks };
}
