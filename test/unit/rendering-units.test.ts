// The renderer's pure parts: formatting, labels, the EPC payload, page planning, colours, the view model.
import { describe, expect, test } from 'bun:test';
import { DOCUMENT_TYPE_IDS } from '../../src/modules/reference';
import { paginate } from '../../src/rendering/engine/paginate';
import { buildEpcPayload, isCreditorReference, isValidIban } from '../../src/rendering/epc-qr';
import { makeFormatter, resolveLocale } from '../../src/rendering/format';
import { LANGUAGES, labelsFor, languageOf, methodName } from '../../src/rendering/labels';
import { contrast, readableOnWhite, textOn } from '../../src/rendering/themes/palette';
import { resolveTheme } from '../../src/rendering/themes/resolve';
import { VALID_IBAN } from '../rendering-fixtures';

describe('format', () => {
  test('money is exact for 15-digit amounts (no float on the way)', () => {
    // As a JS number 999999999999999.99 prints as 1,000,000,000,000,000.00.
    expect(makeFormatter('en-US', 'USD', 2).money('999999999999999.99')).toBe('$999,999,999,999,999.99');
    expect(makeFormatter('de-DE', 'EUR', 2).money('123456789012345.67')).toBe(
      '123.456.789.012.345,67\u00a0€',
    );
    expect(makeFormatter('en-US', 'USD', 2).money('-0.01')).toBe('-$0.01');
  });

  test('currency decimals, unit prices with more decimals, quantities', () => {
    const eur = makeFormatter('en-GB', 'EUR', 2);
    expect(eur.price('0.125')).toBe('€0.125');
    expect(eur.price('95')).toBe('€95.00');
    expect(eur.quantity('1500.5')).toBe('1,500.5');
    expect(makeFormatter('de-DE', 'EUR', 2).quantity('7.50')).toBe('7,5');
    expect(eur.quantity('2.000')).toBe('2');
    // ja-JP writes a full-width yen the embedded font lacks: printed as the ordinary yen sign.
    expect(makeFormatter('ja-JP', 'JPY', 0).money('1250000')).toBe('¥1,250,000');
  });

  test('percent follows the locale', () => {
    expect(makeFormatter('en-US', 'USD', 2).percent('19')).toBe('19%');
    expect(makeFormatter('de-DE', 'EUR', 2).percent('8.875')).toBe('8,875\u00a0%');
  });

  test('dates are calendar dates: no timezone shift', () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
        process.env.TZ = tz;
        expect(makeFormatter('en-US', 'USD', 2).date('2026-01-01')).toBe('Jan 1, 2026');
        expect(makeFormatter('de-DE', 'EUR', 2).date('2026-12-31')).toBe('31.12.2026');
      }
    } finally {
      // Assigning undefined would store the string "undefined" (a zone no one has) for every later file.
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
    expect(process.env.TZ).toBe(before);
    expect(makeFormatter('en-US', 'USD', 2).date('not a date')).toBe('not a date');
  });

  test('locales: canonical, or en-US when missing or malformed', () => {
    expect(resolveLocale('de-de')).toBe('de-DE');
    expect(resolveLocale(undefined)).toBe('en-US');
    expect(resolveLocale('not a locale!')).toBe('en-US');
  });
});

