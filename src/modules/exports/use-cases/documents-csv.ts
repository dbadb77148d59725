import { dec, sub, toFixedString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import {
  type DocumentRow,
  listDocuments,
  minorUnitsOf,
  type PaymentFigures,
  paymentFigures,
} from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { buyerNameOf, checkPeriod, pagesOf, streamOf } from '../period';
import { BOOKED_TYPES } from './datev-export';

const COLUMNS = [
  'number',
  'type',
  'issue_date',
  'due_date',
  'customer',
  'net',
  'tax',
  'total',
  'amount_paid',
  'amount_due',
  'status',
  'currency',
];

/**
 * One RFC 4180 field: quoted when it holds the separator of either locale (`,`, and `;` German Excel
 * splits at), a quote, a tab or a line break (quotes doubled), so no part of a name becomes a cell of its
 * own. A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or CR first) gets a
 * leading `'`; amounts (`text` false) keep their sign.
 */
export function csvField(value: string | null | undefined, text = false): string {
  // Line and paragraph separators break a line in some readers: spaces, as the other control characters.
  let v = (value ?? '').replace(/[\u0085\u2028\u2029]/g, ' ');
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",;\t\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

const line = (fields: string[]) => `${fields.join(',')}\r\n`;

interface CsvRow {
  number: string | null;
  type: string;
  issueDate: string | null;
  dueDate: string | null;
  party: string | null;
  total: string;
  tax: string;
  figures: PaymentFigures;
  status: string;
  currency: string;
}

/** One CSV line; net is total less tax, every amount in the currency's minor units. */
function csvLine(r: CsvRow): string {
  const units = minorUnitsOf(r.currency);
  const total = dec(r.total);
  const tax = dec(r.tax);
  return line([
    csvField(r.number, true),
    r.type,
    r.issueDate ?? '',
    r.dueDate ?? '',
    csvField(r.party, true),
    toFixedString(sub(total, tax), units),
    toFixedString(tax, units),
    toFixedString(total, units),
    r.figures.amount_paid,
    r.figures.amount_due,
    r.status,
    r.currency,
  ]);
}

const issuedRow = async (ctx: AccountCtx, row: DocumentRow) =>
  csvLine({
    number: row.number,
    type: row.documentType,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    party: await buyerNameOf(ctx, row),
    total: row.totals.total,
    tax: row.totals.tax_total,
    figures: paymentFigures(row),
    status: row.status,
    currency: row.currency,
  });

const receivedRow = (row: ReceivedDocumentRow) =>
  csvLine({
    number: row.invoiceNumber,
    type: row.documentType,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    party: row.sellerName,
    total: row.total,
    tax: (row.totals as Record<string, string | undefined>).tax_total ?? '0',
    figures: paymentFigures({
      totals: { amount_due: row.amountDue, total: row.total },
      currency: row.currency,
      amountPaid: row.amountPaid,
    }),
    status: row.status,
    currency: row.currency,
  });

/** The period's issued documents (invoices, credit notes, receipts; not drafts) as UTF-8 CSV, streamed. */
export function documentsCsv({ ctx, input }: { ctx: AccountCtx; input: { from: string; to: string } }) {
  checkPeriod(input.from, input.to);
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  async function* chunks(): AsyncGenerator<string, void> {
    yield line(COLUMNS);
    yield* pagesOf(
      ctx,
      async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
      async (tx, rows) => {
        let out = '';
        for (const r of rows) {
          if (r.status === 'draft' || !(BOOKED_TYPES as readonly string[]).includes(r.documentType)) continue;
          out += await issuedRow(tx, r);
        }
        return out;
      },
    );
  }
  return {
    filename: `documents_${input.from}_${input.to}.csv`,
    body: streamOf(chunks(), (s) => new TextEncoder().encode(s)),
  };
}

/** The period's received documents (every status, the status column says which) as UTF-8 CSV, streamed. */
export function receivedDocumentsCsv({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { from: string; to: string };
}) {
  checkPeriod(input.from, input.to);
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  async function* chunks(): AsyncGenerator<string, void> {
    yield line(COLUMNS.map((c) => (c === 'customer' ? 'supplier' : c)));
    yield* pagesOf(
      ctx,
      async (db, page) => await listReceived(db, ctx.accountId, filters, page),
      async (_tx, rows) => rows.map(receivedRow).join(''),
    );
  }
  return {
    filename: `received-documents_${input.from}_${input.to}.csv`,
    body: streamOf(chunks(), (s) => new TextEncoder().encode(s)),
  };
}
