// An import's problems as the person who chose the file reads them: where (the row, the column of the file,
// the header line) and what, in the console's language. The API says them in English for programmers
// (src/modules/imports); the ones a spreadsheet's file meets are said in words here, anything else through
// the console's plain words for the create endpoints' checks, or as the API put it.
import { t } from '../i18n';
import { plainProblem } from '../ui/plain-problems';

/**
 * The API counts an import's rows as data records, the header not counted (docs/imports.md "row"); a person
 * looks for them in the spreadsheet, whose row 1 is that header: a CSV's data row 1 is row 2 there, as
 * the messages about a line of the file say, and where blank or emptied rows were skipped before it the API
 * says its spreadsheet row (`sheet_row`). A JSON file's n-th object stays n.
 */
export function fileRow(row: number | { row: number; sheet_row?: number }, format: 'csv' | 'json'): number {
  if (typeof row !== 'number') return format === 'csv' ? (row.sheet_row ?? row.row + 1) : row.row;
  return format === 'csv' ? row + 1 : row;
}

/** `row 3`, `rows 1-2, 5` of an API message as the spreadsheet's rows. */
const fileRows = (rows: string, format: 'csv' | 'json') =>
  rows.replace(/\d+/g, (n) => String(fileRow(Number(n), format)));

/** The groups of a message that name rows of the import (the API's data-row numbers). */
const ROW_GROUPS = ['row', 'rows'];

export interface ImportProblem {
  loc: string;
  msg: string;
  type?: string;
}

/**
 * The import's own sentences (src/modules/imports/csv.ts, csv-cells.ts, resources/documents-csv.ts,
 * resources/documents.ts, resources/customers.ts, resources/customer-columns.ts): a named group fills the placeholder of the same name.
 */
