// A French seller's invoice to a business must state the penalty rate for late payment, the flat 40 €
// recovery indemnity (Code de commerce L441-9, L441-10, D441-5) and the terms of any discount for early
// payment ("Pas d’escompte pour paiement anticipé" when there is none). The PDF of a French seller's
// invoice in French said none of it, nor could the seller say it but in free text.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const FRENCH_SELLER = {
  name: 'Atelier Lumière SAS',
  tax_id: 'FR40303265045',
  registration_number: 'SIREN 303 265 045 – RCS Paris',
  address: { line1: '12 rue de Rivoli', postal_code: '75004', city: 'Paris', country: 'FR' },
};
const BUSINESS = {
  name: 'Boulangerie Dupont SARL',
  tax_id: 'FR83404833048',
  address: { line1: '5 place du Marché', postal_code: '69002', city: 'Lyon', country: 'FR' },
};
const CONSUMER = {
  name: 'Marie Curie',
  address: { line1: '1 rue Pierre', postal_code: '75005', city: 'Paris', country: 'FR' },
};

function frenchInvoice(
  extra: Partial<DocumentData> = {},
  documentType: 'invoice' | 'quote' | 'credit_note' = 'invoice',
  locale = 'fr-FR',
) {
  const data = {
    number: 'F-2026-001',
    issue_date: '2026-12-07',
    due_date: '2027-01-06',
    currency: 'EUR',
    seller: FRENCH_SELLER,
    buyer: BUSINESS,
    line_items: [
      {
        name: 'Conception graphique',
        quantity: '10',
        unit_code: 'HUR',
        unit_price: '80.00',
        taxes: [{ category: 'S', rate: '20' }],
      },
    ],
    ...extra,
  } as DocumentData;
  return withTotals(documentType, data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

async function textOf(input: ReturnType<typeof frenchInvoice>) {
  return pdfPagesText(savePdf(await renderPdf(input)))
    .join('\n')
    .replace(/\s+/g, ' ');
}

describe("a French seller's invoice to a business", () => {
  test('states the late-payment penalties, the 40 € indemnity and that there is no early-payment discount', async () => {
    const text = await textOf(frenchInvoice());
    expect(text).toContain('pénalités de retard');
    expect(text).toContain('taux de refinancement de la BCE majoré de 10 points');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    expect(text).toContain('Pas d’escompte pour paiement anticipé');
  });

  test('a rate and discount the seller states themselves are not contradicted', async () => {
    const text = await textOf(
      frenchInvoice({
        payment: {
          instructions:
            'Pénalités de retard : trois fois le taux d’intérêt légal. Escompte de 2 % pour paiement sous 8 jours.',
        },
      }),
    );
    expect(text).not.toContain('taux de refinancement de la BCE');
    expect(text).not.toContain('Pas d’escompte');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
  });

  test('terms the seller states in its legal information or the footer, accents written either way, are not contradicted', async () => {
    const ownTerms =
      'Pe\u0301nalite\u0301s de retard : trois fois le taux d’inte\u0301re\u0302t le\u0301gal. Pas d’escompte.';
    for (const input of [
      frenchInvoice({ seller: { ...FRENCH_SELLER, legal_info: ownTerms } }),
      frenchInvoice({ branding: { footer_text: ownTerms } }),
    ]) {
      const text = await textOf(input);
      expect(text).not.toContain('taux de refinancement de la BCE');
      expect(text).not.toContain('Pas d’escompte pour paiement anticipé');
      expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    }
  });

  test('an English invoice of a French seller states them in English; a German one in French', async () => {
    const english = await textOf(frenchInvoice({}, 'invoice', 'en-GB'));
    expect(english).toContain('European Central Bank refinancing rate plus 10 percentage points');
    expect(english).toContain('Fixed indemnity for recovery costs');
    expect(english).toContain('No discount for early payment');
    const german = await textOf(frenchInvoice({}, 'invoice', 'de-DE'));
    expect(german).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
  });

  test('a business buyer known by its SIREN (a scheme identifier) or a Peppol address gets them too', async () => {
    const bySiren = { name: 'Boulangerie Dupont SARL', identifier: { id: '404833048', scheme_id: '0002' } };
    const byPeppol = {
      name: 'Boulangerie Dupont SARL',
      electronic_address: { scheme: '0009', value: '40483304800022' },
    };
    for (const buyer of [bySiren, byPeppol])
      expect(await textOf(frenchInvoice({ buyer } as Partial<DocumentData>))).toContain('40 €');
  });

  test('neither a consumer’s invoice, a quote, a credit note nor a German seller’s invoice says it', async () => {
    for (const input of [
      frenchInvoice({ buyer: CONSUMER }),
      frenchInvoice({}, 'quote'),
      frenchInvoice({}, 'credit_note'),
      frenchInvoice({ seller: { ...FRENCH_SELLER, address: { ...FRENCH_SELLER.address, country: 'DE' } } }),
    ])
      expect(await textOf(input)).not.toContain('40 €');
  });
});
