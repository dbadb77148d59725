// A French seller's invoice to a business must state the penalty rate for late payment, the flat 40 €
// recovery indemnity (Code de commerce L441-9, L441-10, D441-5) and the terms of any discount for early
// payment ("Pas d'escompte pour paiement anticipé" when there is none). The PDF of a French seller's
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
    expect(text).toContain("Pas d'escompte pour paiement anticipé");
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
    expect(text).not.toContain("Pas d'escompte");
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
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
