import { type Decimal, dec, sub, toFixedString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import {
  type DocumentRow,
  findDocument,
  listDocuments,
  minorUnitsOf,
  type PaymentFigures,
  paymentFigures,
} from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { type CsvDialect, type CsvFormat, csvDialect, csvFormatOf, csvLine, signOf } from '../csv';
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
 * One RFC 4180 field: quoted when it holds the separator of either form (`,`; `;`, the excel-de form's and
 * German Excel's), a quote, a tab or a line break (quotes doubled), so no part of a name becomes a cell of
 * its own, whichever form it is read in. A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or CR first) gets a
 * leading `'`; amounts (`text` false) keep their sign.
 */
export function csvField(value: string | null | undefined, text = false): string {
  // Line and paragraph separators break a line in some readers: spaces, as the other control characters.
  let v = (value ?? '').replace(/[\u0085\u2028\u2029]/g, ' ');
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",;\t\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

interface CsvRow {
  number: string | null;
  type: string;
  issueDate: string | null;
  dueDate: string | null;
  party: string | null;
  total: string;
  tax: string;
  amountPaid: string;
  amountDue: string;
  status: string;
  currency: string;
}

/**
 * One CSV line in the form's notation; net is total less tax, every amount in the currency's minor units,
 * a credit note's negative (signOf).
 */
function csvRow(r: CsvRow, dialect: CsvDialect): string {
  const units = minorUnitsOf(r.currency);
  const signed = signOf(r.type, r.total);
  const amount = (value: Decimal) => dialect.amount(toFixedString(signed(value), units));
  const total = dec(r.total);
  const tax = dec(r.tax);
  return csvLine(dialect, [
    csvField(r.number, true),
    r.type,
    dialect.date(r.issueDate),
    dialect.date(r.dueDate),
    csvField(r.party, true),
    amount(sub(total, tax)),
    amount(tax),
    amount(total),
    amount(dec(r.amountPaid)),
    amount(dec(r.amountDue)),
    r.status,
    r.currency,
  ]);
}

/**
 * What an issued document is still owed. A voided one (`voided_at` set: void, or archived after it was
 * voided) owes nothing, nor does a receipt. A credit note is set against the invoice it corrects (that invoice's amount due is
 * already less its amount, docs/payments.md), so it owes nothing of its own then; only one its invoice does
 * not take (another currency, or the invoice voided or not issued) is still owed to the customer.
 */
async function amountDueOf(ctx: AccountCtx, row: DocumentRow, figures: PaymentFigures): Promise<string> {
  if (row.status === 'void' || row.voidedAt !== null) return '0';
  // A receipt records a payment already made: nothing is owed on it (the receivables count none).
  if (row.documentType === 'receipt') return '0';
  if (row.documentType !== 'credit_note') return figures.amount_due;
  const invoice = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  // Only an invoice that counts takes it, as the receivables report has it: a voided one does not (the
  // credit note is then the customer's credit).
  const setAgainst =
    !!invoice &&
    invoice.documentType === 'invoice' &&
    invoice.currency === row.currency &&
    ['finalized', 'sent', 'paid', 'archived'].includes(invoice.status) &&
    invoice.voidedAt === null;
  return setAgainst ? '0' : figures.amount_due;
}

async function issuedRow(ctx: AccountCtx, row: DocumentRow, dialect: CsvDialect): Promise<string> {
  const figures = paymentFigures(row);
  return csvRow(
    {
      number: row.number,
      type: row.documentType,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      party: await buyerNameOf(ctx, row),
      total: row.totals.total,
      tax: row.totals.tax_total,
      // A receipt records a payment already made: paid in full (see amountDueOf).
      amountPaid: row.documentType === 'receipt' ? row.totals.total : figures.amount_paid,
      amountDue: await amountDueOf(ctx, row, figures),
      // A cancellation stays one when the invoice is filed away: a voided document reads `void`.
      status: row.voidedAt !== null ? 'void' : row.status,
      currency: row.currency,
    },
    dialect,
  );
}

/**
 * A received credit note names no invoice the service links: it is always a credit of its supplier. A
 * rejected document owes nothing, nor does another file of an invoice received as several (`duplicate_of`
 * set: the file that counts owes it), so the column adds up to what is owed, as the payables count it.
 */
function receivedRow(row: ReceivedDocumentRow, dialect: CsvDialect): string {
  const figures = paymentFigures({
    totals: { amount_due: row.amountDue, total: row.total },
    currency: row.currency,
    amountPaid: row.amountPaid,
  });
  return csvRow(
    {
      number: row.invoiceNumber,
      type: row.documentType,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      party: row.sellerName,
      total: row.total,
      tax: (row.totals as Record<string, string | undefined>).tax_total ?? '0',
      amountPaid: figures.amount_paid,
      amountDue: row.status === 'rejected' || row.duplicateOf !== null ? '0' : figures.amount_due,
      status: row.status,
      currency: row.currency,
    },
    dialect,
  );
}

export interface CsvExportInput {
  from: string;
  to: string;
  /** Absent: the account's language decides (csvFormatOf). */
  format?: CsvFormat;
}

/**
 * The period's issued documents (invoices, credit notes, receipts; not drafts) as CSV in the form asked for
 * (else the account's language's), streamed. Checked before the form is looked up, so a bad period is a 422.
 */
export async function documentsCsv({ ctx, input }: { ctx: AccountCtx; input: CsvExportInput }) {
  checkPeriod(input.from, input.to);
  const dialect = csvDialect(await csvFormatOf(ctx, input.format));
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  async function* chunks(): AsyncGenerator<string, void> {
    yield dialect.bom + csvLine(dialect, COLUMNS);
    yield* pagesOf(
      ctx,
      async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
      async (tx, rows) => {
        let out = '';
        for (const r of rows) {
          if (r.status === 'draft' || !(BOOKED_TYPES as readonly string[]).includes(r.documentType)) continue;
          out += await issuedRow(tx, r, dialect);
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

/** The period's received documents (every status, the status column says which) as CSV, streamed. */
export async function receivedDocumentsCsv({ ctx, input }: { ctx: AccountCtx; input: CsvExportInput }) {
  checkPeriod(input.from, input.to);
  const dialect = csvDialect(await csvFormatOf(ctx, input.format));
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  async function* chunks(): AsyncGenerator<string, void> {
    yield dialect.bom +
      csvLine(
        dialect,
        COLUMNS.map((c) => (c === 'customer' ? 'supplier' : c)),
      );
    yield* pagesOf(
      ctx,
      async (db, page) => await listReceived(db, ctx.accountId, filters, page),
      async (_tx, rows) => rows.map((row) => receivedRow(row, dialect)).join(''),
    );
  }
  return {
    filename: `received-documents_${input.from}_${input.to}.csv`,
    body: streamOf(chunks(), (s) => new TextEncoder().encode(s)),
  };
}
