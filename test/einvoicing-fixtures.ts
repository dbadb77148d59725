// E-invoicing test documents: one per VAT category (S, Z, E, AE, K, G, O), inclusive prices, discounts,
// shipping, credit notes, EUR and USD, German/French/Belgian/Dutch parties. Totals come from the real
// money module, exactly as the API stores them, so the XML is checked against what a client would see.

import {
  add,
  computeTotals,
  type Decimal,
  dec,
  eq,
  gt,
  mul,
  sub,
  sum,
  toPlainString,
} from '../src/domain/money';
import type { EInvoice, SemanticInput } from '../src/einvoicing/semantic/index';
import type { DocumentData } from '../src/modules/documents/model';
import { currencyDecimals } from '../src/modules/reference';

type Party = NonNullable<DocumentData['seller']>;
type Line = DocumentData['line_items'][number];
type Tax = NonNullable<Line['taxes']>[number];

export interface EInvoiceCase {
  name: string;
  input: SemanticInput;
}

/** Builds the input the way the service does: the data plus its computed totals. */
export function einvoiceCase(
  name: string,
  documentType: string,
  data: DocumentData,
  extra: Partial<Omit<SemanticInput, 'documentType' | 'data' | 'totals'>> = {},
): EInvoiceCase {
  const outcome = computeTotals({
    minorUnits: currencyDecimals(data.currency) ?? 2,
    lines: data.line_items,
    discounts: data.discounts,
    shipping: data.shipping ?? null,
  });
  if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.problems)}`);
  return { name, input: { documentType, data, totals: outcome.totals, ...extra } };
}

const vat = (category: string, rate: string, more: Partial<Tax> = {}): Tax[] => [
  { name: 'VAT', rate, category, ...more },
];
export const S19 = vat('S', '19');
const S7 = vat('S', '7');

export const SELLER_DE: Party = {
  name: 'Lindqvist Design',
  legal_name: 'Lindqvist Design GmbH',
  email: 'rechnung@lindqvist.example',
  phone: '+49 30 1234567',
  tax_id: 'DE123456789',
  registration_number: 'HRB 123456 B',
  address: { line1: 'Friedrichstraße 123', city: 'Berlin', postal_code: '10117', country: 'DE' },
  bank_account: {
    bank_name: 'Berliner Bank',
    account_number: 'DE89 3704 0044 0532 0130 00',
    swift: 'COBADEFFXXX',
  },
  electronic_address: { scheme: '9930', value: 'DE123456789' },
};
export const BUYER_DE: Party = {
  name: 'Müller & Söhne KG',
  email: 'einkauf@mueller-soehne.example',
  tax_id: 'DE987654321',
  address: { line1: 'Am Sandtorkai 5', line2: '3. OG', city: 'Hamburg', postal_code: '20457', country: 'DE' },
  electronic_address: { scheme: '9930', value: 'DE987654321' },
};
const BUYER_FR: Party = {
  name: 'Atelier Dupont',
  legal_name: 'Atelier Dupont SARL',
  tax_id: 'FR40123456789',
  registration_number: '123456789',
  address: { line1: '12 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  electronic_address: { scheme: '0002', value: '123456789' },
};
const BUYER_BE: Party = {
  name: 'Brouwerij De Smet',
  legal_name: 'Brouwerij De Smet BV',
  tax_id: 'BE 0123.456.749',
  registration_number: '0123.456.749',
  address: { line1: 'Korenmarkt 7', city: 'Gent', postal_code: '9000', country: 'BE' },
  electronic_address: { scheme: '0208', value: '0123456749' },
};
const BUYER_US: Party = {
  name: 'Acme Corporation',
  address: {
    line1: '500 Market Street',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  },
  electronic_address: { scheme: '0060', value: '123456789' },
};
const SELLER_FR: Party = {
  name: 'Boulangerie Martin',
  legal_name: 'Boulangerie Martin SAS',
  email: 'factures@martin.example',
  phone: '+33 1 23 45 67 89',
  tax_id: 'FR61987654321',
  registration_number: '98765432100014',
  address: { line1: '3 place du Marché', city: 'Lyon', postal_code: '69002', country: 'FR' },
  bank_account: { account_number: 'FR7630006000011234567890189', swift: 'AGRIFRPPXXX' },
  electronic_address: { scheme: '0009', value: '98765432100014' },
};
const SELLER_NL: Party = {
  name: 'Van der Berg Techniek',
  legal_name: 'Van der Berg Techniek B.V.',
  email: 'facturen@vdberg.example',
  phone: '+31 20 123 4567',
  tax_id: 'NL123456789B01',
  registration_number: '12345678',
  address: { line1: 'Keizersgracht 100', city: 'Amsterdam', postal_code: '1015 CV', country: 'NL' },
  bank_account: { account_number: 'NL91ABNA0417164300', swift: 'ABNANL2A' },
  electronic_address: { scheme: '0106', value: '12345678' },
};
/** Not subject to VAT (category O): no VAT id anywhere (BR-O-02); identified by its register number. */
const SELLER_CLUB: Party = {
  name: 'Sportverein Grün-Weiß',
  legal_name: 'Sportverein Grün-Weiß e.V.',
  email: 'kasse@gruen-weiss.example',
  phone: '+49 89 7654321',
  registration_number: 'VR 4711',
  address: { line1: 'Stadionweg 1', city: 'München', postal_code: '80331', country: 'DE' },
  bank_account: { account_number: 'DE02120300000000202051', swift: 'BYLADEM1001' },
  electronic_address: { scheme: '0088', value: '4000001123452' },
};
const BUYER_LIBRARY: Party = {
  name: 'Stadtbibliothek Musterstadt',
  address: { line1: 'Marktplatz 2', city: 'Musterstadt', postal_code: '12345', country: 'DE' },
  electronic_address: { scheme: '0204', value: '04011000-1234512345-06' },
};

const PAYMENT = { instructions: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.' };
const base = (over: Partial<DocumentData>): DocumentData => ({
  invoice_number: 'RE-2026-0001',
  issue_date: '2026-11-02',
  due_date: '2026-11-16',
  currency: 'EUR',
  seller: SELLER_DE,
  buyer: BUYER_DE,
  buyer_reference: '04011000-12345-34',
  tax_scheme: 'VAT',
  payment: PAYMENT,
  line_items: [],
  ...over,
});
const line = (
  name: string,
  quantity: string,
  unit_price: string,
  taxes: Tax[],
  more: Partial<Line> = {},
): Line => ({
  name,
  quantity,
  unit_price,
  taxes,
  ...more,
});

/** The matrix: every case is written in all four profiles and must pass their XSDs. */
export const CASES: EInvoiceCase[] = [
  einvoiceCase(
    'S 19%, discounts and inherited shipping',
    'invoice',
    base({
      line_items: [
        line('Workshop', '8', '95.00', S19, {
          unit_code: 'HUR',
          description: 'Two half-day sessions',
          sku: 'WS-1',
        }),
        line('Logo design', '1', '2400.00', S19, {
          discount: { type: 'percentage', value: '10', reason: 'Returning client' },
        }),
        line('Business cards', '1000', '0.125', S19, { unit_code: 'H87' }),
      ],
      discounts: [{ type: 'fixed', value: '50.00', reason: 'Loyalty' }],
      shipping: { description: 'Courier', amount: '12.90' },
      notes: 'Vielen Dank für Ihren Auftrag!',
    }),
  ),
  einvoiceCase(
    'S 19% tax-inclusive prices',
    'invoice',
    base({
      invoice_number: 'RE-2026-0002',
      line_items: [
        line('Concert ticket', '3', '33.33', vat('S', '19', { inclusive: true })),
        line('Programme', '1', '11.90', vat('S', '19', { inclusive: true }), {
          discount: { type: 'fixed', value: '1.19' },
        }),
        line('Poster', '2', '9.99', vat('S', '19', { inclusive: true })),
      ],
      discounts: [{ type: 'percentage', value: '5', reason: 'Members' }],
      shipping: { amount: '4.95' },
    }),
  ),
  einvoiceCase(
    'S 19% + 7% + Z, explicit shipping tax',
    'invoice',
    base({
      invoice_number: 'RE-2026-0003',
      line_items: [
        line('Consulting', '10', '120.00', S19, { unit_code: 'HUR' }),
        line('Books', '4', '24.95', S7),
        line('Printed matter for export packaging', '1', '80.00', vat('Z', '0')),
      ],
      shipping: { description: 'Freight', amount: '25.00', taxes: S19 },
    }),
  ),
  einvoiceCase(
    'E exempt with reason',
    'invoice',
    base({
      invoice_number: 'RE-2026-0004',
      line_items: [
        line(
          'Language course',
          '1',
          '480.00',
          vat('E', '0', {
            exemption_reason: 'Exempt: school education (Art. 132(1)(i) Directive 2006/112/EC)',
            exemption_reason_code: 'VATEX-EU-132-1I',
          }),
        ),
      ],
    }),
  ),
  einvoiceCase(
    'AE reverse charge to Belgium',
    'invoice',
    base({
      invoice_number: 'RE-2026-0005',
      buyer: BUYER_BE,
      line_items: [line('Software development', '40', '110.00', vat('AE', '0'), { unit_code: 'HUR' })],
      discounts: [{ type: 'percentage', value: '2', reason: 'Early payment' }],
    }),
  ),
  einvoiceCase(
    'K intra-community supply to France',
    'invoice',
    base({
      invoice_number: 'RE-2026-0006',
      buyer: BUYER_FR,
      ship_to: {
        name: 'Atelier Dupont (entrepôt)',
        address: { line1: '8 quai de Seine', city: 'Rouen', postal_code: '76000', country: 'FR' },
      },
      line_items: [line('Oak desk', '2', '890.00', vat('K', '0'), { unit_code: 'H87' })],
      shipping: { amount: '60.00' },
    }),
    { deliveryDate: '2026-10-30' },
  ),
  einvoiceCase(
    'G export to the US in USD',
    'invoice',
    base({
      invoice_number: 'RE-2026-0007',
      currency: 'USD',
      buyer: BUYER_US,
      line_items: [line('Industrial sewing machine', '1', '4200.00', vat('G', '0'), { unit_code: 'H87' })],
    }),
  ),
  einvoiceCase(
    'O not subject to VAT',
    'invoice',
    base({
      invoice_number: 'RE-2026-0008',
      seller: SELLER_CLUB,
      buyer: BUYER_LIBRARY,
      line_items: [
        line('Membership fee 2027', '1', '120.00', vat('O', '0', { exemption_reason: 'Not subject to VAT' })),
      ],
      discounts: [{ type: 'fixed', value: '20', reason: 'Early renewal' }],
    }),
  ),
  einvoiceCase(
    'Credit note with negative amounts',
    'credit_note',
    base({
      invoice_number: 'GS-2026-0001',
      reason: 'Two workshop hours were not delivered.',
      line_items: [line('Workshop', '-2', '95.00', S19, { unit_code: 'HUR' })],
    }),
    { precedingInvoiceNumber: 'RE-2026-0001', precedingInvoiceDate: '2026-11-02' },
  ),
  einvoiceCase(
    'Credit note with positive amounts and shipping',
    'credit_note',
    base({
      invoice_number: 'GS-2026-0002',
      reason: 'Returned goods.',
      line_items: [line('Books', '2', '24.95', S7), line('Returned poster', '-1', '9.99', S7)],
      shipping: { amount: '4.90' },
    }),
    { precedingInvoiceNumber: 'RE-2026-0003' },
  ),
  einvoiceCase(
    'French seller, S 20%',
    'invoice',
    base({
      invoice_number: 'F-2026-118',
      seller: SELLER_FR,
      buyer: BUYER_FR,
      payment: { instructions: 'Paiement à 30 jours.' },
      line_items: [line('Pains au chocolat', '120', '1.20', vat('S', '20'), { unit_code: 'H87' })],
    }),
  ),
  einvoiceCase(
    'Dutch seller to Belgium, S 21%',
    'invoice',
    base({
      invoice_number: 'NL-2026-77',
      seller: SELLER_NL,
      buyer: BUYER_BE,
      payment: { instructions: 'Betaling binnen 30 dagen.' },
      line_items: [line('Installatie warmtepomp', '1', '3250.00', vat('S', '21'))],
    }),
  ),
];

/** A 20-line EUR invoice for the bench: mixed rates, a line discount, a document discount, shipping. */
export function benchCase(): EInvoiceCase {
  const lines = Array.from({ length: 20 }, (_, i) =>
    line(
      `Service item ${i + 1}`,
      ['1', '2', '3.5', '12'][i % 4] as string,
      `${40 + i * 7}.${(i * 13) % 100}`,
      i % 5 === 0 ? S7 : S19,
      {
        description: 'Described at some length so the XML carries realistic text.',
        unit_code: 'HUR',
        ...(i === 2
          ? { discount: { type: 'percentage' as const, value: '10', reason: 'Returning client' } }
          : {}),
      },
    ),
  );
  return einvoiceCase(
    'bench',
    'invoice',
    base({
      line_items: lines,
      discounts: [{ type: 'percentage', value: '3' }],
      shipping: { amount: '9.90', taxes: S19 },
    }),
  );
}

/**
 * The EN 16931 sums the Schematron checks, recomputed exactly on a semantic invoice: BR-CO-10..16, the
 * per-category BR-x-08 sums, and Peppol R120's line arithmetic (0.02 slack). Empty when all hold.
 */
export function arithmeticProblems(invoice: EInvoice): string[] {
  const problems: string[] = [];
  const total = (xs: string[]) => sum(xs.map(dec));
  const check = (rule: string, actual: string, expected: Decimal) => {
    if (!eq(dec(actual), expected)) problems.push(`${rule}: ${actual} != ${toPlainString(expected)}`);
  };
  const t = invoice.totals;
  check('BR-CO-10', t.lineNet, total(invoice.lines.map((l) => l.netAmount)));
  check('BR-CO-11', t.allowances, total(invoice.allowances.map((a) => a.amount)));
  check('BR-CO-12', t.charges, total(invoice.charges.map((c) => c.amount)));
  check('BR-CO-13', t.taxExclusive, sub(add(dec(t.lineNet), dec(t.charges)), dec(t.allowances)));
  check('BR-CO-14', t.tax, total(invoice.vatBreakdown.map((v) => v.taxAmount)));
  check('BR-CO-15', t.taxInclusive, add(dec(t.taxExclusive), dec(t.tax)));
  check('BR-CO-16', t.payable, dec(t.taxInclusive));
  for (const v of invoice.vatBreakdown) {
    const same = (vat: { code: string; rate: string | null }) =>
      vat.code === v.vat.code && (vat.rate ?? '0') === v.vat.rate;
    const lines = total(invoice.lines.filter((l) => same(l.vat)).map((l) => l.netAmount));
    const allowances = total(invoice.allowances.filter((a) => same(a.vat)).map((a) => a.amount));
    const charges = total(invoice.charges.filter((c) => same(c.vat)).map((c) => c.amount));
    check(`BR-${v.vat.code}-08 (${v.vat.rate})`, v.taxableAmount, add(sub(lines, allowances), charges));
  }
  for (const l of invoice.lines) {
    const priced = sub(mul(dec(l.quantity), dec(l.netPrice)), dec(l.allowance?.amount ?? '0'));
    const slack = sub(priced, dec(l.netAmount));
    if (gt(slack, dec('0.02')) || gt(dec('-0.02'), slack)) {
      problems.push(`R120 line ${l.id}: ${l.quantity} x ${l.netPrice} vs ${l.netAmount}`);
    }
    if (l.netPrice.startsWith('-')) problems.push(`BR-27 line ${l.id}: negative price`);
  }
  return problems;
}
