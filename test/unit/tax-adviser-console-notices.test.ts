// The console says the notice of a deducted Abschlag not fully paid (`deducted_invoice_unpaid`) with its
// place among the deductions, in German as a Bauunternehmen reads it, and asks before finalizing with a
// heading that does not call it a missing Pflichtangabe.
import { describe, expect, test } from 'bun:test';
import { noticesQuestion, noticeText } from '../../src/console/pages/documents/finalize-notices-text';
import { inGerman } from './console-kit';

const unpaid = {
  code: 'deducted_invoice_unpaid',
  field: 'data.deductions.1',
  message: 'The deducted invoice AR-2026-2 is not fully paid (…)',
};
const taxNumber = {
  code: 'seller_tax_number_missing',
  field: 'data.seller.tax_number',
  message: "A German invoice states the seller's Steuernummer or USt-IdNr. (§ 14 Abs. 4 Nr. 2 UStG): …",
};

describe('in German', () => {
  inGerman();

  test('named by its place among the deductions, in plain German', () => {
    expect(noticeText(unpaid, 'DE')).toBe(
      '2. abgezogene Abschlagsrechnung: Sie ist noch nicht vollständig bezahlt, abgezogen wird aber ihr voller Betrag. Ist die Zahlung eingegangen, erfassen Sie sie; sonst bleibt der Rest auf der Abschlagsrechnung offen.',
    );
  });

  test('alone, the question asks to check it; beside a missing detail, it says the details are missing', () => {
    const alone = noticesQuestion([unpaid], 'DE');
    expect(alone).toStartWith('Bitte vor dem Abschließen prüfen:');
    expect(alone).toContain('• 2. abgezogene Abschlagsrechnung: Sie ist noch nicht vollständig bezahlt');
    expect(alone).toEndWith('Trotzdem abschließen?');
    expect(noticesQuestion([taxNumber, unpaid], 'DE')).toStartWith('Der Rechnung fehlen Pflichtangaben:');
  });
});

describe('in English', () => {
  test('the same by code', () => {
    expect(noticeText(unpaid, 'FR')).toBe(
      'Deducted progress invoice 2: It is not fully paid yet, but its whole amount is deducted. If its payment came in, record it; otherwise the rest stays owed on that progress invoice.',
    );
  });
});
