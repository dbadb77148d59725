import { expect, test } from 'bun:test';
import { headerColumnCount, loadCsvParser, parseCsv, parseCsvPaced } from '../../src/modules/imports/csv';

test('the header width counts commas outside quotes in the first non-empty line only', () => {
  expect(headerColumnCount('name,email\na,b,c,d')).toBe(2);
  expect(headerColumnCount('"a, b",c\nx')).toBe(2);
  expect(headerColumnCount('"say ""hi"", ok",c,d')).toBe(3);
  expect(headerColumnCount('"multi\nline",b\n1,2')).toBe(2);
  expect(headerColumnCount('\n\n\uFEFFone')).toBe(1);
  expect(headerColumnCount(`${','.repeat(199)}\n`)).toBe(200);
});

test('a record’s spreadsheet row counts a CR alone as the parser does (an old Mac file, a CR inside a cell)', async () => {
  await loadCsvParser();
  const table = parseCsv(['name,city\r"A\rx",B\r\rC,D\r'], () => null);
  expect(table.records).toEqual([
    ['A\rx', 'B'],
    ['C', 'D'],
  ]);
  expect(table.sheetRows).toEqual([2, 4]);
});

test('a skipped record whose quoted cells held only line breaks still counts its rows for the records after it', async () => {
  await loadCsvParser();
  // Row 3 is one record over two lines ("\n" and a blank cell): skipped as emptied, still one row of the sheet.
  const table = parseCsv(['name;city\nA;B\n"\n";\nC;D\n'], () => null);
  expect(table.records).toEqual([
    ['A', 'B'],
    ['C', 'D'],
  ]);
  expect(table.sheetRows).toEqual([2, 4]);
  // Both parsers (the paced one reads a file in slices) agree.
  const paced = await parseCsvPaced(
    ['name;city\nA;B\n"\n";\nC;D\n'],
    () => null,
    async () => {},
  );
  expect(paced.sheetRows).toEqual([2, 4]);
});

test('an emptied row above the header, wider than it, is skipped as before: the header sets the width', async () => {
  await loadCsvParser();
  for (const file of [';;;\nname;city\nA;B\n', ',,,\r\nname,city\r\nA,B\r\n']) {
    const table = parseCsv([file], () => null);
    expect(table.header).toEqual(['name', 'city']);
    expect(table.records).toEqual([['A', 'B']]);
    expect(table.sheetRows).toEqual([3]);
    const paced = await parseCsvPaced(
      [file],
      () => null,
      async () => {},
    );
    expect(paced.sheetRows).toEqual([3]);
  }
});
