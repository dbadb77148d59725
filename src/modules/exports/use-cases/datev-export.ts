import type { AccountCtx } from '../../../shared/context';
import { conflict, DomainError } from '../../../shared/errors';
import { COLUMNS, CRLF, encodeCp1252, headerLine } from '../datev/format';
import { checkDatevCalendarYear, checkPeriod, streamOf } from '../period';
import type { AccountingSettingsValue } from '../schema';
import { readAccountingSettings } from './accounting-settings';
import { datevEntries } from './datev-entries';
import { linesOf, surveyOf, type UnconvertedDocument } from './datev-lines';
import { recordedAtEnd } from './datev-record';
import { checkDebtorRoom } from './debtor-room';

export { BOOKED_TYPES } from './datev-entries';
export { supplierKeyOf } from './datev-lines';

export interface DatevInput {
  from: string;
  to: string;
  kind: 'issued' | 'received';
  encoding: 'windows-1252' | 'utf-8';
}

export type DatevSettings = AccountingSettingsValue & { consultant_number: number; client_number: number };

/** The first day of the fiscal year `date` falls in (YYYY-MM-DD), with the year beginning on `start` (MM-DD). */
export function fiscalYearOf(date: string, start: string): string {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= start ? `${year}-${start}` : `${year - 1}-${start}`;
}

/** The settings a DATEV file needs: a 409 naming consultant or client number while one is missing. */
export async function datevSettings(ctx: AccountCtx): Promise<DatevSettings> {
  const settings = await readAccountingSettings(ctx);
  const missing = (['consultant_number', 'client_number'] as const).filter((f) => settings[f] === null);
  if (missing.length > 0 || settings.consultant_number === null || settings.client_number === null) {
    throw conflict(
      `Set ${missing.join(' and ')} in PUT /api/v1/settings/accounting before exporting to DATEV`,
      { missing },
    );
  }
  return {
    ...settings,
    consultant_number: settings.consultant_number,
    client_number: settings.client_number,
  };
}

async function checkedSettings(ctx: AccountCtx, input: DatevInput): Promise<DatevSettings> {
  checkPeriod(input.from, input.to);
  const settings = await datevSettings(ctx);
  if (
    fiscalYearOf(input.from, settings.fiscal_year_start) !==
    fiscalYearOf(input.to, settings.fiscal_year_start)
  ) {
    // `fiscal_year_start` beside the field: an office export says the client's problem from it.
    throw new DomainError('unprocessable_entity', 'Request validation failed', {
      fields: [
        {
          loc: 'query.to',
          msg: `a DATEV batch lies within one fiscal year (beginning ${settings.fiscal_year_start}): from and to span two`,
          type: 'invalid_value',
        },
      ],
      fiscal_year_start: settings.fiscal_year_start,
    });
  }
  // After the fiscal year's check, so that a client's problem in an office export keeps its code.
  checkDatevCalendarYear(input.from, input.to);
  return settings;
}

/**
 * Reads the period once before writing (docs/exports.md): a document in a foreign currency without its rate
 * to the euro is a 422 naming it, before a byte is sent; and the header's "Erzeugt am" is the latest event
 * the file books, so the same period made again, after later cancellations too, is the same file.
 */
async function surveyed(
  ctx: AccountCtx,
  input: DatevInput,
  bookedUntil: string | null,
): Promise<{ createdAt: Date; leftOut: number }> {
  let latest: string | null = null;
  const unconverted = new Map<string, UnconvertedDocument>();
  const leftOut = { count: 0 };
  for await (const page of datevEntries(ctx, input, async (_tx, entries) => surveyOf(entries), {
    readOnly: true,
    bookedUntil,
    leftOut,
  })) {
    if (page.latest !== null && (latest === null || page.latest > latest)) latest = page.latest;
    for (const doc of page.unconverted) unconverted.set(doc.id, doc);
  }
  if (unconverted.size > 0) {
    const documents = [...unconverted.values()];
    const named = documents
      .slice(0, 10)
      .map((d) => `${d.number ?? d.id} (${d.currency})`)
      .join(', ');
    const message = `DATEV needs the rate to the euro of every foreign-currency amount; these documents state none (tax_currency EUR with its exchange_rate): ${named}${documents.length > 10 ? ` and ${documents.length - 10} more` : ''}${documents.some((d) => d.id.startsWith('rcv_')) ? '; a received one takes the rate of its payment by PATCH /api/v1/received-documents/{id} with exchange_rate' : ''}`;
    // details.fields as every 422 carries them: the period holds the documents (named in `documents`).
    throw new DomainError('unprocessable_entity', message, {
      fields: [{ loc: 'query.from', msg: message, type: 'missing_exchange_rate' }],
      documents,
    });
  }
  // A file that books nothing is dated at the start of its period.
  return { createdAt: new Date(latest ?? `${input.from}T00:00:00.000Z`), leftOut: leftOut.count };
}

/**
 * The DATEV Buchungsstapel of a period, streamed a page of documents at a time: header, column line, one
 * booking per document and tax case, then the reversals of the documents cancelled in the period. Assigns
 * debtor (customers) and creditor (suppliers) numbers on the way; recorded (datev_exports) once streamed to
 * its end. With `booked_until` set, the bookings dated on or before it are left out (the books kept
 * elsewhere): `leftOut` says how many, `bookedUntil` the day (the route's X-Datev-Left-Out and
 * X-Datev-Booked-Until).
 */
export async function datevExport({ ctx, input }: { ctx: AccountCtx; input: DatevInput }) {
  const settings = await checkedSettings(ctx, input);
  const bookedUntil = settings.booked_until ?? null;
  const { createdAt, leftOut } = await surveyed(ctx, input, bookedUntil);
  if (input.kind === 'issued') await checkDebtorRoom(ctx, settings, input);
  const header =
    headerLine({
      createdAt,
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
  async function* chunks(): AsyncGenerator<string, void> {
    yield header;
    const { kind, from, to } = input;
    const lines = datevEntries(ctx, input, async (tx, entries) => await linesOf(tx, entries, settings), {
      bookedUntil,
    });
    yield* recordedAtEnd(ctx, { kind, from, to, bookedUntil }, lines);
  }
  const encode = input.encoding === 'utf-8' ? (s: string) => new TextEncoder().encode(s) : encodeCp1252;
  return {
    filename: `EXTF_Buchungsstapel_${input.kind}_${input.from}_${input.to}.csv`,
    body: streamOf(chunks(), encode),
    bookedUntil,
    leftOut,
  };
}
