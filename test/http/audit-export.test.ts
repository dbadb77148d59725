// Issue 39 §5: the tax audit data carrier (GoBD Z3, docs/exports.md "Tax audit export"). A small German
// month is made through the API, audit.zip downloaded and read as an auditor's software would: index.xml
// validated against the GDPdU DTD (xmllint), every table it names read with the delimiters, encapsulator
// and types it declares, every CSV in the ZIP named by it, and the amounts checked against the documents.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { XmlDocument } from 'libxml2-wasm';
import { add, type Decimal, dec, sum, toPlainString } from '../../src/domain/money';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER } from '../german-firm';
import { ROOT, startServer, type TestServer } from '../harness';
import { readZip, type ZipEntry } from '../zip';

const DTD = join(ROOT, 'assets', 'gdpdu', 'gdpdu-01-09-2004.dtd');
const MARCH = 'from=2026-03-01&to=2026-03-31';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const clock = new FakeClock(new Date('2026-04-02T09:00:00.000Z'));
const docs: Record<string, { id: string; number: string }> = {};
/** Where each downloaded carrier was unpacked, removed at the end. */
const unpacked: string[] = [];

const vat = (rate: string) => [{ name: 'USt', rate, category: 'S' }];
const line = (name: string, unit_price: string, rate: string, extra: Record<string, unknown> = {}) => ({
  name,
  quantity: '1',
  unit_price,
  taxes: vat(rate),
  ...extra,
});

async function call(key: string, method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A supplier's XRechnung invoice L-<number>, made by the other account and received by this one. */
async function receiveSupplierInvoice(number: string, issueDate: string) {
  const profile = await makeBusinessProfile(server, other, {
    legal_name: 'Lieferant Łódź Sp. z o.o.',
    email: 'rechnung@lieferant.example',
    tax_id: 'PL5260250274',
    address: { line1: 'ul. Piotrkowska 1', city: 'Łódź', postal_code: '90-001', country: 'PL' },
    electronic_address: { scheme: '9945', value: 'PL5260250274' },
    bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const buyer = await makeCustomer(server, other, {
    name: 'Ingenieurbüro Nordlicht GmbH',
    email: 'ap@nordlicht.example',
    billing_address: { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' },
    electronic_address: { scheme: 'EM', value: 'ap@nordlicht.example' },
  });
  const invoice = await makeDocument(
    server,
    other,
    { profileId: profile.id, customerId: buyer.id },
    {
      number,
      issue_date: issueDate,
      delivery_date: issueDate,
      tax_scheme: 'VAT',
      line_items: [line('Material', '100.00', '19'), line('Fachbuch', '10.00', '7')],
    },
    ['finalize'],
  );
  const xml = await server.request(`/api/v1/documents/${invoice.id}/xml?profile=xrechnung_ubl`, {
    key: other.apiKey,
  });
  expect(xml.status).toBe(200);
  const received = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: await xml.text(),
  });
  expect(received.status).toBe(201);
  return ((await received.json()) as { data: { id: string } }).data;
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account, GERMAN_SELLER);
  const mueller = await makeCustomer(server, account, {
    name: 'Müller & Söhne; "Bau" GmbH',
    tax_id: 'DE811907980',
    billing_address: { line1: 'Ring 2', city: 'Köln', postal_code: '50667', country: 'DE' },
  });
  // Its e-invoice profile is set after finalize (finalize would run the profile's Schematron): the export
  // writes the XML as the archive does.
  const { einvoice_profile: _profile, ...authority } = AUTHORITY;
  const amt = await makeCustomer(server, account, authority);
  const make = async (
    key: string,
    number: string,
    customerId: string,
    issue_date: string,
    line_items: unknown[],
    extra: Record<string, unknown> = {},
    actions = ['finalize'],
  ) => {
    const doc = await makeDocument(
      server,
      account,
      { profileId: profile.id, customerId },
      {
        number,
        issue_date,
        due_date: '2026-04-15',
        locale: 'de-DE',
        tax_scheme: 'VAT',
        line_items,
        ...extra,
      },
      actions,
    );
    docs[key] = { id: doc.id, number };
  };
  await make('mixed', 'RE-2026-0301', mueller.id, '2026-03-05', [
    line('=Beratung; "Phase 1"', '100.00', '19', { description: 'Zeile 1\r\nZeile 2\twith tab' }),
    line('Fachbuch', '50.00', '7', { quantity: '2.5', unit_price: '20.00', unit: 'Stück' }),
  ]);
  await make('authority', 'RE-2026-0302', amt.id, '2026-03-12', [line('Statik-Gutachten', '1250.00', '19')]);
  await make('credit', 'GS-2026-0301', mueller.id, '2026-03-20', [line('Gutschrift', '20.00', '19')], {
    document_type: 'credit_note',
    source_document_id: docs.mixed?.id,
    reason: 'Nachlass',
  });
  await make('voided', 'RE-2026-0303', mueller.id, '2026-03-25', [line('Storniert', '10.00', '19')], {}, [
    'finalize',
    'void',
  ]);
  await make('draft', 'RE-2026-0304', mueller.id, '2026-03-26', [line('Entwurf', '1.00', '19')], {}, []);
  await make('february', 'RE-2026-0201', mueller.id, '2026-02-27', [line('Februar', '1.00', '19')]);
  await call(account.apiKey, 'PATCH', `/api/v1/customers/${amt.id}`, { einvoice_profile: 'xrechnung_ubl' });
  const pay = (amount: string, date: string, method: string) =>
    call(account.apiKey, 'POST', `/api/v1/documents/${docs.mixed?.id}/payments`, { amount, date, method });
  await pay('100.00', '2026-03-20', 'bank_transfer');
  await pay('25.00', '2026-04-01', 'cash'); // after the period: still a payment of a March invoice
  const received = await receiveSupplierInvoice('L-77', '2026-03-10');
  docs.received = { id: received.id, number: 'L-77' };
}, 120_000);
afterAll(async () => {
  await server.stop();
  for (const dir of unpacked) rmSync(dir, { recursive: true, force: true });
});

