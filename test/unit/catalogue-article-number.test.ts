import { describe, expect, test } from 'bun:test';
import { lineOfProduct } from '../../src/console/pages/documents/catalogue-line';
import { importProblemText } from '../../src/console/pages/import-problems';
import { unitCodeOf } from '../../src/modules/imports/resources/product-columns';

// A line filled from an article carries its article number as the seller's item identifier (EN 16931
// BT-155, the line's sku); an article list's unit names are the codes the console names so.

describe('article number on a line', () => {
  test('the line takes the article number as its sku; an article without one adds none', () => {
    const base = {
      name: 'Kabel',
      description: null,
      unit_code: 'MTR',
      unit_price: '1.29',
      tax_rate: '19',
      tax_category: 'S',
    };
    expect(lineOfProduct({ ...base, article_number: 'E-1042' }, 'en').rest).toMatchObject({ sku: 'E-1042' });
    expect(lineOfProduct({ ...base, article_number: null }, 'en').rest).not.toHaveProperty('sku');
  });
});

describe('unit names of an article list', () => {
  test.each([
    ['Stück', 'C62'],
    ['Stk.', 'H87'],
    ['Std.', 'HUR'],
    ['std', 'HUR'],
    ['h', 'HUR'],
    ['m', 'MTR'],
    ['lfm', 'MTR'],
    ['m²', 'MTK'],
    ['qm', 'MTK'],
    ['Pauschal', 'LS'],
    ['Pausch.', 'LS'],
    ['kg', 'KGM'],
    ['Tag', 'DAY'],
    ['XBX', 'XBX'],
  ])('%s is %s', (cell, code) => {
    const problems: { loc: string }[] = [];
    expect(unitCodeOf(cell, 'Einheit', problems as never)).toBe(code);
    expect(problems).toEqual([]);
  });

  test('a name it does not know is a problem at the column, worded in the console', () => {
    const problems: { loc: string; msg: string; type: string }[] = [];
    expect(unitCodeOf('Karton', 'Einheit', problems)).toBeUndefined();
    expect(problems[0]?.loc).toBe('Einheit');
    expect(importProblemText(problems[0] as never)).toContain('“Karton” is no unit the import knows');
  });
});
