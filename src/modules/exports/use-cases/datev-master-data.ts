// The DATEV master data of the personal accounts (EXTF category 16, "Debitoren/Kreditoren"), so the tax
// adviser's books show names, addresses and VAT IDs instead of bare numbers (docs/exports.md). With a
// period: the debtors and creditors that period's Buchungsstapel books, numbered as it numbers them (the
// adviser imports this file first). Without: every customer with a debtor number and every supplier with a
// creditor number, assigning none.
import type { Party } from '../../../domain/party';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { assignDebtorNumber, type CustomerRow, customerRows, findCustomer } from '../../customers';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { CRLF, encodeCp1252, headerLine } from '../datev/format';
import { MASTER_DATA_COLUMNS, masterDataLine, type PersonalAccount } from '../datev/master-data-format';
import { euVatIdOf } from '../datev/vat-id';
import { checkPeriod, pagesOf, streamOf } from '../period';
import { creditorNumberOf, findCreditorNumber } from '../repo';
import { debtorRange } from './accounting-settings';
import { datevEntries } from './datev-entries';
import { type DatevSettings, datevSettings, fiscalYearOf } from './datev-export';
import { supplierOf } from './datev-lines';
import { recordedAtEnd } from './datev-record';
import { checkDebtorRoom } from './debtor-room';

export interface MasterDataInput {
  from?: string;
  to?: string;
  encoding: 'windows-1252' | 'utf-8';
}

function debtorOf(account: number, row: CustomerRow): PersonalAccount {
  const address = row.billingAddress;
  return {
    account,
    name: row.name,
    vatId: euVatIdOf(row.taxId, address?.country),
    street: address?.line1 ?? null,
    addressLine2: address?.line2 ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    country: address?.country ?? null,
    email: row.email,
    phone: row.phone,
    contactName: row.contactName,
    taxNumber: null,
  };
}

/** A supplier as its newest received document of the walk states it. */
function creditorOf(account: number, row: ReceivedDocumentRow): PersonalAccount {
  const seller: Partial<Party> = row.data.seller ?? {};
  const address = seller.address;
  const vatId = euVatIdOf(seller.tax_id ?? row.sellerTaxId, address?.country);
  // A German supplier's Steuernummer: stated beside its VAT id (BT-32), or alone in the VAT id's place.
  const german = (address?.country ?? 'DE') === 'DE';
  const taxNumber =
    seller.tax_number ?? (vatId === null && german ? (seller.tax_id ?? row.sellerTaxId) : null);
  return {
    account,
    name: row.sellerName ?? seller.name ?? '',
    vatId,
    street: address?.line1 ?? null,
    addressLine2: address?.line2 ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    country: address?.country ?? null,
    email: seller.email ?? null,
    phone: seller.phone ?? null,
    contactName: seller.contact_name ?? null,
    taxNumber: taxNumber ?? null,
  };
}

/** The accounts of the period's bookings, numbered as the Buchungsstapel numbers them. */
async function* ofPeriod(
  ctx: AccountCtx,
  period: { from: string; to: string },
  settings: DatevSettings,
): AsyncGenerator<string, void> {
  const seen = new Set<number>();
  // The bookings the Buchungsstapel leaves out (booked_until) name no account here either.
  const options = { bookedUntil: settings.booked_until ?? null };
  yield* datevEntries(
    ctx,
    { ...period, kind: 'issued' },
    async (tx, entries) => {
      let out = '';
      for (const entry of entries) {
        if (entry.kind !== 'issued') continue;
        const { customerId } = entry.row;
        const debtor = await assignDebtorNumber(tx.db, tx.accountId, customerId, {
          first: settings.first_debtor_number,
          last: debtorRange(settings.account_length)[1],
        });
        const customer = await findCustomer(tx.db, tx.accountId, customerId);
        if (debtor === null || !customer || seen.has(debtor)) continue;
        seen.add(debtor);
        out += masterDataLine(debtorOf(debtor, customer));
      }
      return out;
    },
    options,
  );
  yield* datevEntries(
    ctx,
    { ...period, kind: 'received' },
    async (tx, entries) => {
      let out = '';
      for (const entry of entries) {
        if (entry.kind !== 'received') continue;
        const first = settings.first_creditor_number;
        const supplier = supplierOf(entry.row);
        const creditor = await creditorNumberOf(tx.db, tx.accountId, supplier, first, isoNow(tx.clock));
        if (seen.has(creditor)) continue;
        seen.add(creditor);
        out += masterDataLine(creditorOf(creditor, entry.row));
      }
      return out;
    },
    options,
  );
}

