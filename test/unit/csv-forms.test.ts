// The two forms of the CSV exports, the credit note's sign, and the archive's index (issue 39 §4;
// docs/exports.md). The HTTP side is test/http/exports-csv-forms.test.ts and exports-csv-archive-index.test.ts.
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { dec, toFixedString } from '../../src/domain/money';
import { csvDialect, csvLine, readsGermanCsv, signOf } from '../../src/modules/exports/csv';
import { ArchiveIndex } from '../../src/modules/exports/use-cases/archive-index';
import { csvField } from '../../src/modules/exports/use-cases/documents-csv';

const machine = csvDialect('machine');
const german = csvDialect('excel-de');

describe('the machine form: what it always was', () => {
  test('no BOM, `,`, amounts and dates as given', () => {
    expect(machine.bom).toBe('');
    expect(machine.amount('-1234.50')).toBe('-1234.50');
    expect(machine.date('2026-11-02')).toBe('2026-11-02');
    expect(machine.date(null)).toBe('');
    expect(csvLine(machine, ['a', csvField('Schmidt; Partner', true), '1.00'])).toBe(
      'a,"Schmidt; Partner",1.00\r\n',
    );
  });
});

describe("the German form: German Excel's own CSV", () => {
  test('a UTF-8 BOM, `;`, decimal commas without thousands separators, DD.MM.YYYY', () => {
    expect(new TextEncoder().encode(german.bom)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(german.separator).toBe(';');
    for (const [fixed, written] of [
      ['1234.50', '1234,50'],
      ['-0.01', '-0,01'],
      ['125000.00', '125000,00'],
      ['0.00', '0,00'],
      ['1500', '1500'], // a currency without minor units (JPY)
      ['12.345', '12,345'], // three (KWD): the comma is the decimal one, never a thousands separator
    ]) {
      expect(german.amount(fixed as string)).toBe(written as string);
    }
    expect(german.date('2026-01-31')).toBe('31.01.2026');
    expect(german.date(null)).toBe('');
  });

  test('csvField quotes a text holding `;` (and `,`), defuses formulas, doubles quotes; in a `;` line', () => {
    const fields = [
      csvField('Schmidt; Partner KG', true),
      csvField('Müller, Söhne', true),
      csvField('=HYPERLINK("x")', true),
      csvField('-Minus GmbH', true),
      csvField('Bäcker "Schäfer"', true),
      german.amount('-11.90'),
    ];
    expect(csvLine(german, fields)).toBe(
      `"Schmidt; Partner KG";"Müller, Söhne";"'=HYPERLINK(""x"")";'-Minus GmbH;"Bäcker ""Schäfer""";-11,90\r\n`,
    );
  });
});

describe("the account's language", () => {
  test.each([
    ['de-DE', true],
    ['de-AT', true],
    ['de-LU', true],
    ['de', true],
    ['DE-de', true],
    ['de-CH', false], // Swiss Excel reads decimal points
    ['de-LI', false],
    ['en-GB', false],
    ['fr-FR', false],
    ['dev', false],
    [null, false],
  ])('%p reads the German form: %p', (locale, expected) => {
    expect(readsGermanCsv(locale)).toBe(expected);
  });
});

describe("a credit note's sign", () => {
  const signed = (type: string, total: string, value = total) =>
    toFixedString(signOf(type, total)(dec(value)), 2);
  test('a credit note entered positive is written negative, each of its amounts', () => {
    expect(signed('credit_note', '119.00')).toBe('-119.00');
    expect(signed('credit_note', '119.00', '19.00')).toBe('-19.00');
    expect(signed('credit_note', '119.00', '0')).toBe('0.00'); // never "-0.00"
  });
  test('one entered negative stays negative; other documents keep their amounts', () => {
    expect(signed('credit_note', '-119.00')).toBe('-119.00');
    expect(signed('invoice', '119.00')).toBe('119.00');
    expect(signed('invoice', '-5.00')).toBe('-5.00');
    expect(signed('receipt', '10.00')).toBe('10.00');
  });
});

describe('the archive index', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  test('one line per file with size and SHA-256, missing files as notes, names quoted only where needed', () => {
    const index = new ArchiveIndex();
    const pdf = new TextEncoder().encode('%PDF-1.7 a');
    const xml = new TextEncoder().encode('<Invoice/>');
    index.digest('issued/RE 1.pdf', pdf);
    index.digest('received/018304 - 28865.xml', xml);
    const base = { type: 'invoice', date: '2026-11-02', currency: 'EUR', status: 'finalized' };
    index.add({
      ...base,
      kind: 'issued',
      number: 'RE 1',
      party: 'A, B',
      total: '119.00',
      files: ['issued/RE 1.pdf'],
      notes: ['XML: the xrechnung_ubl e-invoice cannot be written'],
    });
    index.add({
      ...base,
      kind: 'issued',
      number: 'GS 1',
      party: '=cmd',
      type: 'credit_note',
      total: '10.00',
      files: [],
      notes: ['PDF: could not be produced'],
    });
    index.add({
      ...base,
      kind: 'received',
      number: '018304 - 28865',
      party: 'X; Y',
      total: '5.5',
      status: 'received',
      files: ['received/018304 - 28865.xml'],
      notes: [],
    });
    index.add({ ...base, kind: 'received', number: null, party: null, total: '1.00', files: [], notes: [] });
    expect(index.csv()).toBe(
      'kind,number,type,issue_date,party,total,currency,status,file,size_bytes,sha256,note\r\n' +
        `issued,RE 1,invoice,2026-11-02,"A, B",119.00,EUR,finalized,issued/RE 1.pdf,10,${sha('%PDF-1.7 a')},\r\n` +
        'issued,RE 1,invoice,2026-11-02,"A, B",119.00,EUR,finalized,,,,XML: the xrechnung_ubl e-invoice cannot be written\r\n' +
        "issued,GS 1,credit_note,2026-11-02,'=cmd,-10.00,EUR,finalized,,,,PDF: could not be produced\r\n" +
        `received,018304 - 28865,invoice,2026-11-02,"X; Y",5.50,EUR,received,received/018304 - 28865.xml,10,${sha('<Invoice/>')},\r\n` +
        'received,,invoice,2026-11-02,,1.00,EUR,finalized,,,,\r\n',
    );
  });
});
