import { type Decimal, dec, isNegative, sub } from '../../domain/money';
import type { AccountCtx } from '../../shared/context';
import { accountLocale } from '../business-profiles';

/**
 * The two forms of documents.csv and received-documents.csv (docs/exports.md, issue 39): `machine`, UTF-8,
 * `,`, decimal points and ISO dates, as programs read it; `excel-de`, what German Excel itself writes as
 * "CSV UTF-8" and so reads back into columns, numbers and dates: a byte-order mark, `;`, decimal commas
 * and DD.MM.YYYY.
 */
export const CSV_FORMATS = ['machine', 'excel-de'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export interface CsvDialect {
  /** Written before the header line: Excel takes a file for UTF-8 only with it. */
  bom: string;
  separator: string;
  /** An exact decimal as `toFixedString` writes it (`-1234.50`), in the form's notation. */
  amount(fixed: string): string;
  /** An ISO date (YYYY-MM-DD), empty when there is none. */
  date(iso: string | null): string;
}

const DIALECTS: Record<CsvFormat, CsvDialect> = {
  machine: { bom: '', separator: ',', amount: (fixed) => fixed, date: (iso) => iso ?? '' },
  'excel-de': {
    bom: '\uFEFF',
    separator: ';',
    // No thousands separator: `1234,50` is a number to German Excel, and nothing else to strip.
    amount: (fixed) => fixed.replace('.', ','),
    date: (iso) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : ''),
  },
};

export const csvDialect = (format: CsvFormat): CsvDialect => DIALECTS[format];

/** One line: the fields, already written as csvField writes them, and CRLF. */
export const csvLine = (dialect: CsvDialect, fields: readonly string[]) =>
  `${fields.join(dialect.separator)}\r\n`;

/**
 * A locale whose spreadsheets split at `;` and read decimal commas: German, but not Swiss or Liechtenstein
 * German (their Excel reads decimal points).
 */
export const readsGermanCsv = (locale: string | null): boolean =>
  locale !== null && /^de(-|$)/i.test(locale) && !/^de-(CH|LI)\b/i.test(locale);

/**
 * The form asked for, else the account's language: the default locale of its oldest business profile that
 * states one (as the inbox's PDFs take it); the machine form when none does.
 */
export async function csvFormatOf(ctx: AccountCtx, requested: CsvFormat | undefined): Promise<CsvFormat> {
  if (requested) return requested;
  return readsGermanCsv(await accountLocale(ctx.db, ctx.accountId)) ? 'excel-de' : 'machine';
}

/**
 * A credit note lowers what is owed, so its amounts are written negative in a list of receivables (or
 * payables): a credit note entered with positive amounts (as usual) has them turned; one entered negative
 * keeps them. Every other document's amounts are written as stored.
 */
export function signOf(documentType: string, total: string): (value: Decimal) => Decimal {
  if (documentType !== 'credit_note' || isNegative(dec(total))) return (value) => value;
  return (value) => sub(dec('0'), value);
}
