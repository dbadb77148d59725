// A building firm's documents in the view model: a quote's second date is how long it holds, never a due
// date; a construction invoice to a private Bauherr says the buyer must keep it for two years (§ 14 Abs. 4
// Satz 1 Nr. 9, § 14b Abs. 1 Satz 5 UStG), and one to a business or an authority does not.
import { describe, expect, test } from 'bun:test';
import { dec, sub, toFixedString } from '../../src/domain/money';
import type { DocumentData } from '../../src/modules/documents/model';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { german, quote, withTotals } from '../rendering-fixtures';

const metaOf = (view: ReturnType<typeof buildInvoiceView>) => view.meta.map((m) => [m.label, m.value]);

describe('a quote prints how long it holds, never a due date', () => {
  test('a quote given only a due_date (as the API allows) prints it as "Gültig bis"', () => {
    const base = quote({ locale: 'de-DE' });
    const { valid_until: _valid, ...data } = base.data;
    const view = buildInvoiceView({ ...base, data: { ...data, due_date: '2026-10-31' } });
    expect(metaOf(view)).toContainEqual(['Gültig bis', '31.10.2026']);
    expect(view.meta.map((m) => m.label)).not.toContain('Fällig am');
  });

  test('valid_until wins over a due_date; the date is printed once', () => {
    const base = quote({ locale: 'de-DE' });
    const view = buildInvoiceView({ ...base, data: { ...base.data, due_date: '2026-10-15' } });
    expect(view.meta.filter((m) => m.label === 'Gültig bis').map((m) => m.value)).toEqual(['31.10.2026']);
    expect(view.meta.map((m) => m.label)).not.toContain('Fällig am');
  });

  test('an invoice keeps its "Fällig am"', () => {
    expect(metaOf(buildInvoiceView(german()))).toContainEqual(['Fällig am', '15.12.2026']);
  });
});

