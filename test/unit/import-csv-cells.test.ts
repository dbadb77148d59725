import { describe, expect, test } from 'bun:test';
import { type CsvDelimiter, headerShape } from '../../src/modules/imports/csv';
import { booleanCell, decimalCell } from '../../src/modules/imports/csv-cells';
import { span } from '../../src/modules/imports/resources/documents-csv';
import type { FieldError } from '../../src/shared/errors';

describe('headerShape: the delimiter from the header line', () => {
  test.each<[string, CsvDelimiter, number]>([
    ['name,email\na;b;c', ',', 2],
    ['name;email;billing_address.country\n1,5;x;y', ';', 3],
    ['"a,b";c\nx', ';', 2],
    ['"a;b",c;d\nx', ',', 2],
    ['name\temail\nx', '\t', 2],
    ['name;email\tphone', ';', 2],
    ['\uFEFFname\n', ',', 1],
  ])('%j -> %j, %d columns', (text, delimiter, columns) => {
    expect(headerShape(text)).toMatchObject({ delimiter, columns });
  });
});

describe('decimalCell: German decimals moved into the API form as text', () => {
  test.each([
    ['1,5', '1.5'],
    ['100,00', '100.00'],
    ['-4,90', '-4.90'],
    ['1.234,56', '1234.56'],
    ['12.345.678,9', '12345678.9'],
    ['0,1000000001', '0.1000000001'],
    ['99999999999999,99', '99999999999999.99'],
    // Not a German decimal: left to the create schema as it stands.
    ['1.5', '1.5'],
    ['4.90', '4.90'],
    ['1.2345', '1.2345'],
    ['1.23,4', '1.23,4'],
    ['1,234.56', '1,234.56'],
    ['1,', '1,'],
    [',5', ',5'],
    ['abc', 'abc'],
  ])('%s in a semicolon file is %s', (cell, value) => {
    const problems: FieldError[] = [];
    expect(decimalCell('line.unit_price', cell, ';', problems)).toBe(value);
    expect(decimalCell('line.unit_price', cell, '\t', problems)).toBe(value);
    expect(problems).toEqual([]);
  });

  test('dots in threes without a comma are refused where a comma can be a decimal separator', () => {
    const problems: FieldError[] = [];
    expect(decimalCell('line.quantity', '1.234', ';', problems)).toBe('1.234');
    expect(decimalCell('line.quantity', '1.234.567', '\t', problems)).toBe('1.234.567');
    expect(decimalCell('line.quantity', '1.234', ',', problems)).toBe('1.234');
    expect(problems).toEqual([
      {
        loc: 'line.quantity',
        msg: "'1.234' could be 1234 or 1,234: write it without the dot, or with a decimal comma",
        type: 'decimal_parsing',
      },
      {
        loc: 'line.quantity',
        msg: "'1.234.567' groups thousands with dots: write 1234567",
        type: 'decimal_parsing',
      },
    ]);
  });

  test('a comma file keeps the cell and says how to write it', () => {
    const problems: FieldError[] = [];
    expect(decimalCell('line.quantity', '1.234,5', ',', problems)).toBe('1.234,5');
    expect(decimalCell('line.quantity', '2.5', ',', problems)).toBe('2.5');
    // A thousand written the English way is not taken for a decimal: both readings are named.
    expect(decimalCell('line.unit_price', '1,234', ',', problems)).toBe('1,234');
    expect(problems).toEqual([
      {
        loc: 'line.quantity',
        msg: "'1.234,5' has a decimal comma; use a dot: 1234.5",
        type: 'decimal_parsing',
      },
      {
        loc: 'line.unit_price',
        msg: "'1,234' has a comma: write 1.234 for the decimal, or 1234 for the whole number (a dot is the decimal point, and no thousands separators)",
        type: 'decimal_parsing',
      },
    ]);
  });

  test('a leading zero groups no thousands: 0.125 and 0.500 are decimals in any file', () => {
    const problems: FieldError[] = [];
    expect(decimalCell('line.quantity', '0.125', ';', problems)).toBe('0.125');
    expect(decimalCell('line.quantity', '-0.500', '\t', problems)).toBe('-0.500');
    expect(problems).toEqual([]);
  });
});

test('booleanCell: true/false, yes/no, ja/nein, 1/0 in any case; anything else names them', () => {
  const problems: FieldError[] = [];
  const read = (cell: string) => booleanCell('line.tax_inclusive', cell, problems);
  expect(['TRUE', 'yes', 'Ja', '1'].map(read)).toEqual([true, true, true, true]);
  expect(['false', 'No', 'NEIN', '0'].map(read)).toEqual([false, false, false, false]);
  expect(problems).toEqual([]);
  expect(read('vielleicht')).toBeUndefined();
  expect(problems[0]?.msg).toBe("'vielleicht' is not a yes/no value: use true/false, yes/no, ja/nein or 1/0");
});

test('span: the rows of one document, runs joined', () => {
  expect([[4], [1, 2, 3], [1, 2, 6], [1, 3, 4, 9]].map(span)).toEqual([
    'row 4',
    'rows 1-3',
    'rows 1-2, 6',
    'rows 1, 3-4, 9',
  ]);
});
