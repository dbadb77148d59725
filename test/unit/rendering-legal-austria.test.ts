// An Austrian seller's invoice in Austrian German (`de-AT`) says what Austrian law and usage call things:
// the VAT id is the "UID-Nr.", the register the "Firmenbuch" and the reverse charge the "Übergang der
// Steuerschuld auf den Leistungsempfänger"; German German (`de-DE`) keeps its own words.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { labelsFor } from '../../src/rendering/labels';
import { renderPdf } from '../../src/rendering/render-pdf';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const SELLER = {
  name: 'Holzer Design GmbH',
  tax_id: 'ATU12345678',
  registration_number: 'FN 123456a',
  address: { line1: 'Mariahilfer Straße 1', postal_code: '1060', city: 'Wien', country: 'AT' },
};
const BUYER = {
  name: 'Müller Bau GmbH',
  tax_id: 'DE123456789',
  address: { line1: 'Ring 1', postal_code: '20095', city: 'Hamburg', country: 'DE' },
};

async function textOf(locale: string) {
  const data = {
    number: 'AT-2026-001',
    issue_date: '2026-12-07',
    currency: 'EUR',
    seller: SELLER,
    buyer: BUYER,
    line_items: [
      {
        name: 'Gestaltung',
        quantity: '1',
        unit_price: '1000.00',
        taxes: [{ name: 'VAT', rate: '0', category: 'AE' }],
      },
    ],
  } as DocumentData;
  const pdf = await renderPdf(
    withTotals('invoice', data, { locale, pageSize: 'A4', templateId: 'tpl_modern' }),
  );
  return pdfPagesText(savePdf(pdf)).join('\n').replace(/\s+/g, ' ');
}

describe('Austrian German', () => {
  test('UID-Nr., Firmenbuch and the Austrian reverse-charge words on a de-AT invoice', async () => {
    const text = await textOf('de-AT');
    expect(text).toContain('UID-Nr.');
    expect(text).toContain('Firmenbuch');
    expect(text).toContain('Übergang der Steuerschuld auf den Leistungsempfänger');
    expect(text).not.toContain('USt-IdNr.');
  });

  test('de-DE keeps the German words; the rest of the labels are the same German', async () => {
    const text = await textOf('de-DE');
    expect(text).toContain('USt-IdNr.');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(labelsFor('de-AT').dueDate).toBe(labelsFor('de-DE').dueDate);
    expect(labelsFor('de-AT')).toBe(labelsFor('de-at'));
  });
});
