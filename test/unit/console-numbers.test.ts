// Numbers typed into the console's money, quantity, rate and discount fields, read by its language into
// the exact decimal strings the API takes; what cannot be read is null (a field error), never 0.
import { describe, expect, test } from 'bun:test';
import { percentOfAmount, readDecimal, subtractAmounts, writeDecimal } from '../../src/console/numbers';

describe('readDecimal', () => {
  test.each([
    ['1.250,00', '1250.00'],
    ['1250,5', '1250.5'],
    ['1,250.00', '1250.00'],
    ['1.250', '1250'],
    ['12.5', '12.5'],
    ['1.234.567,891', '1234567.891'],
    ['0,07', '0.07'],
    [',5', '0.5'],
    ['-12,50', '-12.50'],
    [' 1 250,00 ', '1250.00'],
    ['19', '19'],
    ['99999999999999.99', '99999999999999.99'],
  ])('German: %p is %p', (typed, exact) => {
    expect(readDecimal(typed, 'de')).toBe(exact);
  });

  test.each([
    ['1,250.00', '1250.00'],
    ['1.250,00', '1250.00'],
    ['1,250', '1250'],
    ['1.250', '1.250'],
    ['1250,5', '1250.5'],
    ['12.50', '12.50'],
    ['-0.5', '-0.5'],
  ])('English: %p is %p', (typed, exact) => {
    expect(readDecimal(typed, 'en')).toBe(exact);
  });

  test.each(['', 'abc', '1.2.3,4,5', '12,', '1,2,3', '1.25.0,00', '12 €', '1e5', '--1', '1,25.000'])(
    '%p cannot be read',
    (typed) => {
      expect(readDecimal(typed, 'de')).toBeNull();
      expect(readDecimal(typed, 'en')).toBeNull();
    },
  );

  test('a stored number is written back so that reading it gives the same value', () => {
    for (const stored of ['1.250', '0.5', '1250.00', '19']) {
      expect(readDecimal(writeDecimal(stored, 'de'), 'de')).toBe(stored);
      expect(readDecimal(writeDecimal(stored, 'en'), 'en')).toBe(stored);
    }
  });
});

describe('percentOfAmount and subtractAmounts: Skonto without a float (issue 36)', () => {
  test.each([
    ['3138.86', '2.5', '78.47', '3060.39'],
    ['237.88', '2', '4.76', '233.12'],
    ['2594.20', '2.00', '51.88', '2542.32'],
    ['100.00', '0.5', '0.50', '99.50'],
    ['1000', '3', '30', '970'],
    ['0.01', '50', '0.01', '0.00'],
  ])('%s at %s %% is %s, leaving %s', (amount, percent, part, rest) => {
    expect(percentOfAmount(amount, percent)).toEqual({ part, rest });
  });

  test('amounts that cannot be read give null', () => {
    expect(percentOfAmount('-5.00', '2')).toBeNull();
    expect(percentOfAmount('5,00', '2')).toBeNull();
    expect(subtractAmounts('10.00', '10.001')).toBeNull();
    expect(subtractAmounts('1.00', '2.00')).toBeNull();
    expect(subtractAmounts('2594.20', '2542.32')).toBe('51.88');
  });
});