// --- reading the carrier as an auditor's software does -----------------------------------------------

interface ColumnDescription {
  name: string;
  type: string;
  accuracy: number | null;
  primaryKey: boolean;
}

interface TableDescription {
  url: string;
  name: string;
  utf8: boolean;
  decimalSymbol: string;
  firstRecord: string;
  columnDelimiter: string;
  recordDelimiter: string;
  textEncapsulator: string;
  columns: ColumnDescription[];
  foreignKeys: { column: string; references: string }[];
}

/** index.xml's tables, read with libxml2 (its DTD validity is xmllint's part). */
function readIndex(xml: string): { tables: TableDescription[]; validity: string[] } {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (node: { get(x: string): { content: string } | null }, xpath: string) =>
      node.get(xpath)?.content ?? '';
    const tables = doc.find('/DataSet/Media/Table').map((table) => ({
      url: text(table, 'URL'),
      name: text(table, 'Name'),
      utf8: table.get('UTF8') !== null,
      decimalSymbol: text(table, 'DecimalSymbol'),
      firstRecord: text(table, 'Range/From'),
      columnDelimiter: text(table, 'VariableLength/ColumnDelimiter'),
      recordDelimiter: text(table, 'VariableLength/RecordDelimiter'),
      textEncapsulator: text(table, 'VariableLength/TextEncapsulator'),
      columns: table.find('VariableLength/VariablePrimaryKey | VariableLength/VariableColumn').map((c) => ({
        name: text(c, 'Name'),
        type: c.get('AlphaNumeric') ? 'AlphaNumeric' : c.get('Numeric') ? 'Numeric' : 'Date',
        accuracy: c.get('Numeric') ? Number(text(c, 'Numeric/Accuracy')) : null,
        primaryKey: (c as unknown as { name: string }).name === 'VariablePrimaryKey',
      })),
      foreignKeys: table.find('VariableLength/ForeignKey').map((k) => ({
        column: text(k, 'Name'),
        references: text(k, 'References'),
      })),
    }));
    const validity = [text(doc, '//Table[1]/Validity/Range/From'), text(doc, '//Table[1]/Validity/Range/To')];
    return { tables, validity };
  } finally {
    doc.dispose();
  }
}

