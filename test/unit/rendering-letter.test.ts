// The reminder letter (docs/dunning.md): the invoice's view turned into a letter's, drawn by the same
// blocks; its QR code asks for the amount due plus the fee.
import { describe, expect, test } from 'bun:test';
import { buildLetterView } from '../../src/rendering/letter/view';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { ReminderLetter } from '../../src/rendering/types';
import { inspectPdf } from '../pdf-tools';
import { invoice20 } from '../rendering-fixtures';

const LETTER: ReminderLetter = {
  title: '1. Mahnung',
  text: 'Bitte überweisen Sie den offenen Betrag bis zum 24.11.2026.',
  date: '2026-11-10',
  payBy: '2026-11-24',
  amountDue: '1234.50',
  fee: '5.00',
  total: '1239.50',
  showFee: true,
};
const input = (locale: string) => {
  const base = invoice20({ locale, pageSize: 'A4' });
  return { ...base, data: { ...base.data, issue_date: '2026-10-01', due_date: '2026-10-15' } };
};
const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\ufb00/g, 'ff')
    .replace(/\s+/g, ' ');

describe('reminder letter', () => {
  test('the view: no lines, the letter figures as totals, the QR code for amount due plus fee', () => {
    const view = buildLetterView(input('de-DE'), LETTER);
    expect(view.title).toBe('1. Mahnung');
    expect(view.lines).toEqual([]);
    expect(view.totals.map((row) => [row.kind, row.label])).toEqual([
      ['subtotal', 'Offener Betrag'],
      ['subtotal', 'Mahngebühr'],
      ['total', 'Zu zahlender Betrag'],
    ]);
    expect(view.payment?.qr?.payload).toContain('EUR1239.50');
    expect(view.payment?.instructions).toBeNull();
    const noFee = buildLetterView(input('en-GB'), {
      ...LETTER,
      fee: '0.00',
      total: '1234.50',
      showFee: false,
    });
    expect(noFee.totals.map((row) => row.label)).toEqual(['Amount outstanding', 'Total to pay']);
  });

  test('drawn in German and English: dates, figures, the text and the bank details', async () => {
    const de = plain((await inspectPdf(await renderPdf({ ...input('de-DE'), letter: LETTER }))).text);
    for (const expected of [
      '1. Mahnung',
      'Rechnungsnummer INV-2026-0042',
      'Fällig seit 15.10.2026',
      'Zahlbar bis 24.11.2026',
      'Offener Betrag 1.234,50 €',
      'Mahngebühr 5,00 €',
      'Bitte überweisen Sie den offenen Betrag',
      'DE89 3704 0044 0532 0130 00',
    ]) {
      expect(de).toContain(expected);
    }
    const en = plain(
      (
        await inspectPdf(
          await renderPdf({ ...input('en-GB'), letter: { ...LETTER, title: 'Payment reminder' } }),
        )
      ).text,
    );
    expect(en).toContain('Payment reminder');
    expect(en).toContain('Please pay by 24 Nov 2026');
    expect(en).toContain('Reminder fee €5.00');
    expect(en).not.toContain('Discovery workshop'); // no invoice lines on a letter
  });
});
