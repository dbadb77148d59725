import { describe, expect, test } from 'bun:test';
import { EntryCursor, type ImportEntry } from '../../src/modules/imports/entries';

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
