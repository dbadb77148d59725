// Each audit table as a stream of text: its header, then one chunk per page of the rows it describes, read
// 100 at a time with a turn of the event loop between pages (pagesOf). Only the documents the originals pass
// saw are written (carrier), so every table describes the same documents.
import type { DbOrTx } from '../../../db/client';
import type { AccountCtx } from '../../../shared/context';
import { yieldToEventLoop } from '../../../shared/event-loop';
import type { PageRequest } from '../../../shared/pagination';
import { type CustomerRow, findCustomer } from '../../customers';
import { type DocumentRow, findDocument, listDocuments } from '../../documents';
import { findSequence, gapsDatedBetween } from '../../numbering-sequences';
import { listPayments } from '../../payments';
import { listReceived } from '../../receiving';
import { buyerNameOf, PAGE_SIZE, pagesOf } from '../period';
import { supplierKeyOf } from '../use-cases/datev-export';
import type { TableWriter } from './gdpdu';
import type { AuditInput, Carrier } from './originals';
import {
  customerCells,
  documentCells,
  gapCells,
  lineCells,
  paymentCells,
  receivedCells,
  supplierCells,
  taxGroupCells,
} from './rows';

/** The audited issued documents of the period, a page at a time, each page turned into text by `map`. */
function issuedPages(
  ctx: AccountCtx,
  input: AuditInput,
  carrier: Carrier,
  map: (tx: AccountCtx, row: DocumentRow) => Promise<string>,
): AsyncGenerator<string, void> {
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  return pagesOf(
    ctx,
    async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
    async (tx, rows) => {
      let out = '';
      for (const row of rows) if (carrier.issued.has(row.id)) out += await map(tx, row);
      return out;
    },
  );
}

export async function* documentsTable(ctx: AccountCtx, input: AuditInput, carrier: Carrier, w: TableWriter) {
  yield w.header();
  yield* issuedPages(ctx, input, carrier, async (tx, row) => {
    const buyer = row.data.buyer as { tax_id?: string } | undefined;
    const source = row.sourceDocumentId
      ? await findDocument(tx.db, tx.accountId, row.sourceDocumentId)
      : undefined;
    return w.record(
      documentCells(row, {
        buyer: { name: await buyerNameOf(tx, row), vatId: buyer?.tax_id ?? null },
        sourceNumber: source?.number ?? null,
        files: carrier.issued.get(row.id) ?? { pdf: null, xml: null, notes: [] },
      }),
    );
  });
}

export async function* linesTable(ctx: AccountCtx, input: AuditInput, carrier: Carrier, w: TableWriter) {
  yield w.header();
  yield* issuedPages(ctx, input, carrier, async (_tx, row) =>
    lineCells(row)
      .map((c) => w.record(c))
      .join(''),
  );
}

export async function* taxGroupsTable(ctx: AccountCtx, input: AuditInput, carrier: Carrier, w: TableWriter) {
  yield w.header();
  yield* issuedPages(ctx, input, carrier, async (_tx, row) =>
    taxGroupCells(row)
      .map((c) => w.record(c))
      .join(''),
  );
}

/** Every payment of the period's documents, whatever its date (its own column says when). */
export async function* paymentsTable(ctx: AccountCtx, input: AuditInput, carrier: Carrier, w: TableWriter) {
  yield w.header();
  yield* issuedPages(ctx, input, carrier, async (tx, row) => {
    let out = '';
    let after: string | null = null;
    for (;;) {
      const page: PageRequest = { limit: PAGE_SIZE, after };
      const found = await listPayments(tx.db, tx.accountId, { documentId: row.id }, page);
      for (const payment of found.slice(0, PAGE_SIZE)) out += w.record(paymentCells(payment, row.number));
      if (found.length <= PAGE_SIZE) return out;
      after = found[PAGE_SIZE - 1]?.id ?? null;
    }
  });
}

/** The customers the period's documents name, by id, as their master data reads now. */
export async function* customersTable(ctx: AccountCtx, carrier: Carrier, w: TableWriter) {
  yield w.header();
  const ids = [...carrier.customerIds].sort();
  const list = async (db: DbOrTx, page: PageRequest): Promise<CustomerRow[]> => {
    const start = page.after === null ? 0 : ids.indexOf(page.after) + 1;
    const rows: CustomerRow[] = [];
    for (const id of ids.slice(start, start + page.limit + 1)) {
      const customer = await findCustomer(db, ctx.accountId, id);
      if (customer) rows.push(customer);
    }
    return rows;
  };
  yield* pagesOf(ctx, list, async (_tx, rows) => rows.map((c) => w.record(customerCells(c))).join(''));
}

export async function* receivedTable(ctx: AccountCtx, input: AuditInput, carrier: Carrier, w: TableWriter) {
  yield w.header();
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  yield* pagesOf(
    ctx,
    async (db, page) => await listReceived(db, ctx.accountId, filters, page),
    async (_tx, rows) =>
      rows
        .filter((row) => carrier.received.has(row.id))
        .map((row) => w.record(receivedCells(row, supplierKeyOf(row), carrier.received.get(row.id) ?? null)))
        .join(''),
  );
}

/** The suppliers the received documents name (held by the carrier: no further reads), a page at a time. */
export async function* suppliersTable(carrier: Carrier, w: TableWriter) {
  yield w.header();
  const entries = [...carrier.suppliers.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += PAGE_SIZE) {
    if (i > 0) await yieldToEventLoop();
    yield entries
      .slice(i, i + PAGE_SIZE)
      .map(([key, supplier]) => w.record(supplierCells(key, supplier)))
      .join('');
  }
}

/** Whether the period has gaps in its numbers (their table is on the carrier only then). */
export async function periodHasGaps(ctx: AccountCtx, input: AuditInput): Promise<boolean> {
  return (await gapsDatedBetween(ctx.db, ctx.accountId, input, { limit: 0, after: null })).length > 0;
}

/** The gaps deleted drafts dated in the period left in the numbers, with their sequence's name if it exists. */
export async function* gapsTable(ctx: AccountCtx, input: AuditInput, w: TableWriter) {
  yield w.header();
  yield* pagesOf(
    ctx,
    async (db, page) => await gapsDatedBetween(db, ctx.accountId, input, page),
    async (tx, rows) => {
      let out = '';
      for (const gap of rows) {
        const sequence = await findSequence(tx.db, tx.accountId, gap.sequenceId);
        out += w.record(gapCells(gap, sequence?.name ?? null));
      }
      return out;
    },
  );
}
