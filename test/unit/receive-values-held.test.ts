// The reader of received files takes only values the document data holds (src/einvoicing/receive/
// held-values.ts): an amount, quantity or rate past the data's DecimalString, or a document currency that is
// no ISO 4217 code, refuses the file naming the element and why, in UBL and CII alike; a negative zero is a
// zero. (The HTTP answers, both engines: test/http/pg-inputs-received-values.test.ts.)
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotAnEInvoiceError, parseEInvoice } from '../../src/einvoicing/receive';
import {
  decimalProblem,
  heldOrAsIs,
  refusalOf,
  UnheldValueError,
} from '../../src/einvoicing/receive/held-values';
import { decimalOf } from '../../src/einvoicing/receive/normalize';
import { RULESETS_DIR } from '../harness';

const example = (path: string) => readFileSync(join(RULESETS_DIR, 'examples', path), 'utf8');
const CII = example('xrechnung_cii/01.01a-INVOICE_uncefact.xml');

function refusal(xml: string): string {
  try {
    parseEInvoice(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(NotAnEInvoiceError);
    return (error as Error).message;
  }
  throw new Error('read, not refused');
}

describe('what is wrong with a decimal the data cannot hold', () => {
  test.each([
    [
      '100000000000000000000.2',
      'which has more than the 15 digits before the decimal point the service keeps',
    ],
    ['-1000000000000000', 'which has more than the 15 digits before the decimal point the service keeps'],
    ['0001.5', 'which is not a number'],
    ['1.00000000001', 'which has more than the 10 decimal places the service keeps'],
    ['1E+25', 'which is not a number'],
    ['19.00e', 'which is not a number'],
    ['', 'which is not a number'],
    ['.', 'which is not a number'],
  ])('%p: %s', (value, problem) => {
    expect(decimalProblem(value)).toBe(problem);
  });

  test('the place in the data when no element holds the value as its whole text', () => {
    const error = new UnheldValueError('1E+25', 'which is not a number', 'BT-115');
    expect(refusalOf('<a><b>1E+25 EUR</b></a>', error).message).toBe(
      'The e-invoice cannot be read: "1E+25" (BT-115), which is not a number',
    );
  });

  test("the arithmetic's own refusal of a decimal becomes the value's; any other error stays", () => {
    const held = heldOrAsIs(new TypeError('not a decimal string: "1e3"'));
    expect(held).toBeInstanceOf(UnheldValueError);
    expect((held as UnheldValueError).problem).toBe('which is not a number');
    const other = new TypeError('x is undefined');
    expect(heldOrAsIs(other)).toBe(other);
  });
});

describe('CII: refused naming the element', () => {
  test('BT-112/115 of 21 digits', () => {
    const xml = CII.replaceAll('>336.9<', '>100000000000000000000<');
    expect(refusal(xml)).toMatch(
      /^The e-invoice cannot be read: ram:\w+ on line \d+ holds "100000000000000000000", which has more than the 15 digits before the decimal point the service keeps$/,
    );
  });

  test('a currency that is no ISO 4217 code', () => {
    const xml = CII.replace('<ram:InvoiceCurrencyCode>EUR<', '<ram:InvoiceCurrencyCode>EURO<');
    expect(refusal(xml)).toBe(
      'The e-invoice cannot be read: ram:InvoiceCurrencyCode on line 144 holds "EURO", which is no ISO 4217 currency code (3 capital letters)',
    );
  });

  test('a VAT rate with 11 decimal places', () => {
    const xml = CII.replaceAll(
      '<ram:RateApplicablePercent>7</ram:RateApplicablePercent>',
      '<ram:RateApplicablePercent>7.00000000001</ram:RateApplicablePercent>',
    );
    expect(xml).not.toBe(CII);
    expect(refusal(xml)).toContain(
      'holds "7.00000000001", which has more than the 10 decimal places the service keeps',
    );
  });
});

describe('a negative zero is a zero', () => {
  test.each([
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['-.0', '0.0'],
    ['-0.5', '-0.5'],
    ['-10', '-10'],
  ])('%p -> %p', (value, written) => {
    expect(decimalOf(value)).toBe(written);
  });
});
