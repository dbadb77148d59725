// A CSV field as the exports write it (documents.csv, received-documents.csv, the archive's index.csv).
import { describe, expect, test } from 'bun:test';
import { csvField } from '../../src/modules/exports/use-cases/documents-csv';

describe('csvField: no cell of its own and no formula from a name (issue 37)', () => {
  test.each([
    ['ACME;=1+1', '"ACME;=1+1"'],
    ['ACME,=1+1', '"ACME,=1+1"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3', "'-2+3"],
    ['\tTab', '"\'\tTab"'],
    ['line\u2028break', 'line break'],
    ['Müller & Söhne', 'Müller & Söhne'],
  ])('text %p is %p', (value, field) => {
    expect(csvField(value, true)).toBe(field);
  });

  test('amounts keep their sign', () => {
    expect(csvField('-12.12')).toBe('-12.12');
  });
});