const IMPORT_WORDS: [RegExp, string][] = [
  // The header line and the file as a whole (a 422 of the create).
  [/^unknown column '(?<column>.*)'$/, 'There is no column “{column}”: rename or remove it.'],
  [/^duplicate column '(?<column>.*)'$/, 'The column “{column}” appears twice.'],
  [
    /^columns '(?<a>.*)' and '(?<b>.*)' both mean (?<field>\S+): keep one$/,
    'The columns “{a}” and “{b}” mean the same ({field}): keep one of them.',
  ],
  [/^the columns a customers file may have: (?<columns>.*)$/, 'The columns the import knows: {columns}.'],
  [/^the columns a products file may have: (?<columns>.*)$/, 'The columns the import knows: {columns}.'],
  [
    /^no name column: an article needs its name/,
    'The file has no column for the article’s name (“Bezeichnung” or “Name”).',
  ],
  [
    /^a gross price column without a net one/,
    'The file has a gross price but no net price: the catalogue holds net prices, add a column “Preis netto”.',
  ],
  [
    /^a column without a name in the header line/,
    'A column has no name in the header row: name it or remove it.',
  ],
  [
    /^A documents CSV needs a 'number' or 'document_ref' column/,
    'A documents file needs a column “number” (or “document_ref”) that says which document each line belongs to.',
  ],
  [
    /^CSV needs a header line and at least one data row$/,
    'The file needs a header row and at least one row of data.',
  ],
  [
    /^At most (?<max>\d+) columns per CSV file; the header has (?<count>\d+)$/,
    'A file may have at most {max} columns; this one has {count}.',
  ],
  [
    /^Invalid Record Length: (?:expect|columns length is) (?<expected>\d+), got (?<got>\d+) on line (?<line>\d+)/,
    'Line {line} of the file has {got} cells, the header row {expected}: is a separator or quote missing there?',
  ],
  [
    /^Quote Not Closed: .* at line (?<line>\d+)/,
    'A quotation mark opened on line {line} of the file is never closed.',
  ],
  [
    /^Invalid (?:Opening|Closing) Quote: .* at line (?<line>\d+)/,
    'Line {line} of the file has a stray quotation mark.',
  ],
  // A cell of a row.
  [
    /^'(?<value>.*)' could be (?<a>\S+) or (?<b>\S+): write it without the dot, or with a decimal comma$/,
    '“{value}” could be {a} or {b}: write it without the dot, or with a decimal comma.',
  ],
  [
    /^'(?<value>.*)' groups thousands with dots: write (?<digits>\S+)$/,
    '“{value}” groups thousands with dots: write {digits}.',
  ],
  [
    /^'(?<value>.*)' has a comma: write (?<dotted>\S+) for the decimal, or (?<whole>\S+) for the whole number/,
    '“{value}” has a comma, but this file separates its cells with commas: write {dotted} for the decimal, or {whole} for the whole number.',
  ],
  [
    /^'(?<value>.*)' has a decimal comma; use a dot: (?<dotted>\S+)$/,
    '“{value}” has a decimal comma, but this file separates its cells with commas: write {dotted}, or save the file with semicolons.',
  ],
  [
    /^'(?<value>.*)' is not a yes\/no value/,
    '“{value}” is not yes or no: write ja/nein, yes/no, true/false or 1/0.',
  ],
  [
    /^'(?<value>.*)' has a two-digit year: write it with four digits, e\.g\. (?<date>\S+)$/,
    '“{value}” has a two-digit year: write {date}.',
  ],
  [/^'(?<value>.*)' is not a date \(day\.month\.year\)$/, '“{value}” is not a date (day.month.year).'],
  [
    /^'(?<value>.*)' is not a debtor number: /,
    '“{value}” is not a debtor number: DATEV debtor numbers are digits only.',
  ],
  [
    /^'(?<value>.*)' is not a DATEV debtor account \((?<low>\d+)-(?<high>\d+) for account length \d+\): /,
    '“{value}” is not a DATEV debtor account (from {low} to {high}). If the column holds customer numbers rather than debtor accounts, rename it to “metadata.Kundennummer”.',
  ],
  [
    /^debtor_number (?<number>\d+) belongs to another customer of this account$/,
    'The customer number {number} already belongs to another customer.',
  ],
  [
    /^already a customer: (?<name>.*) \((?<id>\S+)\) has this customer number; the row is not imported again$/,
    'Already a customer: {name} has this customer number. The row is not imported again.',
  ],
  [
    /^already a customer: (?<name>.*) \((?<id>\S+)\) has this e-mail address; the row is not imported again$/,
    'Already a customer: {name} has this e-mail address. The row is not imported again.',
  ],
  [
    /^already a customer: (?<name>.*) \((?<id>\S+)\) has this VAT ID; the row is not imported again$/,
    'Already a customer: {name} has this VAT ID. The row is not imported again.',
  ],
  [
    /^customer number (?<number>.*) belongs to another customer: (?<name>.*) \((?<id>\S+)\)$/,
    'The customer number {number} already belongs to another customer ({name}).',
  ],
  [
    /^article number '(?<number>.*)' is already in the catalogue/,
    'The article number {number} is already in the catalogue: the row is not imported (change that article in the catalogue, or give this row another number).',
  ],
  [
    /^already in the catalogue: (?<name>.*) \((?<id>prd_\w+)\) with this name, unit, price and VAT;/,
    'Already in the catalogue: {name}, with this name, unit, price and VAT. The row is not imported again.',
  ],
  [
    /^article number '(?<number>.*)' is already used by row (?<row>\d+) of this import$/,
    'The article number {number} is already used in row {row} of this file.',
  ],
  [
    /^'(?<value>.*)' is no unit name the service knows/,
    '“{value}” is no unit the import knows: write Stück, Stk., Std., Tage, Pausch., m, m², m³, kg, l or kWh, or the unit’s UN/ECE code (such as XBX for a box).',
  ],
  [
    /^the price is in euros \(€\) but the currency says (?<currency>\S+)$/,
    'The price is in euros (€), but the currency column says {currency}.',
  ],
  [
    /^debtor_number (?<number>\d+) is already used by row (?<row>\d+) of this import$/,
    'The customer number {number} is already used in row {row} of this file.',
  ],
  [
    /^an amount in euros \(€\) on a document in (?<currency>\S+):/,
    'An amount in euros (€) on a document in {currency}: write it in {currency}, without the euro sign.',
  ],
  [
    /^Field required: it names the document this line belongs to$/,
    'Required: it says which document this line belongs to.',
  ],
  [
    /^'(?<key>.*)' names the document on row (?<rows>\d+); the lines of one document must be consecutive$/,
    '“{key}” is the document of row {rows} already: the lines of one document must follow each other (sort the file by number).',
  ],
  [
    /^'(?<key>.*)' names the document on rows (?<rows>.+); the lines of one document must be consecutive$/,
    '“{key}” is the document of rows {rows} already: the lines of one document must follow each other (sort the file by number).',
  ],
  [
    /^differs from row (?<row>\d+), the first line of this document \('(?<value>.*)'\)$/,
    'Differs from row {row}, the first line of this document (“{value}”).',
  ],
  [
    /^not imported: the document on row (?<rows>\d+) has errors$/,
    'Not imported: the document of row {rows} has errors.',
  ],
  [
    /^not imported: the document on rows (?<rows>.+) has errors$/,
    'Not imported: the document of rows {rows} has errors.',
  ],
  // A customer's VAT for new lines (`default_tax.*` columns; business-profiles defaultTaxProblems).
  [/^rate must be between 0 and 100$/, 'Enter a rate from 0 to 100, such as 19 or 7.'],
  [
    /^'(?<value>.*)' is not a UNCL5305 VAT category/,
    '“{value}” is no VAT category: write S for a rate above 0 %, at 0 % AE (reverse charge, § 13b UStG), E (exempt), Z, K, G or O.',
  ],
  [
    /^the standard rate \(S\) is above 0 %$/,
    'The standard rate (S) is above 0 %: at 0 % write the category, such as AE for the reverse charge.',
  ],
  [
    /^category (?<category>\S+) is charged at 0 %$/,
    'The category {category} is charged at 0 %: write 0 as the rate.',
  ],
  [
    /^category (?<category>\S+) takes no exemption reason/,
    'The category {category} takes no legal basis: leave the exemption reason empty.',
  ],
  [
    /^number '(?<number>.*)' is already used by row (?<row>\d+) of this import$/,
    'The number {number} is already used in row {row} of this file.',
  ],
  // A documents row carrying its history (resources/document-history.ts, resources/documents.ts).
  [
    /^a cancelled document is not imported: leave it out of the file/,
    'A cancelled invoice is not imported: leave it out of the file (its number stays explained in the records of your previous tool).',
  ],
  [
    /^an archived document is imported as what it was/,
    'An archived document is imported as what it was: paid, sent or finalized.',
  ],
  [
    /^Expected 'draft', 'finalized', 'sent' or 'paid' \(got '(?<value>.*)'\)$/,
    '“{value}” is no status the import knows: write paid, sent (or open), finalized or draft.',
  ],
  [
    /^a payment is recorded on an issued document: give its status/,
    'A payment belongs to an issued document: fill in its status (paid, sent or finalized).',
  ],
  [
    /^a draft takes no payment: give the status it was issued with/,
    'A draft takes no payment: fill in the status it was issued with (paid, sent or finalized).',
  ],
  [/^Field required: the day the payment arrived/, 'Required: the day the payment arrived.'],
  [
    /^Field required: what was paid on paid_on/,
    'Required: the amount paid on that day (or the status paid, for the whole amount).',
  ],
  [
    /^an issued document keeps the number it was issued under/,
    'An issued document keeps the number it was issued under: fill in its number.',
  ],
  [
    /^a .+ is not sent: import it as 'finalized'$/,
    'This kind of document is not sent: write finalized as its status.',
  ],
  [
    /^a .+ takes no payments: import it as 'finalized' or 'sent'$/,
    'This kind of document takes no payments: write finalized or sent as its status.',
  ],
  [/^a .+ takes no payments$/, 'This kind of document takes no payments: leave the amount paid empty.'],
  [
    /^amount_paid must be a positive decimal string such as "119\.00" \(got '(?<value>.*)'\)$/,
    '“{value}” is not an amount above zero, such as 119.00.',
  ],
  [
    /^no document numbered '(?<number>.*)': neither in this account nor on an earlier row of this file/,
    'There is no document numbered {number}, neither among your documents nor on an earlier row of this file (put the invoice before its credit note).',
  ],
  [
    /^the document numbered '(?<number>.*)' \(row (?<row>\d+)\) is not imported: its rows have errors$/,
    'The document numbered {number} (row {row}) is not imported: its rows have errors.',
  ],
  [
    /^no document numbered '(?<number>.*)' in this account \(its row was not imported\)$/,
    'There is no document numbered {number}: its row was not imported.',
  ],
  [
    /^a paid document's payment settles it, and (?<amount>\S+) does not/,
    'The file says paid, but {amount} does not settle the document: give the whole amount, or the status sent (open) with the part payment.',
  ],
  [/^finalize refused it: (?<why>.*)$/, 'Could not be finalized: {why}'],
  [
    /^give source_document_id or source_document_number, not both$/,
    'Name the invoice by its id or by its number, not both.',
  ],
  [/^a credit note corrects an invoice$/, 'A credit note corrects an invoice.'],
  [
    /^the invoice is another customer's: a credit note corrects an invoice of its own customer$/,
    'The invoice is another customer’s: a credit note corrects an invoice of its own customer.',
  ],
];

/** What is wrong, in the console's language; rows it names counted as the file's (`fileRow`). */
export function importProblemText(problem: ImportProblem, format: 'csv' | 'json' = 'csv'): string {
  for (const [pattern, words] of IMPORT_WORDS) {
    const match = pattern.exec(problem.msg);
    if (!match) continue;
    const groups: Record<string, string> = { ...match.groups };
    for (const name of ROW_GROUPS) {
      const rows = groups[name];
      if (rows !== undefined) groups[name] = fileRows(rows, format);
    }
    return t(words, groups);
  }
  return plainProblem(problem.msg, problem.loc);
}

/**
 * Where it is: a column of the row (`Column “line.quantity”`), or nothing when the problem is the row's or
 * the import's as a whole; for a refused file, the header row or the file.
 */
export function importProblemPlace(loc: string): string | null {
  if (loc === 'row' || loc === 'import') return null;
  if (loc === 'body.data.0') return t('Header row');
  if (loc === 'body.data' || loc.startsWith('body.')) return t('File');
  return t('Column “{column}”', { column: loc });
}
