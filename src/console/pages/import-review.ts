// What confirming a pending documents import will do, said before the click (docs/imports.md "The review"):
// how many documents become drafts and how many are issued (the API's `issued_rows`), and each issued one's
// status in words ("bezahlt am 15.03.2024", "versendet, Teilzahlung 100,00 € am 02.04.2024").
import type { Import } from '../api-types';
import { formatDate, formatDecimal, formatMoney, t } from '../i18n';

export type IssuedRow = NonNullable<Import['issued_rows']>[number];

/** What the console knows of the file it sent: its format and its `data`. */
export interface SentFile {
  format: 'csv' | 'json';
  data: unknown[];
}

/** Cells of one CSV record. */
type CsvRecord = string[];

/**
 * The records of a CSV text as the API reads them (src/modules/imports/csv.ts): the delimiter from a `sep=`
 * line or the header line (a comma outside quotes, else a semicolon, else a tab), RFC 4180 quotes, blank
 * records and records of empty cells left out. Only for counting the file's documents: the API's reading is
 * the one that counts, and a file this reads otherwise gives no count (`documentsInFile`).
 */
function csvRecords(lines: readonly unknown[]): CsvRecord[] | null {
  if (lines.some((line) => typeof line !== 'string')) return null;
  let text = (lines as string[])
    .join('\n')
    .replace(/\r\n/g, '\n')
    .replace(/^\uFEFF/, '');
  let delimiter: string | null = null;
  const sep = /^\n*sep=([,;\t])[ ]*\n/i.exec(text);
  if (sep) {
    delimiter = sep[1] ?? null;
    text = text.slice(sep[0].length);
  }
  if (delimiter === null) {
    const first = text.replace(/^\n+/, '');
    let quoted = false;
    const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
    for (const ch of first) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch in counts) counts[ch] = (counts[ch] ?? 0) + 1;
      else if (!quoted && ch === '\n') break;
    }
    delimiter = counts[','] || (!counts[';'] && !counts['\t']) ? ',' : counts[';'] ? ';' : '\t';
  }
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      record.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(cell.trim());
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  record.push(cell.trim());
  records.push(record);
  return records.filter((cells) => cells.some((value) => value !== ''));
}

/**
 * The documents confirm creates (its valid ones) and, by data row, each row's currency: JSON counts its
 * objects without errors, a CSV the numbers (or `document_ref`s) of its records without errors. Null when
 * the file cannot be counted here (more failed rows than the import lists, a CSV read otherwise).
 */
export function documentsInFile(
  file: SentFile,
  current: Import,
): { count: number; currency: (row: number) => string | undefined } | null {
  if (current.errors_omitted) return null;
  const failed = new Set((current.errors ?? []).map((error) => error.row));
  if (file.format === 'json') {
    const currencyOf = (row: number) => {
      const currency = (file.data[row - 1] as { currency?: unknown } | undefined)?.currency;
      return typeof currency === 'string' ? currency : undefined;
    };
    return { count: file.data.length - failed.size, currency: currencyOf };
  }
  const records = csvRecords(file.data);
  if (!records) return null;
  const [header, ...rows] = records;
  if (!header || rows.length !== current.total_rows) return null;
  const names = header.map((name) => name.toLowerCase());
  const keyColumn = names.includes('document_ref') ? names.indexOf('document_ref') : names.indexOf('number');
  if (keyColumn < 0) return null;
  const currencyColumn = names.indexOf('currency');
  const keys = new Set<string>();
  rows.forEach((cells, i) => {
    if (!failed.has(i + 1)) keys.add(cells[keyColumn] ?? '');
  });
  const currencyOf = (row: number) => (currencyColumn < 0 ? undefined : rows[row - 1]?.[currencyColumn]);
  return { count: keys.size, currency: currencyOf };
}

/** An amount in the reader's form, with its currency where the file names one. */
function amountText(amount: string, currency: string | undefined): string {
  return currency ? formatMoney(amount, currency) : formatDecimal(amount);
}

/**
 * One issued document's status in words: "abgeschlossen", "versendet", "bezahlt am 15.03.2024",
 * "versendet, Teilzahlung 100,00 € am 02.04.2024".
 */
export function issuedStatusText(row: IssuedRow, currency: string | undefined): string {
  const date = formatDate(row.paid_on);
  // A payment that covers the document makes it paid at confirm, whatever status the file gave.
  if (row.status === 'paid' || row.settles) {
    return row.amount_paid
      ? t('paid on {date} ({amount})', { date, amount: amountText(row.amount_paid, currency) })
      : t('paid on {date}', { date });
  }
  const issued = row.status === 'sent' ? t('sent') : t('finalized');
  if (!row.amount_paid || !row.paid_on) return issued;
  const part = t('part payment {amount} on {date}', { amount: amountText(row.amount_paid, currency), date });
  return `${issued}, ${part}`;
}

/** The counts of the review: issued, of these paid and partly paid, and the drafts (null: not known). */
export function reviewCounts(issued: readonly IssuedRow[], documents: number | null) {
  const paid = issued.filter((row) => row.status === 'paid' || row.settles).length;
  const partly = issued.filter((row) => row.status !== 'paid' && !row.settles && row.amount_paid).length;
  const drafts = documents === null || documents < issued.length ? null : documents - issued.length;
  return { issued: issued.length, paid, partly, drafts };
}

/** "3 already issued documents, …; of these 1 paid, 1 partly paid". */
export function issuedSentence(counts: ReturnType<typeof reviewCounts>): string {
  const head =
    counts.issued === 1
      ? t('1 document already issued, with its number and date from the file')
      : t('{n} documents already issued, with their numbers and dates from the file', { n: counts.issued });
  const parts = [
    counts.paid > 0 ? t('{n} paid', { n: counts.paid }) : null,
    counts.partly > 0 ? t('{n} partly paid', { n: counts.partly }) : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${head}; ${t('of these')} ${parts.join(', ')}` : head;
}

/** "1 document as a draft", "4 documents as drafts". */
export function draftsSentence(drafts: number): string {
  return drafts === 1 ? t('1 document as a draft') : t('{n} documents as drafts', { n: drafts });
}