describe('labels', () => {
  test('chosen by language, English as the fallback', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('pt-BR')).toBe('en');
    expect(labelsFor('fr-CA').titles.invoice).toBe('Facture');
    expect(labelsFor('nl-BE').page(2, 3)).toBe('Pagina 2 van 3');
    expect(labelsFor('de-DE').creditNoteFor('RE-1')).toBe('Korrektur der Rechnung RE-1');
  });

  test('every language names every document type, each differently', () => {
    for (const labels of Object.values(LANGUAGES)) {
      const titles = DOCUMENT_TYPE_IDS.map((id) => labels.titles[id]);
      expect(titles.every((t) => t.length > 0)).toBe(true);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  test('payment methods', () => {
    expect(methodName(labelsFor('de'), 'bank_transfer')).toBe('Überweisung');
    expect(methodName(labelsFor('en'), 'apple_pay')).toBe('Apple pay');
  });
});

describe('EPC QR payload', () => {
  const base = {
    name: 'Lindqvist GmbH',
    iban: VALID_IBAN,
    bic: 'BEVODEBB',
    currency: 'EUR',
    amount: '29000.15',
  };

  test('IBAN check digits (mod 97)', () => {
    expect(isValidIban(VALID_IBAN)).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('000123456789')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  test('the EPC069-12 lines', () => {
    expect(buildEpcPayload({ ...base, remittance: 'INV-2026-0042' })).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BEVODEBB',
        'Lindqvist GmbH',
        'DE89370400440532013000',
        'EUR29000.15',
        '',
        '',
        'INV-2026-0042',
      ].join('\n'),
    );
  });

  test('a creditor reference goes in the structured field', () => {
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    const payload = buildEpcPayload({ ...base, remittance: 'RF18 5390 0754 7034' });
    expect(payload?.split('\n').slice(9)).toEqual(['RF18539007547034']);
  });

  test('no QR without EUR, a valid IBAN, a name or something to pay', () => {
    expect(buildEpcPayload({ ...base, currency: 'USD', remittance: 'x' })).toBeNull();
    expect(buildEpcPayload({ ...base, iban: 'DE88370400440532013000', remittance: 'x' })).toBeNull();
    expect(buildEpcPayload({ ...base, amount: '0.00', remittance: 'x' })).toBeNull();
    expect(buildEpcPayload({ ...base, amount: '-5.00', remittance: 'x' })).toBeNull();
    expect(buildEpcPayload({ ...base, name: '  ', remittance: 'x' })).toBeNull();
  });

  test('limits: amount above the EPC maximum left out, long fields cut, 331 bytes at most', () => {
    const big = buildEpcPayload({ ...base, amount: '1000000000.00', remittance: 'x' });
    expect(big?.split('\n')[7]).toBe('');
    const long = buildEpcPayload({ ...base, name: 'Ä'.repeat(200), bic: 'bad', remittance: 'R'.repeat(500) });
    const lines = long?.split('\n') ?? [];
    expect(lines[4]).toBe('');
    expect(lines[5]).toHaveLength(70);
    expect(lines[10]?.length).toBeLessThan(140);
    expect(new TextEncoder().encode(long ?? '').length).toBeLessThanOrEqual(331);
  });
});

describe('paginate (the no-orphan rule)', () => {
  const page = { freshTop: 80, bottom: 780, headHeight: 20 };

  test('a short table stays on its page', () => {
    const plan = paginate({ ...page, startY: 300, rowHeights: [20, 20, 20], keepWithLast: 100 });
    expect(plan).toEqual({ newPageFirst: false, breaks: new Set() });
  });

  test('rows overflow onto new pages, the header repeated', () => {
    const plan = paginate({ ...page, startY: 100, rowHeights: Array(70).fill(20), keepWithLast: 0 });
    expect([...plan.breaks]).toEqual([33, 67]);
  });

  test('totals that do not fit take the last two rows with them', () => {
    // 33 rows fill the first page exactly; 100 pt of totals do not fit below them.
    const plan = paginate({ ...page, startY: 100, rowHeights: Array(33).fill(20), keepWithLast: 100 });
    expect([...plan.breaks]).toEqual([31]);
  });

  test('nor a row alone above them: of three rows, one goes with the totals when it can', () => {
    // The totals fit below two rows but not three: the third goes over with them, two stay.
    const plan = paginate({ ...page, startY: 600, rowHeights: [40, 40, 40], keepWithLast: 100 });
    expect(plan).toEqual({ newPageFirst: false, breaks: new Set([2]) });
    // Four rows: two go, two stay.
    const four = paginate({ ...page, startY: 560, rowHeights: [40, 40, 40, 40], keepWithLast: 100 });
    expect([...four.breaks]).toEqual([2]);
  });

  test('a one-row table moves whole rather than leave its totals alone', () => {
    const plan = paginate({ ...page, startY: 640, rowHeights: [40], keepWithLast: 100 });
    expect(plan.newPageFirst).toBe(true);
  });

  test('the blocks after the totals are kept only by moving the last rows, never the whole table (issue 42)', () => {
    // One row and its totals fit below the parties; with the payment block as well they do not. The
    // totals stay with the row on this page rather than the table leaving it empty of line items.
    const plan = paginate({ ...page, startY: 400, rowHeights: [40], keepWithLast: [100, 400] });
    expect(plan).toEqual({ newPageFirst: false, breaks: new Set() });
    // The same room as one number (the totals alone) would still move a one-row table whole.
    expect(paginate({ ...page, startY: 400, rowHeights: [40], keepWithLast: 400 }).newPageFirst).toBe(true);
    // With rows to spare, the last two go with the totals and the payment block.
    const longer = paginate({
      ...page,
      startY: 100,
      rowHeights: Array(33).fill(20),
      keepWithLast: [100, 200],
    });
    expect([...longer.breaks]).toEqual([31]);
    // The largest tier that fits is kept: here the totals and the payment, not the note after them.
    const tiers = paginate({
      ...page,
      startY: 300,
      rowHeights: Array(10).fill(20),
      keepWithLast: [100, 260, 700],
    });
    expect(tiers).toEqual({ newPageFirst: false, breaks: new Set() });
  });

  test('the blocks after the totals do not take rows off a first page that would be left mostly empty (issue 42)', () => {
    // Four rows below a tall header: the totals, the payment and custom fields fit below them, the note
    // does not. Moving two rows to keep the note would leave the first page holding the header and two
    // rows above 390 pt of nothing: the note goes on alone instead.
    const short = paginate({
      ...page,
      startY: 300,
      rowHeights: [40, 30, 30, 30],
      keepWithLast: [100, 250, 320, 380],
    });
    expect(short).toEqual({ newPageFirst: false, breaks: new Set() });
    // The totals with the payment block are kept with the rows even so (issue 36).
    const payment = paginate({
      ...page,
      startY: 300,
      rowHeights: [40, 30, 30, 30],
      keepWithLast: [100, 380],
    });
    expect([...payment.breaks]).toEqual([2]);
    // With a note after it, the payment block goes on with the note rather than take two of four rows
    // off a first page that would be left with 390 pt blank under 90 pt of table.
    const withNote = paginate({
      ...page,
      startY: 300,
      rowHeights: [40, 30, 30, 30],
      keepWithLast: [100, 380, 420],
    });
    expect(withNote).toEqual({ newPageFirst: false, breaks: new Set() });
    // A first page full of rows still gives its last two to keep the note with the totals.
    const long = paginate({
      ...page,
      startY: 300,
      rowHeights: Array(16).fill(20),
      keepWithLast: [100, 200, 300],
    });
    expect([...long.breaks]).toEqual([14]);
  });

  test('a row that begins a page takes its lead above it (the top padding of a broken row)', () => {
    // 34 rows of 20 pt fill a page from 100 (700 pt below the header); with 5 pt above row 33 once it
    // begins the next page, and rows 33 to 67 not fitting a fresh page with it, the next break moves.
    const rowHeights = Array(70).fill(20);
    const rowLeads = rowHeights.map((_, i) => (i === 33 ? 5 : 0));
    expect([...paginate({ ...page, startY: 100, rowHeights, keepWithLast: 0 }).breaks]).toEqual([33, 67]);
    expect([...paginate({ ...page, startY: 100, rowHeights, rowLeads, keepWithLast: 0 }).breaks]).toEqual([
      33, 66,
    ]);
    // Rows moved with the totals count their lead: 2 rows of 20 and 640 pt of totals fill a fresh page
    // exactly (80 + 20 + 40 + 640 = 780), so with a lead the last row alone goes with them.
    const kept = { ...page, startY: 100, rowHeights: Array(10).fill(20), keepWithLast: 640 };
    expect([...paginate(kept).breaks]).toEqual([8]);
    expect([...paginate({ ...kept, rowLeads: Array(10).fill(5) }).breaks]).toEqual([9]);
  });

  test('never a header alone at the foot of a page', () => {
    expect(paginate({ ...page, startY: 760, rowHeights: [30], keepWithLast: 0 }).newPageFirst).toBe(true);
  });

  test('for any row count, the totals share their page with at least one row', () => {
    for (let n = 1; n <= 90; n++) {
      for (const keep of [60, 140, 260]) {
        const rowHeights = Array.from({ length: n }, (_, i) => 14 + ((i * 7) % 23));
        const plan = paginate({ ...page, startY: 260, rowHeights, keepWithLast: keep });
        const lastStart = plan.breaks.size > 0 ? Math.max(...plan.breaks) : 0;
        let y = (plan.newPageFirst || lastStart > 0 ? page.freshTop : 260) + page.headHeight;
        for (const h of rowHeights.slice(lastStart)) y += h;
        expect(lastStart).toBeLessThan(n);
        expect(y + keep).toBeLessThanOrEqual(page.bottom + 0.001);
      }
    }
  });
});

describe('colours', () => {
  test('a pale brand colour is darkened for text and gets dark text on it', () => {
    expect(contrast(readableOnWhite('#ffe600', '#111827', 3), '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(textOn('#f59e0b', '#111827')).toBe('#111827');
    expect(textOn('#111827', '#111827')).toBe('#ffffff');
  });

  test('the document branding wins over the template config, which wins over the theme', () => {
    const theme = (config?: object, branding?: object) =>
      resolveTheme('tpl_modern', config, branding as never).palette;
    expect(theme().primary).toBe('#2563eb');
    expect(theme({ primary_color: '#FF0000' }).primary).toBe('#ff0000');
    expect(theme({ primary_color: '#ff0000' }, { primary_color: '#00ff00' }).primary).toBe('#00ff00');
    expect(theme({ accent_color: '#0000ff' }, { primary_color: '#00ff00' }).accent).toBe('#0000ff');
    expect(theme({ primary_color: 'red' }).primary).toBe('#2563eb');
  });

  test('a theme is kept per design, colours and family: the same asked again, any of them changed is another', () => {
    const modern = resolveTheme('tpl_modern', { primary_color: '#ff0000' }, undefined);
    expect(resolveTheme('tpl_modern', { primary_color: '#FF0000' }, undefined)).toBe(modern);
    const serif = resolveTheme(
      'tpl_modern',
      { primary_color: '#ff0000', font_family: 'Noto Serif' },
      undefined,
    );
    expect(serif).not.toBe(modern);
    expect([modern.fontFamily, serif.fontFamily]).toEqual(['Noto Sans', 'Noto Serif']);
    const accent = resolveTheme(
      'tpl_modern',
      { primary_color: '#ff0000', accent_color: '#00aa00' },
      undefined,
    );
    expect([accent.palette.accent, modern.palette.accent]).toEqual(['#00aa00', '#1e293b']);
    const classic = resolveTheme('tpl_classic', { primary_color: '#ff0000' }, undefined);
    expect(classic.spec).not.toBe(modern.spec);
    expect(classic.palette.primary).toBe('#ff0000');
  });
});
