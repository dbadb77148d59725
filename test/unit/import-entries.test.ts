import { describe, expect, test } from 'bun:test';
import { EntryCursor, entriesText, type ImportEntry, parseEntries } from '../../src/modules/imports/entries';

// Rows 1-9 of a CSV documents import: row 3 failed at create; documents on rows [1,2], [4], [5,6,7], [8,9].
const entries: ImportEntry[] = [
  { rows: [1, 2], body: {} },
  { rows: [4], body: {} },
  { rows: [5, 6, 7], body: {} },
  { rows: [8, 9], body: {} },
];
const counts = (importedRows: number, failedRows: number) => ({ totalRows: 9, importedRows, failedRows });

describe('EntryCursor: where a background commit resumes, from the committed counts alone', () => {
  const cursor = new EntryCursor(entries);

  test('nothing committed yet: the first entry', () => {
    expect(cursor.next(counts(0, 1))).toBe(0);
  });

  test('after whole entries, imported or failed at confirm alike', () => {
    expect(cursor.next(counts(2, 1))).toBe(1);
    expect(cursor.next(counts(3, 1))).toBe(2);
    expect(cursor.next(counts(2, 2))).toBe(2); // the second entry failed at confirm (a number taken)
    expect(cursor.next(counts(3, 4))).toBe(3);
    expect(cursor.next(counts(8, 1))).toBe(4); // all done
  });

  test('counts that fall inside an entry are a bug, not a place to resume', () => {
    expect(() => cursor.next(counts(1, 1))).toThrow('inside an entry');
    expect(() => cursor.next(counts(4, 1))).toThrow('inside an entry');
  });

  test('an import whose every row failed at create has nothing to resume', () => {
    expect(new EntryCursor([]).next({ totalRows: 3, importedRows: 0, failedRows: 3 })).toBe(0);
  });
});

describe('entries as text: one JSON array, one entry per line, parsed a slice at a time', () => {
  const tricky: ImportEntry[] = [
    { rows: [1], body: { name: 'Line\nbreak, "quoted"', notes: '},\n{"rows":[' } },
    { rows: [2, 3], body: { line_items: [{ name: '\u2028 and \\n' }] } },
    ...Array.from({ length: 5 }, (_, i) => ({ rows: [i + 4], body: { n: i } })),
  ];

  test('round trip, whatever the strings hold, and plain JSON to any other reader', async () => {
    const text = entriesText(tricky);
    expect(text.split('\n')).toHaveLength(tricky.length + 2);
    expect(JSON.parse(text)).toEqual(tricky);
    expect(await parseEntries(text, 2)).toEqual(tricky);
  });

  test('no entries, and a compact array written by anything else', async () => {
    expect(await parseEntries(entriesText([]))).toEqual([]);
    expect(await parseEntries(JSON.stringify(tricky))).toEqual(tricky);
  });
});
