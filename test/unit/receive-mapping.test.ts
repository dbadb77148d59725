// The decimals and prices of a received e-invoice as the document data keeps them.
import { describe, expect, test } from 'bun:test';
import { decimalOf, impliedPrice, perUnitPrice, signedQuantity } from '../../src/einvoicing/receive/shared';
import type { ReceiveWarning } from '../../src/einvoicing/receive/types';

describe('decimals as written in files', () => {
  test.each([
    ['100.', '100'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['+12.30', '12.30'],
    ['30.00000000000', '30'],
    ['1.12345678900', '1.123456789'],
    ['19.00', '19.00'],
  ])('%s -> %s', (written, kept) => expect(decimalOf(written)).toBe(kept));
});

describe('prices', () => {
  test('a price per base quantity becomes a price per unit; a rounded one is said so', () => {
    const warnings: ReceiveWarning[] = [];
    expect(perUnitPrice('125.00', '100', 'line 1', warnings)).toBe('1.25');
    expect(warnings).toEqual([]);
    expect(perUnitPrice('10', '3', 'line 2', warnings)).toBe('3.3333333333');
    expect(warnings.map((w) => w.term)).toEqual(['BT-149']);
  });

  test('a return written as a positive quantity with a negative line amount gets a negative quantity', () => {
    expect(signedQuantity('6', '18.33', '-109.98')).toBe('-6');
    expect(signedQuantity('6', '18.33', '109.98')).toBe('6');
    expect(signedQuantity('-2', '5', '-10')).toBe('-2');
  });

  test('quantity x price that is not the stated line amount: the price the amount implies, said so', () => {
    const warnings: ReceiveWarning[] = [];
    const line = { quantity: '2', price: '800.00', amount: '800.00', allowances: [], charges: [] };
    expect(impliedPrice(line, 'line 1', warnings)).toBe('400');
    expect(warnings[0]?.term).toBe('BT-146');
    const withAllowance = { quantity: '2', price: '50', amount: '90', allowances: ['10'], charges: [] };
    expect(impliedPrice(withAllowance, 'line 2', warnings)).toBe('50');
    expect(warnings).toHaveLength(1);
  });
});
