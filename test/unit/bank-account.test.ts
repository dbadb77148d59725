import { describe, expect, test } from 'bun:test';
import { bicProblem, ibanChecksumHolds, ibanProblem } from '../../src/domain/bank-account';

describe('IBAN (ISO 13616 mod 97, on the digits as text)', () => {
  test.each([
    ['DE89 3704 0044 0532 0130 00', null],
    ['de89370400440532013000', null],
    ['GB82 WEST 1234 5698 7654 32', null],
    ['FR14 2004 1010 0505 0001 3M02 606', null],
    ['MT84 MALT 0110 0001 2345 MTLC AST0 01S', null], // 31 characters: far beyond a double's precision
    ['LC55 HEMM 0001 0001 0012 0012 0002 3015', null], // 32
  ])('%s is valid', (iban, problem) => {
    expect(ibanProblem(iban)).toBe(problem);
  });

  test.each([
    ['DE89 3704 0044 0532 0130 01', 'check digits'],
    ['DE88 3704 0044 0532 0130 00', 'check digits'],
    ['GB82 WEST 1234 5698 7654 33', 'check digits'],
    ['DE89', 'country code'],
    ['1289 3704 0044 0532 0130 00', 'country code'],
    ['DE89 3704 0044 0532 0130 00 €', 'country code'],
  ])('%s is refused (%s)', (iban, why) => {
    expect(ibanProblem(iban)).toContain(why);
  });

  test('one digit changed anywhere breaks the check', () => {
    const iban = 'DE89370400440532013000';
    for (let i = 4; i < iban.length; i += 1) {
      const digit = Number(iban[i]);
      const changed = `${iban.slice(0, i)}${(digit + 1) % 10}${iban.slice(i + 1)}`;
      expect(ibanChecksumHolds(changed)).toBe(false);
    }
  });
});

describe('BIC (ISO 9362 shape)', () => {
  test.each(['COBADEFFXXX', 'COBADEFF', 'bevodebb', 'DEUT DE FF 500'])('%s is valid', (bic) => {
    expect(bicProblem(bic)).toBeNull();
  });
  test.each(['COBADEF', 'COBADEFFXX', '1OBADEFF', 'COBA-D3FF', 'COBADEFFXXXX'])('%s is refused', (bic) => {
    expect(bicProblem(bic)).not.toBeNull();
  });
});
