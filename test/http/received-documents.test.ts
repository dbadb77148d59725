// The inbox of received e-invoices (issue 18): originals kept byte for byte, the same bytes answered once,
// another file of the same invoice flagged as a duplicate, statuses, filters, roles and isolation.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, makeBusinessProfile, type TestAccount } from '../factories';
import { runCli, startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;
let account: TestAccount;
const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const ubl = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'));
const pdf = readFileSync(join(EXAMPLES, 'facturx-pdf/EN16931_Einfach.pdf'));

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

async function receive(body: Uint8Array | string, contentType: string, key = account.apiKey) {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('keeping received e-invoices', () => {
  let first: any;

  test('a new file is 201 with what a bookkeeper needs; the original is kept byte for byte', async () => {
    const res = await receive(new Uint8Array(ubl), 'application/xml');
    expect(res.status).toBe(201);
    first = res.body.data;
    expect(first.id).toMatch(/^rcv_/);
    expect(first).toMatchObject({
      status: 'received',
      syntax: 'ubl',
      profile: 'xrechnung_ubl',
      document_type: 'invoice',
      invoice_number: '123456XX',
      issue_date: '2016-04-04',
      currency: 'EUR',
      seller: { name: '[Seller trading name]', tax_id: 'DE 123456789' },
      // The total as the file states it.
      total: '336.9',
      amount_due: '336.90', // what is still owed (BT-115 less payments), in EUR's minor units
      valid: true,
      duplicate_of: null,
      content_type: 'application/xml',
    });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    const original = await server.request(`/api/v1/received-documents/${first.id}/original`, {
      key: account.apiKey,
    });
    expect(original.headers.get('content-type')).toBe('application/xml');
    expect(Buffer.from(await original.arrayBuffer()).equals(ubl)).toBe(true);
    const data = await server.json(`/api/v1/received-documents/${first.id}/data`, { key: account.apiKey });
    expect(data.body.data.invoice_number).toBe('123456XX');
  });

  test('the same bytes again answer 200 with the same document, no second row', async () => {
    const again = await receive(new Uint8Array(ubl), 'text/xml');
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.id);
    const list = await server.json('/api/v1/received-documents', { key: account.apiKey });
    expect(
      list.body.data.filter((d: { invoice_number: string }) => d.invoice_number === '123456XX'),
    ).toHaveLength(1);
  });

  test('the same new bytes sent twice at once: one 201, one 200 with that document, never a 500', async () => {
    // An account of its own: the other tests count this one's documents. On PostgreSQL both requests
    // passed the check for the same bytes and the second insert broke the unique index (a 500).
    const { apiKey } = await makeAccount(server);
    for (let round = 0; round < 6; round++) {
      const xml = `${ubl.toString('utf8')}<!-- at once ${round} -->`;
      const once = () => receive(xml, 'application/xml', apiKey);
      const [a, b] = await Promise.all([once(), once()]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.data.id).toBe(b.body.data.id);
    }
  });

  test('another file of the same seller, number and issue date is kept as a duplicate', async () => {
    const reformatted = ubl.toString('utf8').replace('<cbc:Note>', '<cbc:Note>Zweitschrift: ');
    const res = await receive(JSON.stringify({ xml: reformatted }), 'application/json');
    expect(res.status).toBe(201);
    expect(res.body.data.duplicate_of).toBe(first.id);
  });

  test('files of one invoice whose seller states its Steuernummer in one and its VAT id in the other are one invoice, in either order; a credit note of its number is not', async () => {
    // The seller of EN16931_Einfach states both (FC before VA); a copy states only the Steuernummer,
    // spaced differently, and another only the VAT id. Each pair is the same seller, number and date.
    const both = readFileSync(join(EXAMPLES, 'factur_x_en16931/EN16931_Einfach.factur-x.xml'), 'utf8');
    const fcOnly = (xml: string) =>
      xml.replace(
        /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">DE123456789<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
        '',
      );
    const numbered = (xml: string, number: string) =>
      xml.replace('<ram:ID>471102</ram:ID>', `<ram:ID>${number}</ram:ID>`);
    expect(both).toContain('<ram:ID>471102</ram:ID>');
    // The full file first, then a copy stating only the tax number (written with spaces).
    const a = await receive(numbered(both, 'DUP-FC-1'), 'application/xml');
    expect(a.status).toBe(201);
    expect(a.body.data.seller.tax_id).toBe('DE123456789');
    const spaced = numbered(fcOnly(both), 'DUP-FC-1').replace('201/113/40209', '201 113 40209');
    const b = await receive(spaced, 'application/xml');
    expect(b.status).toBe(201);
    expect(b.body.data.seller.tax_id).toBe('201 113 40209');
    expect(b.body.data.duplicate_of).toBe(a.body.data.id);
    // The other order: the tax number alone first, the full file after.
    const c = await receive(numbered(fcOnly(both), 'DUP-FC-2'), 'application/xml');
    expect(c.body.data.duplicate_of).toBeNull();
    const d = await receive(numbered(both, 'DUP-FC-2'), 'application/xml');
    expect(d.status).toBe(201);
    expect(d.body.data.duplicate_of).toBe(c.body.data.id);
    // Another seller (another VAT id, no tax number) with the same number and date is another invoice.
    const other = numbered(fcOnly(both), 'DUP-FC-2').replace('201/113/40209', '999/999/99999');
    const e = await receive(other, 'application/xml');
    expect(e.status).toBe(201);
    expect(e.body.data.duplicate_of).toBeNull();
    // A credit note of the same seller, number and date (another number range) is another document.
    const credit = numbered(both, 'DUP-FC-2').replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>381</ram:TypeCode>',
    );
    const f = await receive(credit, 'application/xml');
    expect(f.status).toBe(201);
    expect(f.body.data.document_type).toBe('credit_note');
    expect(f.body.data.duplicate_of).toBeNull();
  });

  test('a hybrid PDF keeps the supplier PDF as the original and draws its own PDF on request', async () => {
    const res = await receive(new Uint8Array(pdf), 'application/pdf');
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data.content_type).toBe('application/pdf');
    const original = await server.request(`/api/v1/received-documents/${id}/original`, {
      key: account.apiKey,
    });
    expect(Buffer.from(await original.arrayBuffer()).equals(pdf)).toBe(true);
    const drawn = await server.request(`/api/v1/received-documents/${id}/pdf`, { key: account.apiKey });
    expect(drawn.status).toBe(200);
    const bytes = Buffer.from(await drawn.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.equals(pdf)).toBe(false);
  });

  test("drawn in the reader's language: ?lang=, else the account's profile locale, else English (issue 36)", async () => {
    const reader = await makeAccount(server);
    const got = await server.json('/api/v1/received-documents', {
      method: 'POST',
      key: reader.apiKey,
      body: { xml: ubl.toString('utf8') },
    });
    const id = got.body.data.id;
    const drawn = async (query = '') => {
      const res = await server.request(`/api/v1/received-documents/${id}/pdf${query}`, {
        key: reader.apiKey,
      });
      expect(res.status).toBe(200);
      return (await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text;
    };
    const english = await drawn();
    expect(english).toContain('INVOICE');
    expect(english).toContain('Received e-invoice');
    const german = await drawn('?lang=de-DE');
    expect(german).toContain('RECHNUNG');
    expect(german).toContain('Gesamtbetrag');
    // The file states no date of supply (its line its period): none is printed (received-documents-view).
    expect(german).not.toContain('Leistungsdatum');
    expect(german).toContain('Empfangene E-Rechnung');
    expect(german).not.toContain('Received e-invoice');
    await makeBusinessProfile(server, reader, { default_locale: 'de-DE' });
    expect(await drawn()).toContain('Empfangene E-Rechnung');
    expect(await drawn('?lang=en')).toContain('Received e-invoice');
    const bad = await server.json(`/api/v1/received-documents/${id}/pdf?lang=${encodeURIComponent('<de>')}`, {
      key: reader.apiKey,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('query.lang');
  });

  test('status and note by PATCH; filters by status, seller and validity; delete removes it', async () => {
    const paid = await server.json(`/api/v1/received-documents/${first.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { status: 'paid', note: 'Überwiesen am 5.4.' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', note: 'Überwiesen am 5.4.' });
    const bad = await server.json(`/api/v1/received-documents/${first.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { status: 'booked' },
    });
    expect(bad.status).toBe(422);
    const byStatus = await server.json('/api/v1/received-documents?status=paid', { key: account.apiKey });
    expect(byStatus.body.data.map((d: { id: string }) => d.id)).toEqual([first.id]);
    const bySeller = await server.json('/api/v1/received-documents?seller=seller%20trading', {
      key: account.apiKey,
    });
    expect(bySeller.body.data.length).toBe(2);
    const page = await server.json('/api/v1/received-documents?limit=1', { key: account.apiKey });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination.has_more).toBe(true);
    const deleted = await server.json(`/api/v1/received-documents/${first.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(deleted.body.data).toEqual({ deleted: true });
    expect(
      (await server.json(`/api/v1/received-documents/${first.id}`, { key: account.apiKey })).status,
    ).toBe(404);
  });

  test('another account sees none of them; hostile input is a 4xx and stores nothing', async () => {
    const other = await makeAccount(server);
    const list = await server.json('/api/v1/received-documents', { key: other.apiKey });
    expect(list.body.data).toEqual([]);
    const before = (await server.json('/api/v1/received-documents', { key: account.apiKey })).body.data
      .length;
    const hostile = await receive(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><x>&a;</x>',
      'application/xml',
    );
    expect(hostile.status).toBe(422);
    const after = (await server.json('/api/v1/received-documents', { key: account.apiKey })).body.data.length;
    expect(after).toBe(before);
  });
});

describe('the inbox folder and the receive command', () => {
  test('files dropped into INBOX_DIR are kept and moved to processed/, a bad one to failed/ with its reason', async () => {
    const { mkdtempSync, writeFileSync, existsSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'inbox-'));
    // The runtime is driven here (runDue: its sources, then every job to the end), not by a poll.
    const folder = await startServer({ inboxDir: dir, startJobs: false });
    try {
      // The server's first account: a data dir with one account needs no INBOX_ACCOUNT.
      const owner = await makeAccount(folder);
      writeFileSync(join(dir, 'rechnung.xml'), ubl);
      writeFileSync(join(dir, 'kaputt.xml'), '<Order xmlns="urn:example:order"/>');
      writeFileSync(join(dir, 'half.xml.part'), 'still copying');
      await folder.jobs.runDue();
      expect(existsSync(join(dir, 'processed', 'rechnung.xml'))).toBe(true);
      expect(existsSync(join(dir, 'failed', 'kaputt.xml'))).toBe(true);
      expect(readFileSync(join(dir, 'failed', 'kaputt.xml.error.txt'), 'utf8')).toContain(
        'is no e-invoice this service reads',
      );
      expect(existsSync(join(dir, 'half.xml.part'))).toBe(true);
      const list = await folder.json('/api/v1/received-documents', { key: owner.apiKey });
      expect(list.body.data.map((d: { invoice_number: string }) => d.invoice_number)).toEqual(['123456XX']);
    } finally {
      await folder.stop();
    }
  });

  test('receive FILE... from a shell: kept, already kept, refused; exit 1 when one was refused', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(join(tmpdir(), 'receive-cli-'));
    const created = runCli(['accounts', 'create', '--name', 'Büro', '--json'], { DATA_DIR: dataDir });
    expect(created.code).toBe(0);
    const bad = join(dataDir, 'bad.xml');
    writeFileSync(bad, 'no xml at all');
    const first = runCli(['receive', join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml')], {
      DATA_DIR: dataDir,
    });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/received as rcv_\w+ \(123456XX, (valid|not checked)\)/);
    const again = runCli(['receive', join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), bad], {
      DATA_DIR: dataDir,
    });
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('already received');
    expect(again.stdout).toMatch(
      /bad\.xml: refused: This is plain text \(it begins “no xml at all”\), not an e-invoice/,
    );
  });
});
