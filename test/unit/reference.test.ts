import { describe, expect, test } from 'bun:test';
import {
  currencyDecimals,
  DOCUMENT_TYPE_IDS,
  type DocumentAction,
  isSupportedCurrency,
  isSupportedLocale,
  isValidCountry,
  isValidTimezone,
  listCountries,
  listCurrencies,
  listDocumentTypes,
  listLocales,
  listPageSizes,
  listTimezones,
  type MinorUnits,
  normalizeGmtOffset,
  PAGE_SIZE_POINTS,
  taxCategories,
  taxSchemes,
  unitCodes,
} from '../../src/modules/reference';

const isSortedBy = <T>(items: readonly T[], key: (item: T) => string): boolean =>
  items.every((item, i) => i === 0 || key(items[i - 1] as T) < key(item));

describe('listCurrencies', () => {
  const currencies = listCurrencies();
  const byCode = new Map(currencies.map((c) => [c.code, c]));

  test('has a plausible number of active currencies, sorted and unique', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(150);
    expect(currencies.length).toBeLessThanOrEqual(180);
    expect(isSortedBy(currencies, (c) => c.code)).toBe(true);
  });

  test('ISO minor units, not CLDR cash digits', () => {
    const expected: Record<string, MinorUnits> = {
      USD: 2,
      EUR: 2,
      CHF: 2,
      GBP: 2,
      JPY: 0,
      KRW: 0,
      CLP: 0,
      ISK: 0,
      VND: 0,
      XOF: 0,
      BHD: 3,
      KWD: 3,
      JOD: 3,
      OMR: 3,
      TND: 3,
      LYD: 3,
      IQD: 3,
      IDR: 2,
      HUF: 2,
      TWD: 2,
      COP: 2,
    };
    for (const [code, decimals] of Object.entries(expected)) {
      expect({ code, decimals: byCode.get(code)?.decimals }).toEqual({ code, decimals });
      expect(currencyDecimals(code)).toBe(decimals);
    }
  });

  test('every entry is well-formed with decimals in {0,2,3}', () => {
    for (const c of currencies) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(c.decimals);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.name).not.toBe(c.code);
      expect(c.symbol.length).toBeGreaterThan(0);
    }
  });

  test('names and symbols', () => {
    expect(byCode.get('USD')).toEqual({ code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 });
    expect(byCode.get('EUR')?.symbol).toBe('€');
    expect(byCode.get('JPY')?.symbol).toBe('¥');
    expect(byCode.get('GBP')?.symbol).toBe('£');
    expect(byCode.get('CHF')?.symbol).toBe('CHF');
  });

  test('excludes historic, fund and non-currency codes', () => {
    for (const code of [
      'DEM',
      'FRF',
      'HRK',
      'BGN',
      'ANG',
      'VEF',
      'SLL',
      'ZWL',
      'CLF',
      'UYW',
      'USN',
      'XAU',
      'XXX',
      'XTS',
    ]) {
      expect({ code, listed: byCode.has(code) }).toEqual({ code, listed: false });
      expect(isSupportedCurrency(code)).toBe(false);
    }
    expect(currencyDecimals('DEM')).toBeUndefined();
    expect(isSupportedCurrency('usd')).toBe(false);
  });

  test('is cached and frozen', () => {
    expect(listCurrencies()).toBe(currencies);
    expect(Object.isFrozen(currencies)).toBe(true);
    expect(Object.isFrozen(currencies[0])).toBe(true);
    expect(() => currencies.push({ code: 'ZZZ', name: 'x', symbol: 'x', decimals: 2 })).toThrow();
  });
});

describe('listCountries', () => {
  const countries = listCountries();
  const codes = new Set(countries.map((c) => c.code));

  test('exactly the 249 ISO 3166-1 alpha-2 codes, sorted', () => {
    expect(countries.length).toBe(249);
    expect(codes.size).toBe(249);
    expect(isSortedBy(countries, (c) => c.code)).toBe(true);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name).not.toBe(c.code);
    }
  });

  test('includes real countries, excludes user-assigned codes', () => {
    for (const code of ['DE', 'US', 'GB', 'FR', 'CH', 'JP', 'AQ', 'SX', 'SS', 'BQ'])
      expect(codes.has(code)).toBe(true);
    for (const code of ['XK', 'EU', 'UK', 'AN', 'YU', 'ZZ']) expect(codes.has(code)).toBe(false);
    expect(countries.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(isValidCountry('DE')).toBe(true);
    expect(isValidCountry('XK')).toBe(false);
    expect(isValidCountry('de')).toBe(false);
  });
});

