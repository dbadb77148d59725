// Figures every supported locale can print: the embedded fonts draw Latin, Greek and Cyrillic only, so
// amounts and dates are written with Latin digits (ar-EG, ar-SA, fa-IR and bn-BD default to their own),
// without bidi marks, and dates whose month names need another script fall back to the numeric form.
import { describe, expect, test } from 'bun:test';
import { currencyDecimals, listCurrencies, listLocales } from '../../src/domain/reference';
import { loadFontFaces } from '../../src/rendering/engine/fonts';
import { FONT_FAMILIES } from '../../src/rendering/font-families';
import { makeFormatter } from '../../src/rendering/format';
import { renderPdf } from '../../src/rendering/render-pdf';
import { buildInvoiceView } from '../../src/rendering/view';
import { inspectPdf } from '../pdf-tools';
import { invoice20 } from '../rendering-fixtures';

/** Everything a formatter prints for one locale: money in every currency, a price, a quantity, rates, dates. */
function samples(locale: string): string[] {
  const fmt = makeFormatter(locale, 'EUR', 2);
  return [
    ...listCurrencies().map((c) =>
      makeFormatter(locale, c.code, currencyDecimals(c.code) ?? 2).money('1234567.89'),
    ),
    fmt.money('-0.50'),
    fmt.price('0.125'),
    fmt.quantity('1500.50'),
    fmt.percent('19'),
    fmt.percent('7.5'),
    fmt.date('2026-01-31'),
    fmt.date('2026-11-02'),
  ];
}

describe('figures the embedded fonts can draw', () => {
  test('ar-EG: Latin digits, the locale’s own separators and symbol position, no bidi marks', () => {
    const fmt = makeFormatter('ar-EG', 'EUR', 2);
    expect(fmt.money('29000.15')).toBe('29,000.15\u00A0€');
    expect(fmt.price('0.125')).toBe('0.125\u00A0€');
    expect(fmt.quantity('1500.5')).toBe('1,500.5');
    expect(fmt.percent('19')).toBe('19%');
    expect(fmt.date('2026-11-02')).toBe('02/11/2026');
    // A year below 100 is that year, not 19xx (Date.UTC's reading).
    expect(makeFormatter('de-DE', 'EUR', 2).date('0050-02-28')).toBe('28.02.50');
    // The locale the document says it is in is kept as given.
    expect(fmt.locale).toBe('ar-EG');
  });

  test('the other locales whose digits are not Latin by default (ar-SA, fa-IR, bn-BD)', () => {
    expect(makeFormatter('ar-SA', 'SAR', 2).money('1234.5')).toBe('1,234.50\u00A0SAR');
    expect(makeFormatter('ar-SA', 'SAR', 2).percent('15')).toBe('15%');
    expect(makeFormatter('fa-IR', 'EUR', 2).money('1234.5')).toBe('€\u00A01,234.50');
    expect(makeFormatter('bn-BD', 'EUR', 2).money('1234.5')).toBe('1,234.50€');
    // Month names in a script the fonts lack: the numeric form, the locale's calendar kept (Solar Hijri,
    // Buddhist era).
    expect(makeFormatter('bn-BD', 'EUR', 2).date('2026-11-02')).toBe('02/11/2026');
    expect(makeFormatter('fa-IR', 'EUR', 2).date('2026-11-02')).toBe('1405/08/11');
    expect(makeFormatter('th-TH', 'EUR', 2).date('2026-11-02')).toBe('02/11/2569');
    // zh-SG's numeric form still writes 年月日: the ISO date.
    expect(makeFormatter('zh-SG', 'EUR', 2).date('2026-11-02')).toBe('2026-11-02');
    // A locale whose month names the fonts draw keeps them.
    expect(makeFormatter('ru-RU', 'EUR', 2).date('2026-11-02')).toBe('2 нояб. 2026 г.');
  });

  test('every supported locale prints its figures with glyphs every embedded family has', async () => {
    const locales = listLocales().map((l) => l.code);
    expect(locales).toContain('ar-EG');
    const printed = new Map(locales.map((code) => [code, samples(code)]));
    const missing: string[] = [];
    for (const family of FONT_FAMILIES) {
      const font = (await loadFontFaces(family.name)).regular;
      for (const [code, texts] of printed) {
        for (const text of texts) {
          for (const ch of text) {
            const cp = ch.codePointAt(0) as number;
            if (!font.hasGlyphForCodePoint(cp))
              missing.push(`${family.name} ${code} ${JSON.stringify(text)} U+${cp.toString(16)}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('an ar-EG invoice: pdftotext finds its total, line amounts, rates and dates', async () => {
    const input = invoice20({ locale: 'ar-EG', templateId: 'tpl_classic' });
    const view = buildInvoiceView(input);
    const text = (await inspectPdf(await renderPdf(input))).text.replace(/\s+/g, ' ');
    const figures = [
      ...view.totals.map((row) => row.value),
      ...view.lines.flatMap((line) => [line.amount, line.unitPrice, line.tax]),
      ...view.meta.map((item) => item.value),
    ];
    expect(figures).toContain('29,000.15\u00A0€');
    expect(figures).toContain('02/11/2026');
    for (const figure of figures) {
      expect(figure).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9\u200E\u200F\u061C]/);
      expect(text).toContain(figure.replace(/\s+/g, ' '));
    }
  });
});
