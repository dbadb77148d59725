// A test reader of DATEV files, written from DATEV's published format description and not from the
// service's writer (src/modules/exports/datev): it splits, unquotes and checks each field against DATEV's
// own expressions, so a writer mistake is not read back as its own intention.

/** Splits a line of a DATEV file at `;` outside quotes, keeping each field as written (quotes included). */
export function datevFields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** A field's value: a quoted text without its quotes and with doubled quotes undone; others as written. */
export function unquote(field: string | undefined): string {
  const value = field ?? '';
  return /^".*"$/s.test(value) ? value.slice(1, -1).replaceAll('""', '"') : value;
}

export interface DatevFile {
  text: string;
  header: string[];
  columns: string[];
  /** Each data line's fields as written (quotes included). */
  rows: string[][];
  /** The value (unquoted) of the named column in a row. */
  value(row: string[], column: string): string;
}

/** Reads a whole file: Windows-1252 unless said, CRLF after every line, header, column line, data lines. */
export function readDatev(bytes: Uint8Array, encoding: 'windows-1252' | 'utf-8' = 'windows-1252'): DatevFile {
  const text = new TextDecoder(encoding).decode(bytes);
  if (!text.endsWith('\r\n')) throw new Error('a DATEV file ends with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  if (lines.some((l) => l.includes('\n') || l.includes('\r'))) throw new Error('a bare LF or CR in the file');
  const [header, columnLine, ...data] = lines;
  const columns = (columnLine ?? '').split(';');
  return {
    text,
    header: datevFields(header ?? ''),
    columns,
    rows: data.map(datevFields),
    value: (row, column) => {
      const index = columns.indexOf(column);
      if (index < 0) throw new Error(`no column ${column}`);
      return unquote(row[index]);
    },
  };
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const quotedText = (max: number) => new RegExp(`^"([^"]|""){0,${max}}"$`);

/**
 * DATEV's expressions (Buchungsstapel, format version 13) for the fields the service fills, each as the
 * format description writes it; a field the service leaves empty must be empty or match. Returns the
 * problems of one booking line, none when DATEV would take it.
 */
export function bookingProblems(fields: string[]): string[] {
  const problems: string[] = [];
  const check = (n: number, re: RegExp, optional = false) => {
    const value = fields[n - 1] ?? '';
    if (optional && value === '') return;
    if (!re.test(value)) problems.push(`field ${n}: ${JSON.stringify(value)}`);
  };
  if (fields.length !== 125) problems.push(`${fields.length} fields, not 125`);
  check(1, /^\d{1,10},\d{2}$/);
  if (/^0+,00$/.test(fields[0] ?? '')) problems.push('field 1: zero');
  check(2, /^"(S|H)"$/);
  check(3, /^"[A-Z]{3}"$/);
  check(4, /^[1-9]\d{0,3},\d{2,6}$/, true);
  check(5, /^\d{1,10},\d{2}$/, true);
  check(6, /^"[A-Z]{3}"$/, true);
  const fx = [4, 5, 6].map((n) => (fields[n - 1] ?? '') !== '');
  if (fx.some(Boolean) && !fx.every(Boolean))
    problems.push('Kurs, Basis-Umsatz and WKZ Basis-Umsatz go together');
  if (fx[0] && fields[2] === '"EUR"') problems.push('a euro amount has no Kurs');
  check(7, /^\d{1,9}$/);
  check(8, /^\d{1,9}$/);
  check(9, /^"\d{1,4}"$/, true);
  check(10, /^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])$/);
  const day = Number((fields[9] ?? '').slice(0, 2));
  if (day > (DAYS[Number((fields[9] ?? '').slice(2)) - 1] ?? 0)) problems.push('field 10: no such day');
  check(11, /^"[A-Za-z0-9$&%*+\-/]{0,36}"$/);
  check(12, quotedText(12), true);
  check(14, quotedText(60));
  for (let n = 21; n <= 36; n += 2) {
    check(n, quotedText(20), true);
    check(n + 1, quotedText(210), true);
  }
  // A VAT ID, or an OSS consumer's country code alone.
  check(40, /^"[A-Z]{2}([A-Z0-9+*]{2,13})?"$/, true);
  check(41, /^\d{1,2},\d{2}$/, true);
  if ((fields[40] ?? '') !== '' && (fields[39] ?? '') === '') problems.push('field 41 without field 40');
  check(123, /^"[A-Z]{2}[A-Z0-9+*]{2,13}"$/, true);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (fields.some((f) => /[\u0000-\u001f\u007f]/.test(f))) problems.push('a control character');
  return problems;
}

/** DATEV's expressions (Debitoren/Kreditoren, format version 5) for the fields the service fills. */
export function masterDataProblems(fields: string[], accountLength: number): string[] {
  const problems: string[] = [];
  const check = (n: number, re: RegExp, optional = true) => {
    const value = fields[n - 1] ?? '';
    if (optional && value === '') return;
    if (!re.test(value)) problems.push(`field ${n}: ${JSON.stringify(value)}`);
  };
  if (fields.length !== 254) problems.push(`${fields.length} fields, not 254`);
  check(1, new RegExp(`^[1-9]\\d{${accountLength}}$`), false);
  check(2, quotedText(50));
  check(7, /^"[012]"$/);
  check(8, quotedText(15));
  check(9, /^"[A-Z]{2}"$/);
  check(10, /^"[A-Z0-9+*]{2,13}"$/);
  check(15, /^"(STR|PF|GK)"$/);
  check(16, quotedText(36));
  check(18, quotedText(10));
  check(19, quotedText(30));
  check(20, /^"[A-Z]{2}"$/);
  check(100, quotedText(20)); // Steuernummer
  check(102, quotedText(40)); // Ansprechpartner
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (fields.some((f) => /[\u0000-\u001f\u007f]/.test(f))) problems.push('a control character');
  return problems;
}
