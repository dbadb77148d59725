import { expect, test } from 'bun:test';
import { headerColumnCount } from '../../src/modules/imports/csv';

test('the header width counts commas outside quotes in the first non-empty line only', () => {
  expect(headerColumnCount('name,email\na,b,c,d')).toBe(2);
  expect(headerColumnCount('"a, b",c\nx')).toBe(2);
  expect(headerColumnCount('"say ""hi"", ok",c,d')).toBe(3);
  expect(headerColumnCount('"multi\nline",b\n1,2')).toBe(2);
  expect(headerColumnCount('\n\n\uFEFFone')).toBe(1);
  expect(headerColumnCount(`${','.repeat(199)}\n`)).toBe(200);
});
