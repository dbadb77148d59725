// Issue 39 §4: the archive's index.csv is a real CSV (header, csvField quoting) with one line per file of a
// document: its path, size and SHA-256, computed as the ZIP is written; a file that could not be produced
// is a line with a note. Names with blanks stay one cell (docs/exports.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import type { RenderPdf } from '../../src/rendering/types';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip, type ZipEntry } from '../zip';

let server: TestServer;
let office: TestAccount;
const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
const PERIOD = 'from=2026-11-01&to=2026-11-30';
/** Its PDF cannot be drawn: the index names it in a note. */
const BROKEN = 'RE 2026-99';

const vat = (rate: string) => [{ name: 'VAT', rate, category: 'S' }];
const line = (unit_price: string) => ({ name: 'Work', quantity: '1', unit_price, taxes: vat('19') });

/** A stand-in renderer (the PDF's bytes are not the point here): distinct bytes per number. */
const renderPdf: RenderPdf = async (input) => {
  const number = String(input.data.invoice_number ?? '');
  if (number === BROKEN) throw new Error('the renderer fell over');
  return new TextEncoder().encode(`%PDF-1.7\n% ${number}\n${'x'.repeat(number.length * 37)}\n%%EOF\n`);
};

/** RFC 4180 read back (`,`, quotes doubled, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the last line does not end in CRLF');
  return rows;
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false, renderPdf });
  office = await makeAccount(server);
  const supplier = await makeAccount(server);
  const einvoiceParties = async (account: TestAccount, seller: string, buyer: string) => {
    const profile = await makeBusinessProfile(server, account, {
      legal_name: seller,
      email: 'rechnung@seller.example',
      tax_id: 'DE987654321',
      address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE987654321' },
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    const customer = await makeCustomer(server, account, {
      name: buyer,
      email: 'ap@buyer.example',
      billing_address: { line1: 'Ring 2', city: 'Köln', postal_code: '50667', country: 'DE' },
      electronic_address: { scheme: '0204', value: '991-12345-67' },
    });
    return { profileId: profile.id, customerId: customer.id };
  };
  const ours = await einvoiceParties(office, 'Büro GmbH', 'Kunde, mit Komma & "Zitat" AG');
  const doc = (number: string, extra: Record<string, unknown> = {}) => ({
    number,
    issue_date: '2026-11-10',
    due_date: '2026-12-10',
    delivery_date: '2026-11-09',
    tax_scheme: 'VAT',
    line_items: [line('100.00')],
    ...extra,
  });
  const invoice = await makeDocument(server, office, ours, doc('RE 2026-07'), ['finalize']);
  await makeDocument(
    server,
    office,
    ours,
    doc('GS 2026-01', {
      document_type: 'credit_note',
      source_document_id: invoice.id,
      reason: 'Retoure',
      issue_date: '2026-11-12',
      line_items: [line('40.00')],
    }),
    ['finalize'],
  );
  await makeDocument(server, office, ours, doc(BROKEN, { issue_date: '2026-11-14' }), ['finalize']);
  // Set after finalize (finalize would check the profile): the archive then writes the XML beside the PDF.
  const patched = await server.json(`/api/v1/customers/${ours.customerId}`, {
    method: 'PATCH',
    key: office.apiKey,
    body: { einvoice_profile: 'xrechnung_ubl' },
  });
  if (patched.status !== 200) throw new Error(JSON.stringify(patched.body));

  // A supplier's invoice numbered with blanks, as in the issue: received/018304 - 28865.xml.
  const theirs = await einvoiceParties(supplier, 'Lieferant, Nord GmbH', 'Büro GmbH');
  const sent = await makeDocument(
    server,
    supplier,
    theirs,
    doc('018304 - 28865', { issue_date: '2026-11-11' }),
    ['finalize'],
  );
  const xml = await server.request(`/api/v1/documents/${sent.id}/xml?profile=xrechnung_ubl`, {
    key: supplier.apiKey,
  });
  if (xml.status !== 200) throw new Error(await xml.text());
  const received = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${office.apiKey}`, 'content-type': 'application/xml' },
    body: await xml.text(),
  });
  if (received.status !== 201) throw new Error(await received.text());
}, 60_000);
afterAll(async () => await server.stop());

const HEADER = [
  'kind',
  'number',
  'type',
  'issue_date',
  'party',
  'total',
  'currency',
  'status',
  'file',
  'size_bytes',
  'sha256',
  'note',
];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file of the ZIP but the index is listed once, with its size and SHA-256 in the ZIP. */
function expectIndexMatches(entries: ZipEntry[]) {
  const index = entries.find((e) => e.name === 'index.csv');
  expect(entries.at(-1)?.name).toBe('index.csv');
  const text = new TextDecoder().decode(index?.bytes);
  const rows = parseCsv(text);
  expect(rows[0]).toEqual(HEADER);
  for (const row of rows) expect(row).toHaveLength(HEADER.length);
  const listed = rows.slice(1).filter((r) => r[8] !== '');
  const files = entries.filter((e) => e.name !== 'index.csv');
  expect(listed.map((r) => r[8]).sort()).toEqual(files.map((e) => e.name).sort());
  for (const file of files) {
    const row = listed.find((r) => r[8] === file.name) as string[];
    expect([row[9], row[10]]).toEqual([String(file.bytes.byteLength), sha256(file.bytes)]);
  }
  return { text, rows: rows.slice(1) };
}

