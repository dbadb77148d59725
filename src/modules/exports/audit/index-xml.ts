// index.xml: the description of the data carrier in the GDPdU Beschreibungsstandard (DTD 1.5,
// gdpdu-01-09-2004.dtd, shipped beside it). The element order is the DTD's: Table (URL, Name, Description,
// Validity, the code page, DecimalSymbol and DigitGroupingSymbol, Range, VariableLength); VariableLength
// (ColumnDelimiter, RecordDelimiter, TextEncapsulator, the primary key's columns first, the others, the
// foreign keys).
import {
  COLUMN_DELIMITER,
  type Column,
  DATE_FORMAT,
  germanDate,
  type TableSpec,
  type TableWriter,
} from './gdpdu';

export const DTD_FILE = 'gdpdu-01-09-2004.dtd';

export interface DataSupplier {
  name: string;
  location: string;
  comment: string;
}

/** Text as XML character data: escaped, and without the characters XML 1.0 cannot carry. */
export function xmlText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
  );
}

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function typeOf(column: Column, accuracy: number): string {
  switch (column.type.kind) {
    case 'text':
      return '<AlphaNumeric/>';
    case 'date':
      return `<Date>${element('Format', DATE_FORMAT)}</Date>`;
    case 'number':
      return `<Numeric>${element('Accuracy', String(accuracy))}</Numeric>`;
  }
}

function tableXml(table: TableWriter, period: { from: string; to: string }): string {
  const spec: TableSpec = table.spec;
  const columns = spec.columns.map((column, i) => {
    const tag = i < spec.primaryKey ? 'VariablePrimaryKey' : 'VariableColumn';
    return (
      `        <${tag}>${element('Name', column.name)}${element('Description', column.description)}` +
      `${typeOf(column, table.accuracy[i] ?? 0)}</${tag}>`
    );
  });
  const keys = spec.foreignKeys.map(
    (key) =>
      `        <ForeignKey>${element('Name', key.column)}${element('References', key.references)}</ForeignKey>`,
  );
  return [
    '    <Table>',
    `      ${element('URL', spec.file)}`,
    `      ${element('Name', spec.name)}`,
    `      ${element('Description', spec.description)}`,
    `      <Validity><Range>${element('From', germanDate(period.from))}${element('To', germanDate(period.to))}</Range>${element('Format', DATE_FORMAT)}</Validity>`,
    '      <UTF8/>',
    `      ${element('DecimalSymbol', ',')}`,
    `      ${element('DigitGroupingSymbol', '.')}`,
    // The first record names the columns; the data begin with the second.
    '      <Range><From>2</From></Range>',
    '      <VariableLength>',
    `        ${element('ColumnDelimiter', COLUMN_DELIMITER)}`,
    // CR LF as character references: a parser turns a literal CR LF in character data into LF.
    '        <RecordDelimiter>&#13;&#10;</RecordDelimiter>',
    `        ${element('TextEncapsulator', '"')}`,
    ...columns,
    ...keys,
    '      </VariableLength>',
    '    </Table>',
  ].join('\n');
}

/** The whole index.xml: every table of the data carrier with its columns as written (their Accuracy too). */
export function indexXml(input: {
  supplier: DataSupplier;
  media: string;
  period: { from: string; to: string };
  tables: TableWriter[];
}): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!DOCTYPE DataSet SYSTEM "${DTD_FILE}">`,
    '<DataSet>',
    '  <Version>1.0</Version>',
    '  <DataSupplier>',
    `    ${element('Name', input.supplier.name)}`,
    `    ${element('Location', input.supplier.location)}`,
    `    ${element('Comment', input.supplier.comment)}`,
    '  </DataSupplier>',
    '  <Media>',
    `    ${element('Name', input.media)}`,
    ...input.tables.map((table) => tableXml(table, input.period)),
    '  </Media>',
    '</DataSet>',
    '',
  ].join('\n');
}