describe('listLocales', () => {
  const locales = listLocales();

  test('curated size, sorted, language-REGION tags', () => {
    expect(locales.length).toBeGreaterThanOrEqual(60);
    expect(locales.length).toBeLessThanOrEqual(100);
    expect(isSortedBy(locales, (l) => l.code)).toBe(true);
    for (const l of locales) expect(l.code).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
  });

  test('every locale is supported by Intl.NumberFormat and resolves to itself', () => {
    for (const { code } of locales) {
      expect(new Intl.NumberFormat(code).resolvedOptions().locale).toBe(code);
      expect(Intl.NumberFormat.supportedLocalesOf([code])).toEqual([code]);
    }
  });

  test('names and membership', () => {
    const byCode = new Map(locales.map((l) => [l.code, l.name]));
    expect(byCode.get('en-US')).toBe('English (United States)');
    expect(byCode.get('de-AT')).toBe('German (Austria)');
    for (const code of [
      'en-US',
      'en-GB',
      'de-DE',
      'fr-FR',
      'fr-CH',
      'it-IT',
      'es-MX',
      'pt-BR',
      'ja-JP',
      'zh-CN',
      'ar-SA',
    ]) {
      expect(isSupportedLocale(code)).toBe(true);
    }
    for (const code of ['en', 'en-us', 'de-US', 'xx-YY', '']) expect(isSupportedLocale(code)).toBe(false);
  });
});