/** A table's records as its description says to read them (delimiters, encapsulator, UTF-8). */
function records(bytes: Uint8Array, table: TableDescription): string[][] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  expect(text.endsWith(table.recordDelimiter)).toBe(true);
  return parse(text, {
    delimiter: table.columnDelimiter,
    quote: table.textEncapsulator,
    record_delimiter: table.recordDelimiter,
    relax_column_count: true,
  }) as string[][];
}

/** A Numeric cell (decimal comma) as an exact decimal. */
const num = (cell: string | undefined): Decimal => dec((cell || '0').replace(',', '.'));
const total = (cells: (string | undefined)[]) => toPlainString(sum(cells.map(num)));

interface Carrier {
  entries: ZipEntry[];
  dir: string;
  index: ReturnType<typeof readIndex>;
  /** Each table's data records (after the header) as objects by column name. */
  rows: Record<string, Record<string, string>[]>;
}

async function download(key = account.apiKey, query = MARCH): Promise<Carrier> {
  const res = await server.request(`/api/v1/exports/audit.zip?${query}`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toBe(
    'attachment; filename="audit_2026-03-01_2026-03-31.zip"',
  );
  const entries = readZip(new Uint8Array(await res.arrayBuffer()));
  const dir = mkdtempSync(join(tmpdir(), 'inv-audit-'));
  unpacked.push(dir);
  for (const entry of entries) {
    mkdirSync(dirname(join(dir, entry.name)), { recursive: true });
    writeFileSync(join(dir, entry.name), entry.bytes);
  }
  const index = readIndex(readFileSync(join(dir, 'index.xml'), 'utf8'));
  const rows: Carrier['rows'] = {};
  for (const table of index.tables) {
    const entry = entries.find((e) => e.name === table.url);
    if (!entry) continue;
    const [, ...data] = records(entry.bytes, table);
    rows[table.name] = data.map((r) => Object.fromEntries(table.columns.map((c, i) => [c.name, r[i] ?? ''])));
  }
  return { entries, dir, index, rows };
}

const xmllint = (args: string[], cwd: string) => {
  const run = Bun.spawnSync(['xmllint', '--noout', ...args], { cwd });
  return { code: run.exitCode, messages: run.stderr.toString() };
};

describe('audit.zip (GoBD Z3 data carrier)', () => {
  let carrier: Carrier;
  beforeAll(async () => {
    carrier = await download();
  }, 120_000);

  test.skipIf(Bun.which('xmllint') === null)(
    'index.xml validates against the GDPdU DTD shipped beside it, and a broken one does not',
    () => {
      const dtd = carrier.entries.find((e) => e.name === 'gdpdu-01-09-2004.dtd');
      expect(dtd && Buffer.from(dtd.bytes).equals(readFileSync(DTD))).toBe(true);
      const xml = readFileSync(join(carrier.dir, 'index.xml'), 'utf8');
      expect(xml).toStartWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">\n<DataSet>',
      );
      // --valid loads the DTD the DOCTYPE names, from beside index.xml on the carrier; --dtdvalid the vendored
      // one. libxml2 remarks on the DTD itself: its Media model (Name, Command*, Table*, Command*, ...) is not
      // deterministic, which XML 1.0 asks for compatibility only; it is the official DTD, so that is all it may say.
      const remark =
        /^(index\.xml:\d+: )?validity error : Content model of Media is not determinist: [^\n]*\n(.*\n.*\^\n)?$/;
      for (const args of [
        ['--valid', 'index.xml'],
        ['--dtdvalid', DTD, 'index.xml'],
      ]) {
        const run = xmllint(args, carrier.dir);
        expect(run.code).toBe(0);
        expect(run.messages).toMatch(remark);
      }
      // The check bites: a column before the primary key, or a table without URL, is refused.
      const broken = [
        xml.replace(
          /(<VariablePrimaryKey>.*?<\/VariablePrimaryKey>)(\s*)(<VariableColumn>.*?<\/VariableColumn>)/,
          '$3$2$1',
        ),
        xml.replace('<URL>documents.csv</URL>', ''),
      ];
      for (const [i, text] of broken.entries()) {
        expect(text).not.toBe(xml);
        writeFileSync(join(carrier.dir, `broken-${i}.xml`), text);
        expect(xmllint(['--dtdvalid', DTD, `broken-${i}.xml`], carrier.dir).code).not.toBe(0);
      }
    },
  );

  test('index.xml names every CSV in the ZIP, each exists, and every record has the columns it describes', () => {
    const { tables, validity } = carrier.index;
    expect(validity).toEqual(['01.03.2026', '31.03.2026']);
    expect(tables.map((t) => t.url)).toEqual([
      'documents.csv',
      'document_lines.csv',
      'tax_groups.csv',
      'payments.csv',
      'customers.csv',
      'received_documents.csv',
      'suppliers.csv',
    ]);
    const csvs = carrier.entries.map((e) => e.name).filter((n) => n.endsWith('.csv'));
    expect(csvs.sort()).toEqual(tables.map((t) => t.url).sort());
    const names = new Set(tables.map((t) => t.name));
    for (const table of tables) {
      expect(table).toMatchObject({
        utf8: true,
        decimalSymbol: ',',
        firstRecord: '2',
        columnDelimiter: ';',
        recordDelimiter: '\r\n',
        textEncapsulator: '"',
      });
      // Primary key columns first (the DTD's order); foreign keys name a table of the carrier and a column.
      const keys = table.columns.filter((c) => c.primaryKey).length;
      expect(keys).toBeGreaterThan(0);
      expect(table.columns.slice(0, keys).every((c) => c.primaryKey)).toBe(true);
      for (const key of table.foreignKeys) {
        expect(names.has(key.references)).toBe(true);
        expect(table.columns.map((c) => c.name)).toContain(key.column);
      }
      const entry = carrier.entries.find((e) => e.name === table.url) as ZipEntry;
      const [header, ...data] = records(entry.bytes, table);
      expect(header).toEqual(table.columns.map((c) => c.name));
      for (const record of data) {
        expect(record).toHaveLength(table.columns.length);
        table.columns.forEach((column, i) => {
          const cell = record[i] as string;
          if (column.type === 'Date') expect(cell).toMatch(/^(\d{2}\.\d{2}\.\d{4})?$/);
          if (column.type === 'Numeric') {
            const decimals = column.accuracy ? `(,\\d{1,${column.accuracy}})?` : '';
            expect(cell).toMatch(new RegExp(`^(-?\\d+${decimals})?$`));
          }
        });
      }
    }
    // Amounts are declared with two decimals (EUR); quantities and rates with the decimals they have.
    const documents = tables[0] as TableDescription;
    expect(documents.columns.find((c) => c.name === 'total')?.accuracy).toBe(2);
    const lines = tables[1] as TableDescription;
    expect(lines.columns.find((c) => c.name === 'quantity')?.accuracy).toBe(1);
  });

  test('every issued number of the period with its status; drafts and other periods are not', () => {
    const documents = carrier.rows.documents ?? [];
    expect(documents.map((d) => [d.document_number, d.document_type, d.status, d.issue_date]).sort()).toEqual(
      [
        ['GS-2026-0301', 'credit_note', 'finalized', '20.03.2026'],
        ['RE-2026-0301', 'invoice', 'finalized', '05.03.2026'],
        ['RE-2026-0302', 'invoice', 'finalized', '12.03.2026'],
        ['RE-2026-0303', 'invoice', 'void', '25.03.2026'],
      ],
    );
    const credit = documents.find((d) => d.document_number === 'GS-2026-0301');
    expect(credit).toMatchObject({ source_document_number: 'RE-2026-0301', reason: 'Nachlass' });
    expect(documents.find((d) => d.document_number === 'RE-2026-0303')?.voided_at).toMatch(/^2026-/);
  });

  test("amounts add up: lines to the lines' total, tax groups to tax and total, payments to the amount paid", async () => {
    const { documents = [], document_lines = [], tax_groups = [], payments = [] } = carrier.rows;
    for (const doc of documents) {
      const n = doc.document_number;
      const api = await server.json(
        `/api/v1/documents/${Object.values(docs).find((d) => d.number === n)?.id}`,
        {
          key: account.apiKey,
        },
      );
      expect(toPlainString(num(doc.total))).toBe(toPlainString(dec(api.body.data.totals.total.amount)));
      const lines = document_lines.filter((l) => l.document_number === n);
      const groups = tax_groups.filter((g) => g.document_number === n);
      expect(lines.length).toBeGreaterThan(0);
      expect(total(lines.map((l) => l.line_amount))).toBe(toPlainString(num(doc.lines_total)));
      expect(total(groups.map((g) => g.tax_amount))).toBe(toPlainString(num(doc.tax_amount)));
      expect(total(groups.flatMap((g) => [g.taxable_amount, g.tax_amount]))).toBe(
        toPlainString(num(doc.total)),
      );
      expect(toPlainString(add(num(doc.net_amount), num(doc.tax_amount)))).toBe(
        toPlainString(num(doc.total)),
      );
      const paid = payments.filter((p) => p.document_number === n).map((p) => p.amount);
      expect(total(paid)).toBe(toPlainString(num(doc.amount_paid)));
    }
    const mixed = documents.find((d) => d.document_number === 'RE-2026-0301');
    expect(mixed).toMatchObject({
      lines_total: '150,00',
      net_amount: '150,00',
      tax_amount: '22,50',
      total: '172,50',
    });
    expect(mixed?.amount_paid).toBe('125,00');
    expect(
      tax_groups
        .filter((g) => g.document_number === 'RE-2026-0301')
        .map((g) => [g.tax_rate, g.taxable_amount, g.tax_amount]),
    ).toEqual(
      expect.arrayContaining([
        ['19', '100,00', '19,00'],
        ['7', '50,00', '3,50'],
      ]),
    );
    expect(payments.map((p) => [p.document_number, p.payment_date, p.amount, p.method]).sort()).toEqual([
      ['RE-2026-0301', '01.04.2026', '25,00', 'cash'],
      ['RE-2026-0301', '20.03.2026', '100,00', 'bank_transfer'],
    ]);
    // Text stays whole: the separator, quotes and line breaks of a line are inside its encapsulated cell.
    const first = document_lines.find((l) => l.document_number === 'RE-2026-0301' && l.line_number === '1');
    expect(first).toMatchObject({ name: `'=Beratung; "Phase 1"`, description: 'Zeile 1  Zeile 2 with tab' });
    const book = document_lines.find((l) => l.document_number === 'RE-2026-0301' && l.line_number === '2');
    expect(book).toMatchObject({
      quantity: '2,5',
      unit: 'Stück',
      unit_price: '20,00',
      price_base_quantity: '',
      tax_rate: '7',
    });
  });

  test('customers and suppliers are the parties the documents name (foreign keys hold), in UTF-8', () => {
    const { documents = [], customers = [], suppliers = [], received_documents = [] } = carrier.rows;
    const customerIds = new Set(customers.map((c) => c.customer_id));
    expect(customers).toHaveLength(2);
    for (const doc of documents) expect(customerIds.has(doc.customer_id)).toBe(true);
    expect(customers.map((c) => c.name).sort()).toEqual([
      'Bundesamt für Beispiele',
      'Müller & Söhne; "Bau" GmbH',
    ]);
    expect(customers.find((c) => c.vat_id === 'DE811907980')).toMatchObject({ city: 'Köln', country: 'DE' });
    expect(received_documents).toHaveLength(1);
    const received = received_documents[0] as Record<string, string>;
    expect(received).toMatchObject({
      received_id: docs.received?.id,
      invoice_number: 'L-77',
      issue_date: '10.03.2026',
      net_amount: '110,00',
      tax_amount: '19,70',
      total: '129,70',
      status: 'received',
    });
    expect(suppliers.map((s) => s.supplier_key)).toEqual([received.supplier_key as string]);
    expect(suppliers[0]).toMatchObject({ name: 'Lieferant Łódź Sp. z o.o.', city: 'Łódź', country: 'PL' });
  });

  test('the issued and received originals are on the carrier where the tables say, with their SHA-256', () => {
    const { documents = [], received_documents = [] } = carrier.rows;
    const file = (path: string | undefined) => carrier.entries.find((e) => e.name === path);
    const sha = (bytes: Uint8Array | undefined) =>
      createHash('sha256')
        .update(bytes ?? new Uint8Array())
        .digest('hex');
    for (const doc of documents) {
      const pdf = file(doc.pdf_file);
      expect(doc.pdf_file).toBe(`issued/${doc.document_number}.pdf`);
      expect(new TextDecoder().decode(pdf?.bytes.subarray(0, 5))).toBe('%PDF-');
      expect(doc.pdf_sha256).toBe(sha(pdf?.bytes));
      expect(doc.note).toBe('');
    }
    const authority = documents.find((d) => d.document_number === 'RE-2026-0302');
    expect(authority?.xml_file).toBe('issued/RE-2026-0302.xml');
    expect(new TextDecoder().decode(file(authority?.xml_file)?.bytes)).toContain(
      'urn:xeinkauf.de:kosit:xrechnung_3.0',
    );
    expect(authority?.xml_sha256).toBe(sha(file(authority?.xml_file)?.bytes));
    expect(documents.filter((d) => d.xml_file !== '')).toHaveLength(1);
    const received = received_documents[0];
    expect(received?.original_file).toBe('received/L-77.xml');
    expect(new TextDecoder().decode(file(received?.original_file)?.bytes)).toContain('L-77');
    expect(received?.original_sha256).toBe(sha(file(received?.original_file)?.bytes));
    // Nothing else on the carrier: the tables, index.xml and its DTD, and the originals they name.
    const named = [
      ...documents.flatMap((d) => [d.pdf_file, d.xml_file]),
      ...received_documents.map((r) => r.original_file),
    ].filter((name): name is string => Boolean(name));
    const rest = carrier.entries.map((e) => e.name).filter((n) => !n.endsWith('.csv'));
    expect(rest.sort()).toEqual([...named, 'gdpdu-01-09-2004.dtd', 'index.xml'].sort());
  });

  test("another account's carrier holds none of these documents; a bad period is a 422, no key a 401", async () => {
    const theirs = await download(other.apiKey);
    expect((theirs.rows.documents ?? []).map((d) => d.document_number)).toEqual(['L-77']);
    expect(theirs.rows.received_documents ?? []).toEqual([]);
    expect(theirs.entries.map((e) => e.name)).not.toContain('issued/RE-2026-0301.pdf');
    const bad = await server.json('/api/v1/exports/audit.zip?from=2026-03-31&to=2026-03-01', {
      key: account.apiKey,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('query.to');
    expect((await server.request(`/api/v1/exports/audit.zip?${MARCH}`)).status).toBe(401);
  }, 60_000);
});
