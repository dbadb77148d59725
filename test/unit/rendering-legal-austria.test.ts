// An Austrian seller's invoice in German says what Austrian law and usage call things, whichever German
// locale it is written in: the VAT id is the "UID-Nr.", the register the "Firmenbuch" and the reverse charge
// the "Übergang der Steuerschuld auf den Leistungsempfänger"; a German seller keeps Germany's words, in
// `de-AT` too. Without a seller's country the locale's region decides.
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

async function textOf(locale: string, seller: typeof SELLER = SELLER) {
  const data = {
    number: 'AT-2026-001',
    issue_date: '2026-12-07',
    currency: 'EUR',
    seller,
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

  test('the seller’s country decides: an Austrian firm in de-DE says UID-Nr., a German firm in de-AT USt-IdNr.', async () => {
    expect(await textOf('de-DE')).toContain('UID-Nr.');
    const german = {
      ...SELLER,
      name: 'Holz Nord GmbH',
      tax_id: 'DE123456789',
      registration_number: 'HRB 1234',
      address: { line1: 'Ring 2', postal_code: '20095', city: 'Hamburg', country: 'DE' },
    };
    const text = await textOf('de-AT', german);
    expect(text).toContain('USt-IdNr.');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).not.toContain('UID-Nr.');
  });

  test('without a seller, the locale’s region: de-AT, de_AT and de-Latn-AT alike', () => {
    for (const locale of ['de-AT', 'de_AT', 'de-Latn-AT']) expect(labelsFor(locale).vatId).toBe('UID-Nr.');
    expect(labelsFor('de-DE').vatId).toBe('USt-IdNr.');
    expect(labelsFor('de-AT').dueDate).toBe(labelsFor('de-DE').dueDate);
    expect(labelsFor('de-AT')).toBe(labelsFor('de-at'));
  });
});
