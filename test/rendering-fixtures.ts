// Realistic documents for the renderer's tests, the gallery and the bench. Totals come from the real
// money module, exactly as the API would report them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeTotals } from '../src/domain/money';
import type { DocumentData } from '../src/modules/documents/model';
import { currencyDecimals, type DocumentType } from '../src/modules/reference';
import type { RenderInput } from '../src/rendering/types';

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

/** A small PNG mark (160x64 RGBA with transparency: two discs and a bar), inline so the repo holds no binaries. */
export const LOGO_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAKAAAABACAYAAACdi3yvAAABvElEQVR4nO3ZQUrDUBSG0c7FLTh3DW7QBXTsLh1HBAulaEli0j/v3vPBm4f2cO9LezpJkiRJkqQH9Xx+n0b6sD8/noZ6Xv0gW3tSyNYeX3gBdAmM/0EHY3F4e0LcA56pWBjflggfgc9qLgZvC4iPhAdiYXxrECbxmYYF8S1BmIYHYVF8cxCmwUFYHN89hGloEDbB9xvCNDAIm+G7RpiGBeHGpVEB2Lg0qDUnPdVMwcb4ICxUGhGAjUsDgrB5aTwANi+NB8DGpeFA2Lw0GgCbl0YD4P1eXt+m0Q6AB/jBeav/h9OYAFwwJdOgADQB46hMQCs4DssKbvgCUnUNp+9z7oCN8QF4gIkGYH6i+RnGBBzqzL0ClrsHpleqFQxgHJU7oAlY6iWkfOm1aQWrBML0NDP9mk/BNCgAAYyjcv9rijCNCb4NSiMCUEMiTE8z02/j0qCWnO/nTYNy7wNwGuVYsoWm4PXzpmHBt0Oj4BsB4R7fT4tGwXcpDQ2+4gjnPG8anMlXFOGS503Ds3aLIVzzvPAV7ejwbjP1CjYKvktWbtGODu82d73CHRXdX3nBaFQK2dq8xUqSJEnSady+AGWX5FpakXV8AAAAAElFTkSuQmCC',
  ),
  (c) => c.charCodeAt(0),
);

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

// name | description | quantity | unit | unit price, one service a line.
const SERVICES = `
Discovery workshop|Two half-day sessions with stakeholders, interview notes and a written summary|8|h|95.00
Brand strategy|Positioning, audience profiles and messaging pillars|12|h|110.00
Logo design|Three concepts, two rounds of revisions, final artwork in all formats|1|flat|2400.00
Colour palette and typography||6|h|95.00
Brand guidelines document (48 pages)|Print-ready PDF and editable source files|1|flat|1800.00
Website wireframes|Home, product, pricing, about and contact pages|14|h|105.00
UI design system|Components, tokens and documentation in the shared library|22|h|105.00
Illustration set|Twelve spot illustrations in the brand style|12|pcs|180.00
Icon set||40|pcs|35.00
Photography art direction|One studio day including shot list and on-site direction|1|day|1200.00
Stock image licences|Extended licence, web and print|15|pcs|49.00
Copywriting|Website copy, five pages, two revision rounds|18|h|90.00
Front-end development|Responsive implementation of the approved designs|36|h|115.00
CMS integration and editor training for the marketing team (remote, recorded)||10|h|115.00
Accessibility review|WCAG 2.2 AA audit with prioritised findings|6|h|120.00
Performance optimisation||5|h|115.00
Hosting setup|Domain, TLS certificates and CDN configuration|1|flat|350.00
Project management||9.5|h|85.00
Print production supervision|Press check for business stationery|1|flat|280.00
Business cards|400 g/m² uncoated, two designs, 500 each|1000|pcs|0.125`
  .trim()
  .split('\n')
  .map((row) => row.split('|') as [string, string, string, string, string]);

