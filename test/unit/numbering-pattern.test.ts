// A sequence's numbers of one year (numbering-sequences/pattern.ts numbersOfYear): what they begin with and
// the counter each holds, for a document dated in a year before its yearly sequence's counter.
import { expect, test } from 'bun:test';
import { numbersOfYear, renderNumber } from '../../src/modules/numbering-sequences/pattern';

test("a year's numbers: their common beginning, and the counter of one of them only", () => {
  const year = numbersOfYear('RE-', '{YYYY}-{NNNN}', '2026-12-30');
  expect(year.begins).toBe('RE-2026-');
  expect(year.counterOf('RE-2026-0042')).toBe(42);
  expect(year.counterOf('RE-2026-12345')).toBe(12345);
  expect(year.counterOf('RE-2027-0001')).toBeNull();
  expect(year.counterOf('RE-2026-0042-copy')).toBeNull();
  expect(year.counterOf(renderNumber('RE-', '{YYYY}-{NNNN}', 7, '2026-01-02'))).toBe(7);
});

test('a month in the pattern is any month; characters of regular expressions are read as written', () => {
  const year = numbersOfYear('A.(', '{MM}/{YY}+{NN}', '2026-03-01');
  expect(year.begins).toBe('A.(');
  expect(year.counterOf('A.(03/26+07')).toBe(7);
  expect(year.counterOf('A.(11/26+123')).toBe(123);
  expect(year.counterOf('A.(11/25+1')).toBeNull();
  expect(year.counterOf('AX(11/26+1')).toBeNull();
});
