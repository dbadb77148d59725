// Realistic documents for the renderer's tests, the gallery and the bench. Totals come from the real
// money module, exactly as the API would report them.
import { deflateSync } from 'node:zlib';
import type { DocumentData } from '../src/modules/documents/model';
import { currencyDecimals, type DocumentType } from '../src/modules/reference';
import type { RenderInput } from '../src/rendering/types';
import { computeTotals } from '../src/shared/money';

type Line = DocumentData['line_items'][number];

/** A vector logo with a wordmark (exercises svg-to-pdfkit and its font mapping). */
export const LOGO_SVG = new TextEncoder().encode(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64">
  <rect x="0" y="8" width="48" height="48" rx="10" fill="#1e3a8a"/>
  <circle cx="24" cy="32" r="12" fill="#fbbf24"/>
  <text x="60" y="40" font-family="sans-serif" font-weight="bold" font-size="26" fill="#1e293b">Lindqvist</text>
  <text x="61" y="56" font-family="sans-serif" font-size="10" fill="#64748b">PARTNER DESIGN</text>
</svg>`,
);

/** A small PNG mark drawn pixel by pixel (no image files in the repo): two overlapping discs. */
export const LOGO_PNG = makePng(160, 64, (x, y) => {
  const disc = (cx: number, r: number) => (x - cx) ** 2 + (y - 32) ** 2 <= r * r;
  if (disc(32, 26)) return [13, 148, 136, 255];
  if (disc(76, 26)) return [245, 158, 11, 255];
  if (y > 26 && y < 38 && x > 110 && x < 156) return [30, 41, 59, 255];
  return [0, 0, 0, 0];
});

function makePng(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new DataView(new ArrayBuffer(body.length + 8));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(body.length + 4, crc32(body));
    return new Uint8Array(out.buffer);
  };
  const header = new DataView(new ArrayBuffer(13));
  header.setUint32(0, width);
  header.setUint32(4, height);
  new Uint8Array(header.buffer).set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', new Uint8Array(header.buffer)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  return new Uint8Array(parts.flatMap((p) => [...p]));
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The standard example IBAN (valid check digits). */
export const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';

export function withTotals(
  documentType: DocumentType,
  data: DocumentData,
  rest: Partial<RenderInput> = {},
): RenderInput {
  const minorUnits = currencyDecimals(data.currency) ?? 2;
  const outcome = computeTotals({
    minorUnits,
    lines: data.line_items,
    discounts: data.discounts,
    shipping: data.shipping ?? null,
  });
  if (!outcome.ok) throw new Error(`fixture totals: ${JSON.stringify(outcome.problems)}`);
  return { documentType, data, totals: outcome.totals, templateId: 'tpl_modern', pageSize: 'A4', ...rest };
}

const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];
const VAT7 = [{ name: 'VAT', rate: '7', category: 'S' }];

/** name, description, quantity, unit, unit price */
const SERVICES: [string, string | undefined, string, string, string][] = [
  [
    'Discovery workshop',
    'Two half-day sessions with stakeholders, interview notes and a written summary',
    '8',
    'h',
    '95.00',
  ],
  ['Brand strategy', 'Positioning, audience profiles and messaging pillars', '12', 'h', '110.00'],
  [
    'Logo design',
    'Three concepts, two rounds of revisions, final artwork in all formats',
    '1',
    'flat',
    '2400.00',
  ],
  ['Colour palette and typography', undefined, '6', 'h', '95.00'],
  [
    'Brand guidelines document (48 pages)',
    'Print-ready PDF and editable source files',
    '1',
    'flat',
    '1800.00',
  ],
  ['Website wireframes', 'Home, product, pricing, about and contact pages', '14', 'h', '105.00'],
  ['UI design system', 'Components, tokens and documentation in the shared library', '22', 'h', '105.00'],
  ['Illustration set', 'Twelve spot illustrations in the brand style', '12', 'pcs', '180.00'],
  ['Icon set', undefined, '40', 'pcs', '35.00'],
  [
    'Photography art direction',
    'One studio day including shot list and on-site direction',
    '1',
    'day',
    '1200.00',
  ],
  ['Stock image licences', 'Extended licence, web and print', '15', 'pcs', '49.00'],
  ['Copywriting', 'Website copy, five pages, two revision rounds', '18', 'h', '90.00'],
  ['Front-end development', 'Responsive implementation of the approved designs', '36', 'h', '115.00'],
  [
    'CMS integration and editor training for the marketing team (remote, recorded)',
    undefined,
    '10',
    'h',
    '115.00',
  ],
  ['Accessibility review', 'WCAG 2.2 AA audit with prioritised findings', '6', 'h', '120.00'],
  ['Performance optimisation', undefined, '5', 'h', '115.00'],
  ['Hosting setup', 'Domain, TLS certificates and CDN configuration', '1', 'flat', '350.00'],
  ['Project management', undefined, '9.5', 'h', '85.00'],
  ['Print production supervision', 'Press check for business stationery', '1', 'flat', '280.00'],
  ['Business cards', '400 g/m² uncoated, two designs, 500 each', '1000', 'pcs', '0.125'],
];

function serviceLines(count: number, taxes = VAT19): Line[] {
  return Array.from({ length: count }, (_, i) => {
    const [name, description, quantity, unit, price] = SERVICES[
      i % SERVICES.length
    ] as (typeof SERVICES)[number];
    const line: Line = {
      name: count > SERVICES.length ? `${name} (${Math.floor(i / SERVICES.length) + 1})` : name,
      quantity,
      unit_price: price,
      taxes,
    };
    if (description) line.description = description;
    line.unit = unit;
    if (i === 2) line.discount = { type: 'percentage', value: '10', reason: 'Returning client' };
    return line;
  });
}

export const SELLER: NonNullable<DocumentData['seller']> = {
  name: 'Lindqvist & Partner Design',
  legal_name: 'Lindqvist & Partner Design GmbH',
  email: 'billing@lindqvist-design.example',
  phone: '+49 30 1234 5678',
  website: 'lindqvist-design.example',
  tax_id: 'DE811907980',
  registration_number: 'HRB 123456 B',
  address: {
    line1: 'Torstraße 112',
    line2: 'Aufgang B, 3. OG',
    city: 'Berlin',
    postal_code: '10119',
    country: 'DE',
  },
};

const BUYER: NonNullable<DocumentData['buyer']> = {
  name: 'Harbour & Finch Ltd',
  email: 'accounts@harbourfinch.example',
  tax_id: 'IE6388047V',
  address: { line1: '14 Grand Canal Quay', city: 'Dublin', postal_code: 'D02 A342', country: 'IE' },
};

const PAYMENT: DocumentData['payment'] = {
  instructions: 'Please transfer the amount due within 14 days, quoting the invoice number.',
  payment_url: 'https://pay.lindqvist-design.example/i/2026-0042',
  accepted_methods: ['bank_transfer', 'credit_card'],
  bank_account: { bank_name: 'Berliner Volksbank', account_number: VALID_IBAN, swift: 'BEVODEBB' },
};

/** A realistic 20-line EUR invoice with a valid IBAN (EPC QR), a line discount and a document discount. */
export function invoice20(rest: Partial<RenderInput> = {}): RenderInput {
  return withTotals(
    'invoice',
    {
      invoice_number: 'INV-2026-0042',
      issue_date: '2026-11-02',
      due_date: '2026-11-16',
      currency: 'EUR',
      seller: SELLER,
      buyer: BUYER,
      buyer_reference: 'PO-88213',
      line_items: serviceLines(20),
      discounts: [{ type: 'percentage', value: '5', reason: 'Framework agreement' }],
      payment: PAYMENT,
      custom_fields: [
        { label: 'Project', value: 'Harbour & Finch rebrand 2026' },
        { label: 'Contact', value: 'Maja Lindqvist' },
      ],
      notes: 'Thank you for your business. Usage rights for all final artwork transfer on payment in full.',
      tax_scheme: 'VAT',
    },
    { locale: 'en-GB', logo: { bytes: LOGO_SVG, contentType: 'image/svg+xml' }, ...rest },
  );
}

/** 60 lines on US Letter in USD with two tax rates and shipping: several pages. */
export function invoice60(rest: Partial<RenderInput> = {}): RenderInput {
  return invoiceWithLines(60, rest);
}

/** The 60-line invoice's shape with any number of lines (the bench renders 200). */
export function invoiceWithLines(count: number, rest: Partial<RenderInput> = {}): RenderInput {
  const lines = serviceLines(count, undefined).map((l, i) => ({
    ...l,
    taxes: [{ name: 'Sales tax', rate: i % 3 === 0 ? '8.875' : '4.5' }],
  }));
  return withTotals(
    'invoice',
    {
      invoice_number: 'INV-2026-0107',
      issue_date: '2026-03-31',
      due_date: '2026-04-30',
      currency: 'USD',
      seller: {
        ...SELLER,
        address: {
          line1: '350 Fifth Avenue',
          line2: 'Suite 4100',
          city: 'New York',
          state: 'NY',
          postal_code: '10118',
          country: 'US',
        },
      },
      buyer: {
        name: 'Bluebird Outfitters Inc.',
        address: {
          line1: '1200 Market St',
          city: 'San Francisco',
          state: 'CA',
          postal_code: '94102',
          country: 'US',
        },
      },
      ship_to: {
        name: 'Bluebird Outfitters Warehouse',
        address: {
          line1: '88 Industrial Way',
          city: 'Oakland',
          state: 'CA',
          postal_code: '94607',
          country: 'US',
        },
      },
      line_items: lines,
      shipping: { description: 'Freight (2 pallets)', amount: '240.00' },
      payment: {
        instructions: 'Pay by ACH or wire.',
        bank_account: {
          bank_name: 'First Harbor Bank',
          account_number: '000123456789',
          routing_number: '021000021',
        },
      },
    },
    { locale: 'en-US', pageSize: 'LETTER', logo: { bytes: LOGO_PNG, contentType: 'image/png' }, ...rest },
  );
}

export function creditNote(rest: Partial<RenderInput> = {}): RenderInput {
  return withTotals(
    'credit_note',
    {
      invoice_number: 'CN-2026-0007',
      issue_date: '2026-11-20',
      currency: 'EUR',
      reason:
        'Illustration set delivered with four pieces instead of twelve; the missing pieces are credited.',
      seller: SELLER,
      buyer: BUYER,
      line_items: [
        {
          name: 'Illustration set (8 of 12 pieces not delivered)',
          quantity: '8',
          unit: 'pcs',
          unit_price: '180.00',
          taxes: VAT19,
        },
      ],
    },
    { locale: 'en-GB', sourceDocumentNumber: 'INV-2026-0042', ...rest },
  );
}

export function deliveryNote(rest: Partial<RenderInput> = {}): RenderInput {
  const items: [string, string, string, string][] = [
    ['Business cards, design A', 'BC-A-500', '500', 'pcs'],
    ['Business cards, design B', 'BC-B-500', '500', 'pcs'],
    ['Letterhead, 120 g/m²', 'LH-120', '2000', 'sheets'],
    ['Envelopes DL with window', 'ENV-DL-W', '1500', 'pcs'],
    ['Presentation folders with pocket and business card slot', 'PF-A4', '250', 'pcs'],
  ];
  return withTotals(
    'delivery_note',
    {
      invoice_number: 'DN-2026-0031',
      issue_date: '2026-11-05',
      currency: 'EUR',
      seller: SELLER,
      buyer: BUYER,
      ship_to: {
        name: 'Harbour & Finch, Reception',
        address: {
          line1: 'Unit 3, Ringsend Business Park',
          city: 'Dublin',
          postal_code: 'D04 K7N2',
          country: 'IE',
        },
      },
      line_items: items.map(([name, sku, quantity, unit]) => ({ name, sku, quantity, unit })),
      notes: 'Delivered in 6 cartons. Please check the goods and report any damage within 5 working days.',
    },
    { locale: 'en-GB', ...rest },
  );
}

export function quote(rest: Partial<RenderInput> = {}): RenderInput {
  return withTotals(
    'quote',
    {
      invoice_number: 'QUO-2026-0015',
      issue_date: '2026-10-01',
      valid_until: '2026-10-31',
      currency: 'GBP',
      seller: {
        ...SELLER,
        tax_id: 'GB123456789',
        address: { line1: '5 Hoxton Square', city: 'London', postal_code: 'N1 6NU', country: 'GB' },
      },
      buyer: {
        name: 'Marlowe Books',
        address: { line1: '21 Cecil Court', city: 'London', postal_code: 'WC2N 4EZ', country: 'GB' },
      },
      line_items: serviceLines(6, [{ name: 'VAT', rate: '20', category: 'S' }]),
      notes: 'This quote is valid for 30 days. Work starts within two weeks of acceptance.',
    },
    { locale: 'en-GB', ...rest },
  );
}

/** German locale: German labels, 7 % and 19 % VAT, decimal commas. */
export function german(rest: Partial<RenderInput> = {}): RenderInput {
  const lines: Line[] = [
    {
      name: 'Gestaltung Geschäftsausstattung',
      description: 'Visitenkarten, Briefbogen, Kompaktkarte',
      quantity: '1',
      unit: 'Pausch.',
      unit_price: '1450.00',
      taxes: VAT19,
    },
    {
      name: 'Fachbuch „Typografie im Alltag“',
      quantity: '3',
      unit: 'Stk.',
      unit_price: '39.90',
      taxes: VAT7,
    },
    {
      name: 'Beratungsleistung Markenarchitektur',
      quantity: '7.5',
      unit: 'Std.',
      unit_price: '120.00',
      taxes: VAT19,
    },
    { name: 'Reisekostenpauschale', quantity: '1', unit_price: '85.00', taxes: VAT19 },
  ];
  return withTotals(
    'invoice',
    {
      invoice_number: 'RE-2026-1138',
      issue_date: '2026-12-01',
      due_date: '2026-12-15',
      currency: 'EUR',
      seller: SELLER,
      buyer: {
        name: 'Bäckerei Müller & Söhne OHG',
        address: { line1: 'Marktplatz 3', city: 'Potsdam', postal_code: '14467', country: 'DE' },
      },
      line_items: lines,
      payment: {
        instructions: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
        bank_account: { bank_name: 'Berliner Volksbank', account_number: VALID_IBAN, swift: 'BEVODEBB' },
      },
      notes: 'Leistungszeitraum: November 2026.',
    },
    { locale: 'de-DE', logo: { bytes: LOGO_PNG, contentType: 'image/png' }, ...rest },
  );
}

/** Yen: no minor units, a locale without a label table (falls back to English words). */
export function jpy(rest: Partial<RenderInput> = {}): RenderInput {
  return withTotals(
    'invoice',
    {
      invoice_number: 'INV-JP-0009',
      issue_date: '2026-07-15',
      due_date: '2026-08-31',
      currency: 'JPY',
      seller: SELLER,
      buyer: {
        name: 'Sakura Trading K.K.',
        address: {
          line1: '1-2-3 Marunouchi',
          city: 'Chiyoda-ku, Tokyo',
          postal_code: '100-0005',
          country: 'JP',
        },
      },
      line_items: [
        {
          name: 'Brand localisation',
          quantity: '1',
          unit_price: '1250000',
          taxes: [{ name: 'Consumption tax', rate: '10' }],
        },
        {
          name: 'Packaging adaptation',
          quantity: '4',
          unit_price: '85000',
          taxes: [{ name: 'Consumption tax', rate: '10' }],
        },
      ],
    },
    { locale: 'ja-JP', ...rest },
  );
}

/** Every fixture by name, for the gallery and table tests. */
export const FIXTURES = { invoice20, invoice60, creditNote, deliveryNote, quote, german, jpy } as const;