/** A German builder's invoice of this kind to this buyer. */
function construction(typeCode: DocumentData['type_code'], buyer: DocumentData['buyer'], notes?: string) {
  const base = german();
  const data: DocumentData = {
    ...base.data,
    ...(typeCode ? { type_code: typeCode } : {}),
    buyer,
    notes,
    line_items: [
      {
        name: 'Rohbau gemäß Auftrag',
        quantity: '1',
        unit_price: '10000.00',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
    ],
  };
  return withTotals('invoice', data, { locale: base.locale });
}

const PRIVATE = {
  name: 'Familie Schmitz',
  email: 'schmitz@example.de',
  address: { line1: 'Lindenweg 5', city: 'Köln', postal_code: '50935', country: 'DE' },
};
const headings = (view: ReturnType<typeof buildInvoiceView>) => view.notes.map((n) => n.heading);

describe('a construction invoice to a private Bauherr says to keep it for two years', () => {
  for (const code of ['875', '876', '877'] as const) {
    test(`type ${code} to a private person`, () => {
      const view = buildInvoiceView(construction(code, PRIVATE));
      const note = view.notes.find((n) => n.heading === 'Aufbewahrungspflicht');
      expect(note?.text).toContain('zwei Jahre lang aufzubewahren');
      expect(note?.text.replace(/\s/g, ' ')).toContain('§ 14b Abs. 1 Satz 5 UStG');
    });
  }

  test('in English on an English invoice', () => {
    const input = construction('877', PRIVATE);
    const view = buildInvoiceView({ ...input, locale: 'en-GB' });
    expect(view.notes.find((n) => n.heading === 'Retention of this invoice')?.text).toContain('two years');
  });

  test('not to a business (VAT id), nor an authority (Leitweg-ID), nor on a plain invoice', () => {
    const business = { ...PRIVATE, name: 'Schneider Hochbau GmbH', tax_id: 'DE298765432' };
    const authority = { ...PRIVATE, electronic_address: { scheme: '0204', value: '05315000-12345-67' } };
    expect(headings(buildInvoiceView(construction('877', business)))).not.toContain('Aufbewahrungspflicht');
    expect(headings(buildInvoiceView(construction('875', authority)))).not.toContain('Aufbewahrungspflicht');
    expect(headings(buildInvoiceView(construction(undefined, PRIVATE)))).not.toContain(
      'Aufbewahrungspflicht',
    );
    expect(headings(buildInvoiceView(construction('326', PRIVATE)))).not.toContain('Aufbewahrungspflicht');
  });

  test('a "14b" that is no paragraph (a house number in the notes) leaves the note in', () => {
    const view = buildInvoiceView(construction('877', PRIVATE, 'Baustelle: Industriestraße 14b, Köln'));
    expect(headings(view)).toContain('Aufbewahrungspflicht');
  });

  test('not twice when the notes already say it', () => {
    const own = 'Bitte bewahren Sie diese Rechnung zwei Jahre auf (§ 14b UStG).';
    const view = buildInvoiceView(construction('877', PRIVATE, own));
    expect(headings(view)).not.toContain('Aufbewahrungspflicht');
  });
});

describe('Skonto on a final invoice', () => {
  /** A Schlussrechnung of 11,900.00 with `prepaid` paid by its Abschläge, 2 % Skonto within 14 days. */
  function finalInvoice(prepaid: string, base?: string) {
    const input = construction('877', PRIVATE);
    const term = { days: 14, percent: '2', ...(base ? { base_amount: base } : {}) };
    const data: DocumentData = {
      ...input.data,
      prepaid_amount: prepaid,
      payment: { ...input.data.payment, instructions: undefined, early_payment_discounts: [term] },
    };
    const totals = { ...input.totals, prepaid_amount: prepaid };
    const due = toFixedString(sub(dec(input.totals.total), dec(prepaid)), 2);
    return buildInvoiceView({ ...input, data, totals: { ...totals, amount_due: due } });
  }

  test('the Skonto is on what is left to pay', () => {
    expect(finalInvoice('5000.00').payment?.instructions?.replace(/\s/g, ' ')).toBe(
      'Bei Zahlung bis 15.12.2026 2 % Skonto: 6.762,00 €',
    );
  });

  test('nothing left to pay, or more paid than owed: no Skonto line', () => {
    expect(finalInvoice('11900.00').payment?.instructions ?? null).toBeNull();
    expect(finalInvoice('12000.00').payment?.instructions ?? null).toBeNull();
  });

  test('nor on a stated base when nothing is left to pay', () => {
    expect(finalInvoice('11900.00', '1000.00').payment?.instructions ?? null).toBeNull();
  });
});

describe('a Schlussrechnung whose Abschläge came to more than the work', () => {
  function overpaid(prepaid: string, documentType: 'invoice' | 'credit_note' = 'invoice') {
    const input = construction('877', PRIVATE);
    const data: DocumentData = { ...input.data, prepaid_amount: prepaid, due_date: '2026-12-21' };
    const due = toFixedString(sub(dec(input.totals.total), dec(prepaid)), 2);
    const totals = { ...input.totals, prepaid_amount: prepaid, amount_due: due };
    return buildInvoiceView({ ...input, documentType, data, totals });
  }
  const rows = (view: ReturnType<typeof buildInvoiceView>) =>
    view.totals.map((r) => `${r.label} ${r.value}`.replace(/\s/g, ' '));

  test('says what is refunded, not a negative amount to pay', () => {
    const view = overpaid('12000.00');
    expect(rows(view).slice(-4)).toEqual([
      'Bereits gezahlt -12.000,00 €',
      'enthaltene USt. 19 % -1.915,97 €',
      'Zu erstatten 100,00 €',
      'enthaltene USt. 19 % 15,97 €',
    ]);
    expect(view.highlight?.label).toBe('Zu erstatten');
    expect(view.highlight?.value.replace(/\s/g, ' ')).toBe('100,00 €');
    expect(view.payment?.qr ?? null).toBeNull();
    // Nothing falls due and nothing is paid to the seller: no due date, no terms, no account to pay to.
    expect(view.meta.map((item) => item.label)).not.toContain('Fällig am');
    expect(view.payment).toBeNull();
  });

  test('what is left to pay keeps "Zu zahlen", its due date and how to pay', () => {
    const view = overpaid('5000.00');
    expect(rows(view)).toContain('Zu zahlen 6.900,00 €');
    expect(view.meta.map((item) => item.label)).toContain('Fällig am');
    expect(view.payment).not.toBeNull();
  });
});
