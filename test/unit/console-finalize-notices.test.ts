// The console says finalize-check's notices (what VAT law asks every invoice to state and a draft lacks) by
// their code, in German as a German firm and its Steuerberater read them and in the seller's country's
// law; a code it does not know in the service's own words; and asks before finalizing with them.
import { describe, expect, test } from 'bun:test';
import { noticesQuestion, noticeText } from '../../src/console/pages/documents/finalize-notices-text';
import { inGerman } from './console-kit';

const taxNumber = {
  code: 'seller_tax_number_missing',
  field: 'data.seller.tax_number',
  message: "A German invoice states the seller's Steuernummer or USt-IdNr. (§ 14 Abs. 4 Nr. 2 UStG): …",
};
const exemption = {
  code: 'vat_exemption_reason_missing',
  field: 'data.line_items.1.taxes.0.exemption_reason',
  message: 'An exempt supply states why no VAT is charged (§ 11 Abs. 1 Z 3 lit. e UStG 1994): …',
};
const unknown = {
  code: 'seller_shoe_size_missing',
  field: 'data.seller',
  message: 'A new rule, in English.',
};

describe('in German', () => {
  inGerman();

  test('by code, in the words of the seller’s country’s law', () => {
    expect(noticeText(taxNumber, 'DE')).toBe(
      'Ihre Steuernummer oder USt-IdNr. fehlt (§ 14 Abs. 4 Nr. 2 UStG).',
    );
    expect(noticeText(exemption, 'AT')).toBe(
      'Position 2: Der Hinweis auf die Steuerbefreiung fehlt (§ 11 Abs. 1 Z 3 lit. e UStG 1994).',
    );
    expect(noticeText(exemption, 'FR')).toBe(
      'Position 2: Der Hinweis auf die Steuerbefreiung fehlt (Art. 226 Nr. 11 MwStSystRL).',
    );
    const austrianBuyer = { code: 'buyer_vat_id_missing', field: 'data.buyer.tax_id', message: '…' };
    expect(noticeText(austrianBuyer, 'at')).toContain('UID-Nummer Ihres Kunden');
  });

  test('a code the console does not know: the service’s message', () => {
    expect(noticeText(unknown, 'DE')).toBe('A new rule, in English.');
  });

  test('the question before finalizing lists each and asks to finalize anyway', () => {
    const question = noticesQuestion([taxNumber, exemption], 'DE');
    expect(question).toContain('Der Rechnung fehlen Pflichtangaben:');
    expect(question).toContain('• Ihre Steuernummer oder USt-IdNr. fehlt (§ 14 Abs. 4 Nr. 2 UStG).');
    expect(question).toContain(
      '• Position 2: Der Hinweis auf die Steuerbefreiung fehlt (§ 14 Abs. 4 Nr. 8 UStG).',
    );
    expect(question).toEndWith('Trotzdem abschließen?');
    expect(noticesQuestion([], 'DE')).toBe('');
  });
});

describe('in English', () => {
  test('the same by code', () => {
    expect(noticeText(taxNumber, 'DE')).toBe(
      'The seller’s tax number (Steuernummer) or VAT ID is missing (§ 14 Abs. 4 Nr. 2 UStG).',
    );
    expect(noticeText(exemption, null)).toBe(
      'Line 2: The note on why the supply is exempt from VAT is missing (Art. 226 No. 11 VAT Directive).',
    );
  });
});