function serviceLines(count: number, taxes: Line['taxes'] = VAT19): Line[] {
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

const addr = (line1: string, postal_code: string, city: string, country: string, more: object = {}) => ({
  line1,
  postal_code,
  city,
  country,
  ...more,
});

const item = (
  name: string,
  quantity: string,
  unit: string | undefined,
  price: string,
  taxes: Line['taxes'],
) => ({
  name,
  quantity,
  unit_price: price,
  taxes,
  ...(unit ? { unit } : {}),
});

/** The 60-line invoice's shape with any number of lines (the bench renders 200). */
/**
 * The one-page 20-line invoice of the render benches: 20 priced lines with a line and a document discount,
 * logo, parties, totals and tax summary; no item descriptions, payment block, custom fields or notes (those
 * carry it onto a second page).
 */
export function invoiceOnePage(): RenderInput {
  const input = invoice20({ templateId: 'tpl_compact' });
  input.data = {
    ...input.data,
    line_items: input.data.line_items.map(({ description: _, ...line }) => line),
    payment: undefined,
    custom_fields: undefined,
    notes: undefined,
  };
  return input;
}

export function invoiceWithLines(count: number, rest: Partial<RenderInput> = {}): RenderInput {
  const lines = serviceLines(count).map((l, i) => ({
    ...l,
    taxes: [{ name: 'Sales tax', rate: i % 3 === 0 ? '8.875' : '4.5' }],
  }));
  const ny = addr('350 Fifth Avenue', '10118', 'New York', 'US', { line2: 'Suite 4100', state: 'NY' });
  const payment = {
    instructions: 'Pay by ACH or wire.',
    bank_account: {
      bank_name: 'First Harbor Bank',
      account_number: '000123456789',
      routing_number: '021000021',
    },
  };
  const data: DocumentData = {
    invoice_number: 'INV-2026-0107',
    issue_date: '2026-03-31',
    due_date: '2026-04-30',
    currency: 'USD',
    seller: { ...SELLER, address: ny },
    buyer: {
      name: 'Bluebird Outfitters Inc.',
      address: addr('1200 Market St', '94102', 'San Francisco', 'US', { state: 'CA' }),
    },
    ship_to: {
      name: 'Bluebird Outfitters Warehouse',
      address: addr('88 Industrial Way', '94607', 'Oakland', 'US', { state: 'CA' }),
    },
    line_items: lines,
    shipping: { description: 'Freight (2 pallets)', amount: '240.00' },
    payment,
  };
  const logo = { bytes: LOGO_PNG, contentType: 'image/png' as const };
  return withTotals('invoice', data, { locale: 'en-US', pageSize: 'LETTER', logo, ...rest });
}

export function creditNote(rest: Partial<RenderInput> = {}): RenderInput {
  const data: DocumentData = {
    invoice_number: 'CN-2026-0007',
    issue_date: '2026-11-20',
    currency: 'EUR',
    reason: 'Illustration set delivered with four pieces instead of twelve; the missing pieces are credited.',
    seller: SELLER,
    buyer: BUYER,
    line_items: [item('Illustration set (8 of 12 pieces not delivered)', '8', 'pcs', '180.00', VAT19)],
  };
  return withTotals('credit_note', data, { locale: 'en-GB', sourceDocumentNumber: 'INV-2026-0042', ...rest });
}

export function deliveryNote(rest: Partial<RenderInput> = {}): RenderInput {
  const items: [string, string, string, string][] = [
    ['Business cards, design A', 'BC-A-500', '500', 'pcs'],
    ['Business cards, design B', 'BC-B-500', '500', 'pcs'],
    ['Letterhead, 120 g/m²', 'LH-120', '2000', 'sheets'],
    ['Envelopes DL with window', 'ENV-DL-W', '1500', 'pcs'],
    ['Presentation folders with pocket and business card slot', 'PF-A4', '250', 'pcs'],
  ];
  const data: DocumentData = {
    invoice_number: 'DN-2026-0031',
    issue_date: '2026-11-05',
    currency: 'EUR',
    seller: SELLER,
    buyer: BUYER,
    ship_to: {
      name: 'Harbour & Finch, Reception',
      address: addr('Unit 3, Ringsend Business Park', 'D04 K7N2', 'Dublin', 'IE'),
    },
    line_items: items.map(([name, sku, quantity, unit]) => ({ name, sku, quantity, unit })),
    notes: 'Delivered in 6 cartons. Please check the goods and report any damage within 5 working days.',
  };
  return withTotals('delivery_note', data, { locale: 'en-GB', ...rest });
}

export function quote(rest: Partial<RenderInput> = {}): RenderInput {
  const data: DocumentData = {
    invoice_number: 'QUO-2026-0015',
    issue_date: '2026-10-01',
    valid_until: '2026-10-31',
    currency: 'GBP',
    seller: { ...SELLER, tax_id: 'GB123456789', address: addr('5 Hoxton Square', 'N1 6NU', 'London', 'GB') },
    buyer: { name: 'Marlowe Books', address: addr('21 Cecil Court', 'WC2N 4EZ', 'London', 'GB') },
    line_items: serviceLines(6, [{ name: 'VAT', rate: '20', category: 'S' }]),
    notes: 'This quote is valid for 30 days. Work starts within two weeks of acceptance.',
  };
  return withTotals('quote', data, { locale: 'en-GB', ...rest });
}

/** German locale: German labels, 7 % and 19 % VAT, decimal commas. */
export function german(rest: Partial<RenderInput> = {}): RenderInput {
  const data: DocumentData = {
    invoice_number: 'RE-2026-1138',
    issue_date: '2026-12-01',
    due_date: '2026-12-15',
    currency: 'EUR',
    seller: SELLER,
    buyer: { name: 'Bäckerei Müller & Söhne OHG', address: addr('Marktplatz 3', '14467', 'Potsdam', 'DE') },
    line_items: [
      {
        ...item('Gestaltung Geschäftsausstattung', '1', 'Pausch.', '1450.00', VAT19),
        description: 'Visitenkarten, Briefbogen, Kompaktkarte',
      },
      item('Fachbuch „Typografie im Alltag“', '3', 'Stk.', '39.90', VAT7),
      item('Beratungsleistung Markenarchitektur', '7.5', 'Std.', '120.00', VAT19),
      item('Reisekostenpauschale', '1', undefined, '85.00', VAT19),
    ],
    payment: {
      instructions: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
      bank_account: { bank_name: 'Berliner Volksbank', account_number: VALID_IBAN, swift: 'BEVODEBB' },
    },
    notes: 'Leistungszeitraum: November 2026.',
  };
  const logo = { bytes: LOGO_PNG, contentType: 'image/png' as const };
  return withTotals('invoice', data, { locale: 'de-DE', logo, ...rest });
}

/** Yen: no minor units, a locale without a label table (falls back to English words). */
export function jpy(rest: Partial<RenderInput> = {}): RenderInput {
  const tax = [{ name: 'Consumption tax', rate: '10' }];
  const data: DocumentData = {
    invoice_number: 'INV-JP-0009',
    issue_date: '2026-07-15',
    due_date: '2026-08-31',
    currency: 'JPY',
    seller: SELLER,
    buyer: {
      name: 'Sakura Trading K.K.',
      address: addr('1-2-3 Marunouchi', '100-0005', 'Chiyoda-ku, Tokyo', 'JP'),
    },
    line_items: [
      item('Brand localisation', '1', undefined, '1250000', tax),
      item('Packaging adaptation', '4', undefined, '85000', tax),
    ],
  };
  return withTotals('invoice', data, { locale: 'ja-JP', ...rest });
}

/** Every fixture by name, for the gallery and table tests. */
export const FIXTURES = { invoice20, invoice60, creditNote, deliveryNote, quote, german, jpy } as const;

// ---- Reading PDFs back with poppler-utils (CI installs them; a missing tool fails the test loudly) ----

const tmp = mkdtempSync(join(tmpdir(), 'render-test-'));
let fileCounter = 0;

export function poppler(tool: string, args: string[]): string {
  let proc: ReturnType<typeof Bun.spawnSync>;
  try {
    proc = Bun.spawnSync([tool, ...args], { stdout: 'pipe', stderr: 'pipe' });
  } catch (error) {
    throw new Error(`${tool} is not installed (apt-get install poppler-utils): ${String(error)}`);
  }
  if (proc.exitCode !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${proc.stderr?.toString()}`);
  return proc.stdout?.toString() ?? '';
}

/** Writes the bytes to a temp file and returns its path. */
export function savePdf(bytes: Uint8Array): string {
  fileCounter += 1;
  const path = join(tmp, `doc-${fileCounter}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

export function pdfInfo(path: string): {
  pages: number;
  width: number;
  height: number;
  title: string;
  author: string;
} {
  const out = poppler('pdfinfo', [path]);
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(out)?.[1]?.trim() ?? '';
  const size = /^Page size:\s*([\d.]+) x ([\d.]+) pts/m.exec(out);
  return {
    pages: Number(field('Pages')),
    width: Number(size?.[1]),
    height: Number(size?.[2]),
    title: field('Title'),
    author: field('Author'),
  };
}

/** Text per page (pdftotext separates pages with form feeds). */
export function pdfPagesText(path: string): string[] {
  const pages = poppler('pdftotext', [path, '-']).split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

export function pdfFonts(path: string): { name: string; embedded: boolean }[] {
  const lines = poppler('pdffonts', [path])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim());
  // Columns: name type encoding emb sub uni object ID; name has no spaces, type may ("CID TrueType").
  return lines.map((line) => {
    const cols = line.trim().split(/\s+/);
    return { name: cols[0] ?? '', embedded: cols.at(-5) === 'yes' };
  });
}

/** Page `page` (1-based) as an RGB raster: pdftoppm writes PPM (P6). */
export function rasterPage(
  path: string,
  page: number,
  dpi = 150,
): { width: number; height: number; data: Uint8Array } {
  fileCounter += 1;
  const prefix = join(tmp, `page-${fileCounter}`);
  poppler('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    prefix,
  ]);
  const bytes = new Uint8Array(readFileSync(`${prefix}.ppm`));
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 40)));
  if (!header) throw new Error('unexpected pdftoppm output');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), data: bytes.subarray(whole.length) };
}
