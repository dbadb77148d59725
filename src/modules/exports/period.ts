import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AccountCtx } from '../../shared/context';
import { calendarDayParam } from '../../shared/dates';
import { validationError } from '../../shared/errors';
import { yieldToEventLoop } from '../../shared/event-loop';
import type { PageRequest } from '../../shared/pagination';
import { findCustomer } from '../customers';
import type { DocumentRow } from '../documents';

/** Rows read per query while an export streams: the response holds one page, never the whole period. */
export const PAGE_SIZE = 100;

/**
 * A period of whole calendar days: `from` or `to` that is no day of the calendar (2026-11-31, 2026-02-29)
 * is a 422 naming it, as the reports answer (a DATEV header dated 20261131 is refused by DATEV); `from`
 * after `to` is a 422 naming `to`. `where`: `query` for a GET, `body` for a POST.
 */
export function checkPeriod(from: string, to: string, where: 'query' | 'body' = 'query'): void {
  calendarDayParam(from, `${where}.from`);
  calendarDayParam(to, `${where}.to`);
  if (from > to) {
    throw validationError([{ loc: `${where}.to`, msg: 'to must not be before from', type: 'invalid_value' }]);
  }
}

/**
 * A DATEV batch lies within one calendar year: a booking's Belegdatum is day and month, its year the
 * header's, and DATEV refuses a batch whose "Datum vom" and "Datum bis" are in two years (#REW04404), which
 * a period within a fiscal year from July (or any month but January) can be. A 422 naming `to`.
 */
export function checkDatevCalendarYear(from: string, to: string, where: 'query' | 'body' = 'query'): void {
  if (from.slice(0, 4) === to.slice(0, 4)) return;
  throw validationError([
    {
      loc: `${where}.to`,
      msg: 'a DATEV batch lies within one calendar year (its Belegdatum is day and month, the year is the header’s): from and to span two',
      type: 'invalid_value',
    },
  ]);
}

/**
 * Walks a list query page by page (the modules' own `list…` functions, newest first), each page read and
 * turned into output inside one transaction, so what a page assigns (debtor numbers) commits with it.
 * Between two pages the event loop takes a turn: requests (`/health`, another export's next page) are
 * answered between the pages of a long export, never only after it.
 */
export async function* pagesOf<R extends { id: string }, T>(
  ctx: AccountCtx,
  list: (db: DbOrTx, page: PageRequest) => Promise<R[]>,
  map: (ctx: AccountCtx, rows: R[]) => Promise<T>,
): AsyncGenerator<T, void> {
  let after: string | null = null;
  for (;;) {
    const cursor = after;
    const page = await inTransaction(ctx, async (tx) => {
      const found = await list(tx.db, { limit: PAGE_SIZE, after: cursor });
      const rows = found.slice(0, PAGE_SIZE);
      return {
        output: rows.length > 0 ? await map(tx, rows) : null,
        more: found.length > PAGE_SIZE,
        last: rows.at(-1),
      };
    });
    if (page.output !== null) yield page.output;
    if (!page.more || !page.last) return;
    after = page.last.id;
    await yieldToEventLoop();
  }
}

/** A stream of text chunks as bytes, pulled one chunk at a time (backpressure: the next page waits). */
export function streamOf(chunks: AsyncGenerator<string, void>, encode: (s: string) => Uint8Array) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encode(next.value));
    },
    async cancel() {
      await chunks.return();
    },
  });
}

/** The buyer's name as the document states it (its snapshot since finalize), else the customer's now. */
export async function buyerNameOf(ctx: AccountCtx, row: DocumentRow): Promise<string> {
  const snapshot = (row.data.buyer as { name?: unknown } | undefined)?.name;
  if (typeof snapshot === 'string') return snapshot;
  return (await findCustomer(ctx.db, ctx.accountId, row.customerId))?.name ?? '';
}
