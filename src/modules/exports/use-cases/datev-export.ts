import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, validationError } from '../../../shared/errors';
import { assignDebtorNumber } from '../../customers';
import { type DocumentRow, documentTotals, listDocuments } from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { bookingLine as bookingLineOf, COLUMNS, CRLF, encodeCp1252, headerLine } from '../datev/format';
import { buyerNameOf, checkPeriod, pagesOf, streamOf } from '../period';
import { creditorNumberOf } from '../repo';
import type { AccountingSettingsValue } from '../schema';
import { readAccountingSettings } from './accounting-settings';
import { bookingsOf, flipped } from './datev-bookings';

/** Issued types that are bookings; quotes, orders, proformas and delivery notes are not. */
export const BOOKED_TYPES = ['invoice', 'credit_note', 'receipt'] as const;

export interface DatevInput {
  from: string;
  to: string;
  kind: 'issued' | 'received';
  encoding: 'windows-1252' | 'utf-8';
}

/** The first day of the fiscal year `date` falls in (YYYY-MM-DD), with the year beginning on `start` (MM-DD). */
export function fiscalYearOf(date: string, start: string): string {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= start ? `${year}-${start}` : `${year - 1}-${start}`;
}

async function checkedSettings(
  ctx: AccountCtx,
  input: DatevInput,
): Promise<
  AccountingSettingsValue & {
    consultant_number: number;
    client_number: number;
  }
> {
  checkPeriod(input.from, input.to);
  const settings = await readAccountingSettings(ctx);
  const missing = (['consultant_number', 'client_number'] as const).filter((f) => settings[f] === null);
  if (missing.length > 0 || settings.consultant_number === null || settings.client_number === null) {
    throw conflict(
      `Set ${missing.join(' and ')} in PUT /api/v1/settings/accounting before exporting to DATEV`,
      { missing },
    );
  }
  if (
    fiscalYearOf(input.from, settings.fiscal_year_start) !==
    fiscalYearOf(input.to, settings.fiscal_year_start)
  ) {
    throw validationError([
      {
        loc: 'query.to',
        msg: `a DATEV batch lies within one fiscal year (beginning ${settings.fiscal_year_start}): from and to span two`,
        type: 'invalid_value',
      },
    ]);
  }
  return {
    ...settings,
    consultant_number: settings.consultant_number,
    client_number: settings.client_number,
  };
}

async function issuedLines(
  ctx: AccountCtx,
  rows: DocumentRow[],
  settings: AccountingSettingsValue,
): Promise<string> {
  let out = '';
  for (const row of rows) {
    if (!(BOOKED_TYPES as readonly string[]).includes(row.documentType)) continue;
    if (row.status === 'draft' || row.status === 'void') continue;
    const debtor = await assignDebtorNumber(
      ctx.db,
      ctx.accountId,
      row.customerId,
      settings.first_debtor_number,
    );
    if (debtor === null) continue;
    const name = await buyerNameOf(ctx, row);
    const side = row.documentType === 'credit_note' ? 'H' : 'S';
    const bookings = bookingsOf(
      {
        total: row.totals.total,
        taxGroups: row.totals.tax_groups ?? [],
        side,
        currency: row.currency,
        account: debtor,
        date: row.issueDate,
        reference: row.number,
        text: name,
      },
      settings.revenue_accounts,
    );
    out += bookings.map(bookingLineOf).join('');
  }
  return out;
}

/** A received supplier's key for its creditor number: its tax ID, else its name (docs/exports.md). */
export function supplierKeyOf(row: Pick<ReceivedDocumentRow, 'sellerTaxId' | 'sellerName'>): string {
  const taxId = (row.sellerTaxId ?? '').replace(/\s+/g, '').toUpperCase();
  if (taxId) return `tax:${taxId}`;
  return `name:${(row.sellerName ?? '').trim().toLowerCase()}`;
}

async function receivedLines(
  ctx: AccountCtx,
  rows: ReceivedDocumentRow[],
  settings: AccountingSettingsValue,
): Promise<string> {
  let out = '';
  const now = isoNow(ctx.clock);
  for (const row of rows) {
    if (row.status === 'rejected' || !row.issueDate) continue;
    const creditor = await creditorNumberOf(
      ctx.db,
      ctx.accountId,
      { key: supplierKeyOf(row), name: row.sellerName },
      settings.first_creditor_number,
      now,
    );
    const computed = documentTotals(row.currency, row.data);
    const invoiceSide = 'H';
    const bookings = bookingsOf(
      {
        total: row.total,
        taxGroups: computed.ok ? computed.totals.tax_groups : [],
        side: row.documentType === 'credit_note' ? flipped(invoiceSide) : invoiceSide,
        currency: row.currency,
        account: creditor,
        date: row.issueDate,
        reference: row.invoiceNumber ?? row.id,
        text: row.sellerName ?? '',
      },
      settings.expense_accounts,
    );
    out += bookings.map(bookingLineOf).join('');
  }
  return out;
}

/**
 * The DATEV Buchungsstapel of a period, streamed a page of documents at a time: header, column line, one
 * booking per document and tax case. Assigns debtor (customers) and creditor (suppliers) numbers on the way.
 */
export async function datevExport({ ctx, input }: { ctx: AccountCtx; input: DatevInput }) {
  const settings = await checkedSettings(ctx, input);
  const header =
    headerLine({
      createdAt: ctx.clock.now(),
      consultantNumber: settings.consultant_number,
      clientNumber: settings.client_number,
      fiscalYearStart: fiscalYearOf(input.from, settings.fiscal_year_start),
      accountLength: settings.account_length,
      from: input.from,
      to: input.to,
      description: input.kind === 'issued' ? 'Rechnungsausgang' : 'Rechnungseingang',
      chart: settings.chart,
    }) +
    COLUMNS.join(';') +
    CRLF;
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  async function* chunks(): AsyncGenerator<string, void> {
    yield header;
    if (input.kind === 'issued') {
      yield* pagesOf(
        ctx,
        async (db, page) => await listDocuments(db, ctx.accountId, filters, page),
        async (tx, rows) => await issuedLines(tx, rows, settings),
      );
    } else {
      yield* pagesOf(
        ctx,
        async (db, page) => await listReceived(db, ctx.accountId, filters, page),
        async (tx, rows) => await receivedLines(tx, rows, settings),
      );
    }
  }
  const encode = input.encoding === 'utf-8' ? (s: string) => new TextEncoder().encode(s) : encodeCp1252;
  return {
    filename: `EXTF_Buchungsstapel_${input.kind}_${input.from}_${input.to}.csv`,
    body: streamOf(chunks(), encode),
  };
}