describe('listTimezones', () => {
  const january = new Date('2025-01-15T12:00:00Z');
  const july = new Date('2025-07-15T12:00:00Z');
  const offsetAt = (name: string, at: Date) => listTimezones(at).find((z) => z.name === name)?.offset;

  test('every zone, sorted, with a well-formed offset', () => {
    const zones = listTimezones(january);
    expect(zones.length).toBeGreaterThan(300);
    expect(isSortedBy(zones, (z) => z.name)).toBe(true);
    for (const z of zones) expect(z.offset).toMatch(/^[+-]\d\d:\d\d$/);
    expect(zones.some((z) => z.name === 'UTC')).toBe(true);
  });

  test('known offsets, DST-aware', () => {
    expect(offsetAt('UTC', january)).toBe('+00:00');
    expect(offsetAt('Asia/Kolkata', january)).toBe('+05:30');
    expect(offsetAt('Asia/Kathmandu', july)).toBe('+05:45');
    expect(offsetAt('Europe/Berlin', january)).toBe('+01:00');
    expect(offsetAt('Europe/Berlin', july)).toBe('+02:00');
    expect(offsetAt('America/New_York', january)).toBe('-05:00');
    expect(offsetAt('America/New_York', july)).toBe('-04:00');
    expect(offsetAt('Europe/London', january)).toBe('+00:00');
  });

  test('cache follows the requested instant across a DST switch', () => {
    // Berlin springs forward at 2025-03-30T01:00:00Z.
    expect(offsetAt('Europe/Berlin', new Date('2025-03-30T00:59:59Z'))).toBe('+01:00');
    expect(offsetAt('Europe/Berlin', new Date('2025-03-30T01:00:00Z'))).toBe('+02:00');
    expect(listTimezones(july)).toBe(listTimezones(new Date(july.getTime() + 60_000)));
    expect(() => listTimezones(new Date(Number.NaN))).toThrow(RangeError);
  });

  test('normalizeGmtOffset', () => {
    expect(normalizeGmtOffset('GMT')).toBe('+00:00');
    expect(normalizeGmtOffset('GMT+5:30')).toBe('+05:30');
    expect(normalizeGmtOffset('GMT-03:00')).toBe('-03:00');
    expect(normalizeGmtOffset('GMT+00:17:30')).toBe('+00:17');
    expect(() => normalizeGmtOffset('CET')).toThrow();
  });

  test('isValidTimezone', () => {
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('europe/berlin')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
});

describe('listPageSizes', () => {
  test('LETTER and A4 in millimetres and points', () => {
    expect(listPageSizes()).toEqual([
      { id: 'LETTER', name: 'US Letter', width_mm: 215.9, height_mm: 279.4 },
      { id: 'A4', name: 'A4', width_mm: 210, height_mm: 297 },
    ]);
    expect(PAGE_SIZE_POINTS.LETTER).toEqual({ width: 612, height: 792 });
    expect(PAGE_SIZE_POINTS.A4).toEqual({ width: 595.28, height: 841.89 });
  });
});

describe('listDocumentTypes', () => {
  const types = listDocumentTypes();
  const byId = new Map(types.map((t) => [t.id, t]));
  const lifecycle: DocumentAction[] = ['finalize', 'void', 'archive', 'restore'];
  const sendable: DocumentAction[] = ['finalize', 'mark-sent', 'void', 'archive', 'restore'];

  test('the seven types in tuple order', () => {
    expect(DOCUMENT_TYPE_IDS).toEqual([
      'invoice',
      'credit_note',
      'quote',
      'receipt',
      'proforma',
      'purchase_order',
      'delivery_note',
    ]);
    expect(types.map((t) => t.id)).toEqual([...DOCUMENT_TYPE_IDS]);
  });

  test('prefixes and flags', () => {
    const prefixes = Object.fromEntries(types.map((t) => [t.id, t.number_prefix]));
    expect(prefixes).toEqual({
      invoice: 'INV-',
      credit_note: 'CN-',
      quote: 'QUO-',
      receipt: 'RCT-',
      proforma: 'PRO-',
      purchase_order: 'PO-',
      delivery_note: 'DN-',
    });
    expect(types.filter((t) => t.payable).map((t) => t.id)).toEqual(['invoice', 'proforma']);
    expect(types.filter((t) => t.requires_source_document).map((t) => t.id)).toEqual(['credit_note']);
    expect(types.filter((t) => t.supports_reason).map((t) => t.id)).toEqual(['credit_note']);
    expect(types.filter((t) => t.line_item_type === 'shipped').map((t) => t.id)).toEqual(['delivery_note']);
  });

  test('actions', () => {
    expect(byId.get('invoice')?.actions).toEqual([
      'finalize',
      'void',
      'mark-sent',
      'mark-paid',
      'mark-unpaid',
      'archive',
      'restore',
    ]);
    expect(byId.get('credit_note')?.actions).toEqual(lifecycle);
    expect(byId.get('receipt')?.actions).toEqual(lifecycle);
    expect(byId.get('delivery_note')?.actions).toEqual(lifecycle);
    expect(byId.get('quote')?.actions).toEqual(sendable);
    expect(byId.get('proforma')?.actions).toEqual(byId.get('invoice')?.actions);
    expect(byId.get('purchase_order')?.actions).toEqual(sendable);
    expect(Object.isFrozen(byId.get('invoice')?.actions)).toBe(true);
  });
});

describe('coded lists', () => {
  test('UNCL5305 tax categories', () => {
    const list = taxCategories();
    expect(list.standard).toBe('UNCL5305');
    expect(list.exhaustive).toBe(true);
    expect(list.items.map((i) => i.code)).toEqual(['S', 'Z', 'E', 'AE', 'K', 'G', 'O']);
    expect(list.items.find((i) => i.code === 'AE')?.label).toBe('VAT Reverse Charge');
    expect(list.items.find((i) => i.code === 'O')?.label).toBe('Services outside scope of tax');
  });

  test('UNCL5153 tax schemes', () => {
    const list = taxSchemes();
    expect(list).toEqual({
      standard: 'UNCL5153',
      exhaustive: true,
      items: [
        { code: 'VAT', label: 'Value added tax' },
        { code: 'GST', label: 'Goods and services tax' },
        { code: 'LOC', label: 'Local sales tax' },
        { code: 'OTH', label: 'Other taxes' },
      ],
    });
  });

  test('UN/ECE Rec 20 shortlist', () => {
    const list = unitCodes();
    expect(list.standard).toBe('UN/ECE Recommendation 20');
    expect(list.exhaustive).toBe(false);
    expect(list.items.length).toBe(21);
    expect(list.items.slice(0, 4)).toEqual([
      { code: 'C62', label: 'One (unit)' },
      { code: 'HUR', label: 'Hour' },
      { code: 'DAY', label: 'Day' },
      { code: 'E48', label: 'Service unit' },
    ]);
    expect(new Set(list.items.map((i) => i.code)).size).toBe(21);
    expect(unitCodes()).toBe(list);
  });
});

describe('document schemas follow the reference list', () => {
  test('the request schema accepts exactly the seven document types', async () => {
    const { DocumentTypeSchema } = await import('../../src/modules/documents/model');
    const { DOCUMENT_TYPE_IDS } = await import('../../src/modules/reference');
    const literals = DocumentTypeSchema.anyOf.map((s: { const: string }) => s.const);
    expect(literals).toEqual([...DOCUMENT_TYPE_IDS]);
  });
});
