// The documents list's totals (a credit note negative, as the documents CSV writes it) and a statement's
// file name in the console's language.
import { describe, expect, test } from 'bun:test';
import { listedTotal } from '../../src/console/pages/documents/model';
import { statementFileName } from '../../src/console/pages/statement-file';
import { inGerman } from './console-kit';

const total = (document_type: string, amount: string) =>
  ({
    document_type,
    totals: { total: { amount, currency: 'EUR' } },
  }) as Parameters<typeof listedTotal>[0];

describe('listedTotal', () => {
  test('a credit note entered positive is listed negative; one entered negative, and zero, as they are', () => {
    expect(listedTotal(total('credit_note', '113.05'))).toBe('-113.05');
    expect(listedTotal(total('credit_note', '-113.05'))).toBe('-113.05');
    expect(listedTotal(total('credit_note', '0.00'))).toBe('0.00');
  });
  test('an invoice, a quote and a receipt as stored', () => {
    expect(listedTotal(total('invoice', '113.05'))).toBe('113.05');
    expect(listedTotal(total('quote', '99.00'))).toBe('99.00');
    expect(listedTotal(total('receipt', '-5.00'))).toBe('-5.00');
  });
});

describe('statementFileName in German', () => {
  inGerman();
  test('is a Kontoauszug, with the customer’s name readable', () => {
    expect(statementFileName('Müller & Söhne GmbH', '2026-01-01', '2026-06-30')).toBe(
      'Kontoauszug-Müller_Söhne_GmbH-2026-01-01-2026-06-30.pdf',
    );
  });
});
