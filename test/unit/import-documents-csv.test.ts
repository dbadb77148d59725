import { beforeAll, describe, expect, test } from 'bun:test';
import { loadCsvParser } from '../../src/modules/imports/csv';
import { csvDocuments, csvLocation } from '../../src/modules/imports/resources/documents-csv';

// The service loads the parser with the first CSV import (createImport); these tests call below that.
beforeAll(() => loadCsvParser());

import { DomainError } from '../../src/shared/errors';

const HEAD = 'number,issue_date,currency,customer_id,line.name,line.quantity,line.unit_price,line.tax_rate';

describe('documents CSV: one record per line, grouped into documents', () => {
  test('consecutive records with one number are one document; document columns from its first line', () => {
    const parsed = csvDocuments([
      HEAD,
      'A-1,2026-11-02,EUR,cus_1,First,1,10.00,19',
      'A-1,,,,Second,2,5.00,',
      'A-2,2026-11-03,USD,cus_2,Other,1,1.00,7',
    ]);
    expect(parsed.totalRows).toBe(3);
    expect(parsed.candidates).toEqual([
      {
        rows: [1, 2],
        errors: [],
        body: {
          number: 'A-1',
          issue_date: '2026-11-02',
          currency: 'EUR',
          customer_id: 'cus_1',
          line_items: [
            { name: 'First', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19' }] },
            { name: 'Second', quantity: '2', unit_price: '5.00' },
          ],
        },
      },
      {
        rows: [3],
        errors: [],
        body: {
          number: 'A-2',
          issue_date: '2026-11-03',
          currency: 'USD',
          customer_id: 'cus_2',
          line_items: [{ name: 'Other', quantity: '1', unit_price: '1.00', taxes: [{ rate: '7' }] }],
        },
      },
    ]);
  });

  test('a later line may repeat a document column, not change it; a number may not come back later', () => {
    const parsed = csvDocuments([
      HEAD,
      'A-1,2026-11-02,EUR,cus_1,First,1,10.00,',
      'A-1,2026-11-02,GBP,cus_1,Second,1,10.00,',
      'B-1,2026-11-02,EUR,cus_1,Third,1,10.00,',
      'A-1,2026-11-02,EUR,cus_1,Fourth,1,10.00,',
      ',2026-11-02,EUR,cus_1,Fifth,1,10.00,',
    ]);
    const [a, b, blank] = parsed.candidates;
    // The line that comes back joins its document, which fails as a whole: never imported without it.
    expect(a?.rows).toEqual([1, 2, 4]);
    expect(a?.errors).toEqual([
      { row: 2, fields: [expect.objectContaining({ loc: 'currency', type: 'inconsistent' })] },
      { row: 4, fields: [expect.objectContaining({ loc: 'number', type: 'duplicate' })] },
    ]);
    expect(a?.errors[1]?.fields[0]?.msg).toContain('rows 1-2');
    expect(b).toMatchObject({ rows: [3], errors: [] });
    expect(blank?.errors[0]?.fields[0]).toMatchObject({ loc: 'number', type: 'missing' });
  });

  test('decimal columns: German decimals in a semicolon file, refused with the fix in a comma file', () => {
    const head =
      'Number;Line.Name;Line.Quantity;Line.Unit_Price;Line.Tax_Rate;Shipping.Amount;Line.Tax_Inclusive';
    const semicolons = csvDocuments([head, 'A-1;Widget;1,5;1.234,56;19;4,90;Ja', ';;;;;;']);
    expect(semicolons.totalRows).toBe(1);
    expect(semicolons.candidates[0]?.body).toEqual({
      number: 'A-1',
      shipping: { amount: '4.90' },
      line_items: [
        { name: 'Widget', quantity: '1.5', unit_price: '1234.56', taxes: [{ rate: '19', inclusive: true }] },
      ],
    });
    const commas = csvDocuments([head.replaceAll(';', ','), 'A-1,Widget,1,"4,90",19,,maybe']);
    expect(commas.candidates[0]?.errors).toEqual([
      {
        row: 1,
        fields: [
          {
            loc: 'line.unit_price',
            msg: "'4,90' has a decimal comma; use a dot: 4.90",
            type: 'decimal_parsing',
          },
          {
            loc: 'line.tax_inclusive',
            msg: "'maybe' is not a yes/no value: use true/false, yes/no, ja/nein or 1/0",
            type: 'bool_parsing',
          },
        ],
      },
    ]);
  });

  test('document_ref groups when numbers come from a sequence; tax and discount columns', () => {
    const parsed = csvDocuments([
      'document_ref,numbering_sequence_id,line.name,line.quantity,line.unit_price,line.tax_rate,line.tax_category,line.tax_inclusive,line.discount_amount',
      'r1,seq_1,A,1,10.00,19,S,TRUE,1.50',
      'r1,seq_1,B,1,10.00,0,Z,no,',
    ]);
    expect(parsed.candidates[0]?.body).toEqual({
      numbering_sequence_id: 'seq_1',
      line_items: [
        {
          name: 'A',
          quantity: '1',
          unit_price: '10.00',
          taxes: [{ rate: '19', category: 'S', inclusive: true }],
          discount: { type: 'fixed', value: '1.50' },
        },
        {
          name: 'B',
          quantity: '1',
          unit_price: '10.00',
          taxes: [{ rate: '0', category: 'Z', inclusive: false }],
        },
      ],
    });
  });

  test('a header without number or document_ref, or with an unknown column, is a 422', () => {
    for (const header of ['issue_date,line.name', 'number,line.colour']) {
      expect(() => csvDocuments([header, 'x,y'])).toThrow(DomainError);
    }
  });
});

describe('csvLocation: a document problem back to its record and column', () => {
  const body = {
    line_items: [{ name: 'A' }, { name: 'B', discount: { type: 'fixed', value: '9' } }, { name: 'C' }],
  };
  const rows = [7, 8, 9];
  test.each([
    ['customer_id', 7, 'customer_id'],
    ['shipping.amount', 7, 'shipping.amount'],
    ['line_items.2.quantity', 9, 'line.quantity'],
    ['line_items.0.taxes.0.rate', 7, 'line.tax_rate'],
    ['line_items.1.discount.value', 8, 'line.discount_amount'],
    ['line_items.0.discount.value', 7, 'line.discount_percent'],
    ['line_items.1', 8, 'row'],
  ])('%s -> row %d, %s', (loc, row, column) => {
    expect(csvLocation(rows, body, loc)).toEqual({ row, loc: column });
  });
});
