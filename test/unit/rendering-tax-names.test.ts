// The name a tax group is printed under: a tax entered without a name (the totals call it "Tax") is the
// document language's word for VAT when it has an EN 16931 VAT category, its word for tax otherwise.
import { expect, test } from 'bun:test';
import type { TaxGroupResult } from '../../src/domain/money/types';
import { makeFormatter } from '../../src/rendering/format';
import { labelsFor } from '../../src/rendering/labels';
import { buildTaxSummary } from '../../src/rendering/view/figures';

const group = (over: Partial<TaxGroupResult>): TaxGroupResult => ({
  category: 'S',
  rate: '19',
  inclusive: false,
  name: 'Tax',
  taxable_amount: '100.00',
  tax_amount: '19.00',
  ...over,
});

const summary = (groups: TaxGroupResult[], locale: string) =>
  buildTaxSummary(
    {
      tax_groups: groups,
    } as unknown as Parameters<typeof buildTaxSummary>[0],
    makeFormatter(locale, 'EUR', 2),
    labelsFor(locale),
  ).map((row) => row.name);

test('an unnamed tax of a VAT category prints as VAT in the document language', () => {
  expect(summary([group({})], 'de-DE')).toEqual(['USt.']);
  expect(summary([group({})], 'en-GB')).toEqual([labelsFor('en-GB').vat]);
});

test('an unnamed tax without a category prints as tax; a named one as entered', () => {
  expect(summary([group({ category: null })], 'de-DE')).toEqual(['Steuer']);
  expect(summary([group({ name: 'GST' })], 'de-DE')).toEqual(['GST']);
  expect(summary([group({ name: 'vat', category: null })], 'de-DE')).toEqual(['USt.']);
});