describe("archive.zip's index.csv", () => {
  test('one line per file with its size and SHA-256; names with blanks quoted; a missing PDF noted', async () => {
    const res = await server.request(`/api/v1/exports/archive.zip?${PERIOD}`, { key: office.apiKey });
    expect(res.status).toBe(200);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual([
      'index.csv',
      'issued/GS 2026-01.pdf',
      'issued/GS 2026-01.xml',
      'issued/RE 2026-07.pdf',
      'issued/RE 2026-07.xml',
      `issued/${BROKEN}.xml`,
      'received/018304 - 28865.xml',
    ]);
    const { text, rows } = expectIndexMatches(entries);
    const received = entries.find((e) => e.name === 'received/018304 - 28865.xml') as ZipEntry;
    // The name with blanks is one quoted cell: a reader splitting at blanks or commas cannot cut it.
    expect(text).toContain(
      `received,018304 - 28865,invoice,2026-11-11,"Lieferant, Nord GmbH",119.00,EUR,received,received/018304 - 28865.xml,${received.bytes.byteLength},${sha256(received.bytes)},\r\n`,
    );
    const party = 'Kunde, mit Komma & "Zitat" AG';
    const of = (number: string) => rows.filter((r) => r[1] === number).map((r) => [r[4], r[5], r[8], r[11]]);
    // A document with a PDF and its e-invoice has two lines, the same document on each.
    expect(of('RE 2026-07')).toEqual([
      [party, '119.00', 'issued/RE 2026-07.pdf', ''],
      [party, '119.00', 'issued/RE 2026-07.xml', ''],
    ]);
    // The credit note's total is negative, as in documents.csv.
    expect(of('GS 2026-01')).toEqual([
      [party, '-47.60', 'issued/GS 2026-01.pdf', ''],
      [party, '-47.60', 'issued/GS 2026-01.xml', ''],
    ]);
    // The PDF that could not be drawn: a line without a file, its note saying why.
    const broken = of(BROKEN);
    expect(broken.map((r) => r[2])).toEqual([`issued/${BROKEN}.xml`, '']);
    expect(broken[1]?.[3]).toStartWith('PDF: ');
    expect(rows.filter((r) => r[8] === '')).toHaveLength(1);
    expect(rows.filter((r) => r[8] === '')[0]?.slice(9, 11)).toEqual(['', '']);
  }, 60_000);

  test('the background archive holds the same index, its hashes those of its own files', async () => {
    const start = await server.json('/api/v1/exports/archive', {
      method: 'POST',
      key: office.apiKey,
      body: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(start.status).toBe(202);
    await server.jobs.runDue();
    const res = await server.request(`/api/v1/exports/archive/${start.body.data.id}/download`, {
      key: office.apiKey,
    });
    expect(res.status).toBe(200);
    const { rows } = expectIndexMatches(readZip(new Uint8Array(await res.arrayBuffer())));
    expect(rows).toHaveLength(7);
  }, 60_000);
});
