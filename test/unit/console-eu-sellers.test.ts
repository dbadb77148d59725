// The console for firms outside Germany: an Irish consultancy's new lines start at Ireland's 23 %, not
// Germany's 19 %; its new business profile prints on A4 and in euros; the reverse charge between two EU
// countries is set in one step.
import { describe, expect, test } from 'bun:test';
import {
  emptyDraft,
  isReverseCharge,
  withDefaultTax,
  withReverseCharge,
} from '../../src/console/pages/documents/draft-form';
import { contentOf } from '../../src/console/pages/documents/form-content';
import { emptyRateHint } from '../../src/console/pages/parties/default-tax';
import { withCountry } from '../../src/console/pages/parties/form-values';
import { crossBorderEu, profileSuggestions, standardVatRate } from '../../src/console/seller-countries';

const IRISH = { country: 'IE', tax_id: 'IE6388047V' };

describe('standard VAT rate of the seller’s country', () => {
  test('the rates of 2026, 19 % for Germany and for a country not known', () => {
    const rates = { IE: '23', AT: '20', FR: '20', NL: '21', FI: '25.5', EE: '24', RO: '21', SK: '23' };
    for (const [country, rate] of Object.entries(rates)) expect(standardVatRate(country)).toBe(rate);
    expect(standardVatRate('CH')).toBe('8.1');
    expect(standardVatRate(' ie ')).toBe('23');
    expect(standardVatRate('DE')).toBe('19');
    expect(standardVatRate('')).toBe('19');
    expect(standardVatRate(null)).toBe('19');
    expect(standardVatRate('US')).toBe('19');
  });

  test('an Irish profile without a VAT for new lines starts the lines at 23 %, a German one at 19 %', () => {
    const irish = withDefaultTax(emptyDraft('invoice'), undefined, 'IE');
    expect(irish.lines.map((line) => line.tax_rate)).toEqual(['23']);
    expect(contentOf(irish).line_items?.[0]?.taxes?.[0]).toMatchObject({ rate: '23', category: 'S' });
    // Another profile chosen: what the first one put there follows; a rate typed stays.
    const german = withDefaultTax(irish, undefined, 'DE');
    expect(german.lines[0]?.tax_rate).toBe('19');
    const typed = { ...irish, lines: irish.lines.map((line) => ({ ...line, tax_rate: '13.5' })) };
    expect(withDefaultTax(typed, undefined, 'FI').lines[0]?.tax_rate).toBe('13.5');
    // The profile's own default still comes first.
    expect(withDefaultTax(emptyDraft('invoice'), { rate: '9', category: 'S' }, 'IE').lines[0]?.tax_rate).toBe(
      '9',
    );
  });

  test('the profile form says what an empty rate means for its country', () => {
    expect(emptyRateHint('IE')).toBe('Empty: the standard rate of the address’s country (23 % in Ireland)');
    expect(emptyRateHint('')).toBe('Empty: the standard rate of the address’s country, else 19 %');
    expect(emptyRateHint('US')).not.toContain('United States');
  });
});

describe('a new business profile in the English console', () => {
  const empty = { default_page_size: '', default_currency: '', default_locale: '', default_timezone: '' };

  test('an Irish address suggests A4, euros, en-IE and Dublin’s time', () => {
    expect(withCountry(empty, 'IE', 'en')).toMatchObject({
      'address.country': 'IE',
      default_page_size: 'A4',
      default_currency: 'EUR',
      default_locale: 'en-IE',
      default_timezone: 'Europe/Dublin',
    });
    expect(withCountry(empty, 'GB', 'en')).toMatchObject({
      default_page_size: 'A4',
      default_currency: 'GBP',
    });
    expect(profileSuggestions('BG').default_currency).toBe('EUR');
  });

  test('a US or Mexican address keeps the API’s Letter; a code on the way ("I") suggests nothing', () => {
    expect(withCountry(empty, 'US', 'en').default_page_size).toBe('');
    expect(withCountry(empty, 'MX', 'en').default_page_size).toBe('');
    expect(withCountry(empty, 'I', 'en')).toEqual({ ...empty, 'address.country': 'I' });
    // IE typed, then changed to US: the A4 the console put there goes with it.
    const irish = withCountry(empty, 'IE', 'en');
    expect(withCountry(irish, 'US', 'en')).toMatchObject({ default_page_size: '', default_currency: 'USD' });
  });

  test('what the person chose is never overwritten', () => {
    const chosen = { ...empty, default_page_size: 'LETTER', default_currency: 'USD' };
    expect(withCountry(chosen, 'IE', 'en')).toMatchObject({
      default_page_size: 'LETTER',
      default_currency: 'USD',
      default_locale: 'en-IE',
    });
    const irish = withCountry(empty, 'IE', 'en');
    const changed = { ...irish, default_page_size: 'LETTER' };
    expect(withCountry(changed, 'FR', 'en').default_page_size).toBe('LETTER');
  });

  test('the German console keeps its own suggestions (A4, de-DE, EUR) whatever the country', () => {
    const german = {
      default_page_size: 'A4',
      default_locale: 'de-DE',
      default_currency: 'EUR',
      default_timezone: 'Europe/Berlin',
    };
    expect(withCountry(german, 'CH', 'de')).toEqual({ ...german, 'address.country': 'CH' });
  });
});

describe('reverse charge between two EU countries', () => {
  test('offered for a buyer in another EU country with a VAT ID', () => {
    expect(crossBorderEu(IRISH, { country: 'DE', tax_id: 'DE123456789' })).toBe(true);
    // BR-AE-03: a seller without a VAT ID or tax number cannot invoice under reverse charge.
    expect(crossBorderEu({ country: 'IE' }, { country: 'DE', tax_id: 'DE123456789' })).toBe(false);
    expect(crossBorderEu(IRISH, { country: 'DE', tax_id: '' })).toBe(false);
    expect(crossBorderEu(IRISH, { country: 'IE', tax_id: 'IE6388047V' })).toBe(false);
    expect(crossBorderEu(IRISH, { country: 'CH', tax_id: 'CHE-123.456.789' })).toBe(false);
    expect(crossBorderEu({ ...IRISH, country: 'GB' }, { country: 'DE', tax_id: 'DE123456789' })).toBe(false);
    expect(crossBorderEu({ ...IRISH, country: 'GR' }, { country: 'EL', tax_id: 'EL123456789' })).toBe(false);
  });

  test('one step sets every line to 0 %, category AE and its legal basis', () => {
    const draft = withDefaultTax(emptyDraft('invoice'), undefined, 'IE');
    const form = withReverseCharge(
      {
        ...draft,
        lines: draft.lines.map((line) => ({ ...line, name: 'Consulting', unit_price: '1000' })),
      },
      'Reverse charge, Article 196 VAT Directive',
    );
    expect(isReverseCharge(draft)).toBe(false);
    expect(isReverseCharge(form)).toBe(true);
    expect(contentOf(form).line_items?.[0]?.taxes).toEqual([
      {
        name: 'VAT',
        rate: '0',
        category: 'AE',
        exemption_reason: 'Reverse charge, Article 196 VAT Directive',
      },
    ]);
  });
});