/** Every customer with a debtor number, every supplier with a creditor number (from its newest document). */
async function* ofAll(ctx: AccountCtx): AsyncGenerator<string, void> {
  yield* pagesOf(
    ctx,
    async (db, page) => await customerRows.list(db, ctx.accountId, page),
    async (_tx, rows) =>
      rows
        .flatMap((row) =>
          row.debtorNumber === null ? [] : [masterDataLine(debtorOf(row.debtorNumber, row))],
        )
        .join(''),
  );
  const seen = new Set<number>();
  yield* pagesOf(
    ctx,
    async (db, page) => await listReceived(db, ctx.accountId, {}, page),
    async (tx, rows) => {
      let out = '';
      for (const row of rows) {
        if (row.status === 'rejected') continue;
        const { key, aliases } = supplierOf(row);
        const creditor = await findCreditorNumber(tx.db, tx.accountId, key, aliases);
        if (creditor === null || seen.has(creditor)) continue;
        seen.add(creditor);
        out += masterDataLine(creditorOf(creditor, row));
      }
      return out;
    },
  );
}

/** `from` and `to` come together or not at all. */
function periodOf(input: MasterDataInput): { from: string; to: string } | null {
  if (input.from === undefined && input.to === undefined) return null;
  if (input.from === undefined || input.to === undefined) {
    const loc = input.from === undefined ? 'query.from' : 'query.to';
    throw validationError([{ loc, msg: 'from and to come together (or neither)', type: 'missing' }]);
  }
  checkPeriod(input.from, input.to);
  return { from: input.from, to: input.to };
}

/** The master-data file, streamed a page at a time like the Buchungsstapel, and recorded once at its end. */
export async function datevMasterData({ ctx, input }: { ctx: AccountCtx; input: MasterDataInput }) {
  const period = periodOf(input);
  const settings = await datevSettings(ctx);
  await checkDebtorRoom(ctx, settings, period);
  const today = isoNow(ctx.clock).slice(0, 10);
  const header =
    headerLine({
      format: 'Debitoren/Kreditoren',
      createdAt: ctx.clock.now(),
      consultantNumber: settings.consultant_number,
      clientNumber: settings.client_number,
      fiscalYearStart: fiscalYearOf(period?.from ?? today, settings.fiscal_year_start),
      accountLength: settings.account_length,
      description: 'Debitoren/Kreditoren',
      chart: settings.chart,
    }) +
    MASTER_DATA_COLUMNS.join(';') +
    CRLF;
  async function* chunks(): AsyncGenerator<string, void> {
    yield header;
    const rows = period ? ofPeriod(ctx, period, settings) : ofAll(ctx);
    // Without a period the file is everyone numbered as of today: recorded as that day.
    yield* recordedAtEnd(ctx, { kind: 'master_data', ...(period ?? { from: today, to: today }) }, rows);
  }
  const encode = input.encoding === 'utf-8' ? (s: string) => new TextEncoder().encode(s) : encodeCp1252;
  const suffix = period ? `_${period.from}_${period.to}` : '';
  return { filename: `EXTF_Debitoren_Kreditoren${suffix}.csv`, body: streamOf(chunks(), encode) };
}
