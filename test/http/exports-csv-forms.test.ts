// Issue 39 §4: documents.csv and received-documents.csv in two forms, the machine's (UTF-8, `,`, decimal
// points, ISO dates: unchanged) and German Excel's (BOM, `;`, decimal comma, DD.MM.YYYY), chosen by `format`
// and defaulting to the account's language; credit notes signed in both (docs/exports.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
/** Its business profile's default_locale is de-DE: the German form by default. */
let german: TestAccount;
/** No business profile states a locale: the machine form by default. */
let plain: TestAccount;
/** Its business profile says de-CH, whose Excel reads decimal points: the machine form by default. */
let swiss: TestAccount;
const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
const PERIOD = 'from=2026-11-01&to=2026-11-30';

const vat = (rate: string, category = 'S') => [{ name: 'VAT', rate, category }];
const line = (unit_price: string, taxes: unknown) => ({ name: 'Work', quantity: '1', unit_price, taxes });
const BOM = [0xef, 0xbb, 0xbf];

/** RFC 4180 read back: fields split at `separator` outside quotes, `""` inside quotes is one quote. */
function parseCsv(text: string, separator: string): string[][] {
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
    else if (c === separator) {
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

async function download(path: string, key: string) {
  const res = await server.request(path, { key });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  german = await makeAccount(server);
  plain = await makeAccount(server);
  swiss = await makeAccount(server);
  const supplier = await makeAccount(server);
  const profileId = (
    await makeBusinessProfile(server, german, {
      address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
      default_locale: 'de-DE',
    })
  ).id;
  const mueller = await makeCustomer(server, german, { name: 'Müller & Söhne "Bau" GmbH' });
  const schmidt = await makeCustomer(server, german, { name: 'Schmidt; Partner KG' });
  const oel = await makeCustomer(server, german, { name: '=Ölmühle Weiß, Groß & Co.' });
  const make = async (
    number: string,
    customerId: string,
    lines: unknown[],
    extra = {},
    actions = ['finalize'],
  ) =>
    await makeDocument(
      server,
      german,
      { profileId, customerId },
      { number, issue_date: '2026-11-02', due_date: '2026-12-02', line_items: lines, ...extra },
      actions,
    );
  const big = await make('RE-2026-101', mueller.id, [line('1234.50', vat('19'))]);
  const partly = await make('RE-2026-102', schmidt.id, [line('100.00', vat('19')), line('50.00', vat('7'))], {
    issue_date: '2026-11-15',
  });
  const paid = await server.json(`/api/v1/documents/${partly.id}/payments`, {
    method: 'POST',
    key: german.apiKey,
    body: { amount: '100.00', date: '2026-11-20' },
  });
  if (paid.status !== 201) throw new Error(`payment: ${JSON.stringify(paid.body)}`);
  const zero = await make('RE-2026-103', oel.id, [line('200.00', vat('0', 'K'))], {
    issue_date: '2026-11-20',
  });
  // Set against its invoice: RE-2026-103 owes 150.00 after it, the credit note itself nothing more.
  await make('GS-2026-101', oel.id, [line('50.00', vat('0', 'K'))], {
    document_type: 'credit_note',
    source_document_id: zero.id,
    reason: 'Rabatt',
    issue_date: '2026-11-21',
  });
  // In another currency than its invoice: not set against it, so the customer is owed its amount.
  await make('GS-2026-102', mueller.id, [line('10.00', vat('19'))], {
    document_type: 'credit_note',
    source_document_id: big.id,
    reason: 'Gutschrift',
    currency: 'USD',
    issue_date: '2026-11-22',
  });
  await make('RE-2026-104', mueller.id, [line('10.00', vat('19'))], {}, []); // a draft: not listed

  // Received: a supplier whose name holds `;` and umlauts sends an invoice and a credit note.
  const supplierProfile = await makeBusinessProfile(server, supplier, {
    legal_name: 'Bäckerei Schäfer; Söhne GmbH',
    email: 'rechnung@schaefer.example',
    tax_id: 'DE987654321',
    address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const buyer = await makeCustomer(server, supplier, {
    name: 'Wir GmbH',
    email: 'ap@wir.example',
    billing_address: { line1: 'Ring 2', city: 'Köln', postal_code: '50667', country: 'DE' },
    electronic_address: { scheme: '0204', value: '991-12345-67' },
  });
  const sent = async (number: string, extra: Record<string, unknown>) => {
    const doc = await makeDocument(
      server,
      supplier,
      { profileId: supplierProfile.id, customerId: buyer.id },
      {
        number,
        issue_date: '2026-11-10',
        due_date: '2026-12-10',
        delivery_date: '2026-11-09',
        tax_scheme: 'VAT',
        ...extra,
      },
      ['finalize'],
    );
    const xml = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
      key: supplier.apiKey,
    });
    if (xml.status !== 200) throw new Error(`xml of ${number}: ${await xml.text()}`);
    const received = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${german.apiKey}`, 'content-type': 'application/xml' },
      body: await xml.text(),
    });
    if (received.status !== 201) throw new Error(`receiving ${number}: ${await received.text()}`);
    return doc;
  };
  const invoice = await sent('L-500', { line_items: [line('100.00', vat('19')), line('10.00', vat('7'))] });
  await sent('LG-501', {
    document_type: 'credit_note',
    source_document_id: invoice.id,
    reason: 'Retoure',
    issue_date: '2026-11-12',
    line_items: [line('20.00', vat('19'))],
  });

  for (const [account, locale] of [
    [plain, null],
    [swiss, 'de-CH'],
  ] as const) {
    const profile = await makeBusinessProfile(server, account, locale ? { default_locale: locale } : {});
    const customer = await makeCustomer(server, account, { name: 'Kunde AG' });
    await makeDocument(
      server,
      account,
      { profileId: profile.id, customerId: customer.id },
      {
        number: 'RE-1',
        issue_date: '2026-11-03',
        due_date: '2026-12-03',
        line_items: [line('9.50', vat('19'))],
      },
      ['finalize'],
    );
  }
}, 60_000);
afterAll(async () => await server.stop());

/** documents.csv of the German account as the code before issue 39 wrote it (captured from it). */
const DOCUMENTS_BEFORE =
  'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency\r\n' +
  'GS-2026-102,credit_note,2026-11-22,2026-12-02,"Müller & Söhne ""Bau"" GmbH",10.00,1.90,11.90,0.00,11.90,finalized,USD\r\n' +
  `GS-2026-101,credit_note,2026-11-21,2026-12-02,"'=Ölmühle Weiß, Groß & Co.",50.00,0.00,50.00,0.00,50.00,finalized,EUR\r\n` +
  `RE-2026-103,invoice,2026-11-20,2026-12-02,"'=Ölmühle Weiß, Groß & Co.",200.00,0.00,200.00,0.00,150.00,finalized,EUR\r\n` +
  'RE-2026-102,invoice,2026-11-15,2026-12-02,"Schmidt; Partner KG",150.00,22.50,172.50,100.00,72.50,finalized,EUR\r\n' +
  'RE-2026-101,invoice,2026-11-02,2026-12-02,"Müller & Söhne ""Bau"" GmbH",1234.50,234.56,1469.06,0.00,1469.06,finalized,EUR\r\n';
/** received-documents.csv of the German account before issue 39. */
const RECEIVED_BEFORE =
  'number,type,issue_date,due_date,supplier,net,tax,total,amount_paid,amount_due,status,currency\r\n' +
  'LG-501,credit_note,2026-11-12,2026-12-10,"Bäckerei Schäfer; Söhne GmbH",20.00,3.80,23.80,0.00,23.80,received,EUR\r\n' +
  'L-500,invoice,2026-11-10,2026-12-10,"Bäckerei Schäfer; Söhne GmbH",110.00,19.70,129.70,0.00,129.70,received,EUR\r\n';
/** documents.csv of the account without a language before issue 39. */
const PLAIN_BEFORE =
  'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency\r\n' +
  'RE-1,invoice,2026-11-03,2026-12-03,Kunde AG,9.50,1.81,11.31,0.00,11.31,finalized,EUR\r\n';

const creditNoteLine = (l: string) => /^(GS|LG)-/.test(l);
const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('the machine form', () => {
  test('format=machine is byte for byte what it was, but for the credit notes, now negative', async () => {
    const { res, bytes } = await download(
      `/api/v1/exports/documents.csv?${PERIOD}&format=machine`,
      german.apiKey,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...bytes.subarray(0, 3)]).not.toEqual(BOM);
    const text = utf8(bytes);
    // Every line that is no credit note is unchanged, in the same order.
    const unchanged = (csv: string) => csv.split('\r\n').filter((l) => !creditNoteLine(l));
    expect(unchanged(text)).toEqual(unchanged(DOCUMENTS_BEFORE));
    expect(text).toBe(
      DOCUMENTS_BEFORE.replace(
        ',10.00,1.90,11.90,0.00,11.90,finalized,USD',
        // Its invoice is in EUR and does not take it: the customer is owed it.
        ',-10.00,-1.90,-11.90,0.00,-11.90,finalized,USD',
      ).replace(
        ',50.00,0.00,50.00,0.00,50.00,finalized,EUR',
        // Set against RE-2026-103 (whose amount_due is 150.00 for it): nothing owed of its own.
        ',-50.00,0.00,-50.00,0.00,0.00,finalized,EUR',
      ),
    );

    const received = await download(
      `/api/v1/exports/received-documents.csv?${PERIOD}&format=machine`,
      german.apiKey,
    );
    expect(received.res.status).toBe(200);
    expect(utf8(received.bytes)).toBe(
      RECEIVED_BEFORE.replace(',20.00,3.80,23.80,0.00,23.80,', ',-20.00,-3.80,-23.80,0.00,-23.80,'),
    );
  });

  test('an account without a language gets it by default, unchanged to the byte', async () => {
    const { res, bytes } = await download(`/api/v1/exports/documents.csv?${PERIOD}`, plain.apiKey);
    expect(res.status).toBe(200);
    expect(utf8(bytes)).toBe(PLAIN_BEFORE);
    // So does a Swiss one: Swiss German Excel reads decimal points.
    const swissCsv = await download(`/api/v1/exports/documents.csv?${PERIOD}`, swiss.apiKey);
    expect(utf8(swissCsv.bytes)).toBe(PLAIN_BEFORE);
  });

  test('amount_due adds up to what the receivables report says is open, per currency', async () => {
    const text = utf8(
      (await download(`/api/v1/exports/documents.csv?${PERIOD}&format=machine`, german.apiKey)).bytes,
    );
    const rows = parseCsv(text, ',').slice(1);
    const cents = new Map<string, number>();
    for (const r of rows) {
      const [units = '0', fraction = '00'] = (r[9] as string).replace('-', '').split('.');
      const value = (Number(units) * 100 + Number(fraction)) * ((r[9] as string).startsWith('-') ? -1 : 1);
      cents.set(r[11] as string, (cents.get(r[11] as string) ?? 0) + value);
    }
    const report = await server.json('/api/v1/reports/receivables?as_of=2026-11-30', { key: german.apiKey });
    expect(report.status).toBe(200);
    const open = Object.fromEntries(
      (report.body.data.currencies as { currency: string; open: string }[]).map((c) => [c.currency, c.open]),
    );
    expect(open).toEqual({ EUR: '1691.56', USD: '-11.90' });
    expect(Object.fromEntries(cents)).toEqual({ EUR: 169156, USD: -1190 });
  });

  test('a receipt records a payment already made: listed owing 0.00, as the receivables count nothing', async () => {
    const shop = await makeAccount(server);
    const profileId = (await makeBusinessProfile(server, shop)).id;
    const customerId = (await makeCustomer(server, shop, { name: 'Laufkundschaft' })).id;
    await makeDocument(
      server,
      shop,
      { profileId, customerId },
      {
        document_type: 'receipt',
        number: 'QU-1',
        issue_date: '2026-11-10',
        line_items: [line('100.00', vat('19'))],
      },
      ['finalize'],
    );
    const rows = parseCsv(
      utf8((await download(`/api/v1/exports/documents.csv?${PERIOD}&format=machine`, shop.apiKey)).bytes),
      ',',
    ).slice(1);
    expect(rows.map((r) => [r[0], r[1], r[7], r[8], r[9]])).toEqual([
      ['QU-1', 'receipt', '119.00', '119.00', '0.00'],
    ]);
    const report = await server.json('/api/v1/reports/receivables?as_of=2026-11-30', { key: shop.apiKey });
    expect(report.body.data.currencies).toEqual([]);
  });
});

describe('the German spreadsheet form', () => {
  const GERMAN =
    'number;type;issue_date;due_date;customer;net;tax;total;amount_paid;amount_due;status;currency\r\n' +
    'GS-2026-102;credit_note;22.11.2026;02.12.2026;"Müller & Söhne ""Bau"" GmbH";-10,00;-1,90;-11,90;0,00;-11,90;finalized;USD\r\n' +
    `GS-2026-101;credit_note;21.11.2026;02.12.2026;"'=Ölmühle Weiß, Groß & Co.";-50,00;0,00;-50,00;0,00;0,00;finalized;EUR\r\n` +
    `RE-2026-103;invoice;20.11.2026;02.12.2026;"'=Ölmühle Weiß, Groß & Co.";200,00;0,00;200,00;0,00;150,00;finalized;EUR\r\n` +
    'RE-2026-102;invoice;15.11.2026;02.12.2026;"Schmidt; Partner KG";150,00;22,50;172,50;100,00;72,50;finalized;EUR\r\n' +
    'RE-2026-101;invoice;02.11.2026;02.12.2026;"Müller & Söhne ""Bau"" GmbH";1234,50;234,56;1469,06;0,00;1469,06;finalized;EUR\r\n';

  test("the account's German language chooses it: BOM, `;`, decimal commas, DD.MM.YYYY, umlauts intact", async () => {
    const { res, bytes } = await download(`/api/v1/exports/documents.csv?${PERIOD}`, german.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    // ü as UTF-8's two bytes, right after the BOM's.
    const text = utf8(bytes.subarray(3));
    expect(text).toBe(GERMAN);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toContain('Müller & Söhne');
    const rows = parseCsv(text, ';');
    for (const row of rows) expect(row).toHaveLength(12);
    // A name with `;` stays one quoted cell; the formula-like name is defused; amounts carry a comma.
    const schmidt = rows.find((r) => r[0] === 'RE-2026-102') as string[];
    expect(schmidt[4]).toBe('Schmidt; Partner KG');
    expect(text).toContain(';"Schmidt; Partner KG";');
    expect(rows.find((r) => r[0] === 'RE-2026-103')?.[4]).toBe("'=Ölmühle Weiß, Groß & Co.");
    expect(schmidt.slice(5, 10)).toEqual(['150,00', '22,50', '172,50', '100,00', '72,50']);
  });

  test('format=excel-de asks for it whatever the language; same rows as the machine form', async () => {
    const plainDe = await download(`/api/v1/exports/documents.csv?${PERIOD}&format=excel-de`, plain.apiKey);
    expect([...plainDe.bytes.subarray(0, 3)]).toEqual(BOM);
    expect(utf8(plainDe.bytes.subarray(3))).toBe(
      'number;type;issue_date;due_date;customer;net;tax;total;amount_paid;amount_due;status;currency\r\n' +
        'RE-1;invoice;03.11.2026;03.12.2026;Kunde AG;9,50;1,81;11,31;0,00;11,31;finalized;EUR\r\n',
    );
    const explicit = await download(`/api/v1/exports/documents.csv?${PERIOD}&format=excel-de`, german.apiKey);
    expect(utf8(explicit.bytes.subarray(3))).toBe(GERMAN);
    // Each cell of the German form is the machine form's, in German notation.
    const machine = parseCsv(
      utf8((await download(`/api/v1/exports/documents.csv?${PERIOD}&format=machine`, german.apiKey)).bytes),
      ',',
    );
    const german_ = parseCsv(GERMAN, ';');
    const toGerman = (cell: string, column: number) =>
      column === 2 || column === 3
        ? cell.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1')
        : column >= 5 && column <= 9
          ? cell.replace('.', ',')
          : cell;
    expect(machine.map((row) => row.map(toGerman))).toEqual(german_);
  });

  test('received-documents.csv: the same form; a supplier with `;` in its name, a received credit note negative', async () => {
    const { res, bytes } = await download(`/api/v1/exports/received-documents.csv?${PERIOD}`, german.apiKey);
    expect(res.status).toBe(200);
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    expect(utf8(bytes.subarray(3))).toBe(
      'number;type;issue_date;due_date;supplier;net;tax;total;amount_paid;amount_due;status;currency\r\n' +
        'LG-501;credit_note;12.11.2026;10.12.2026;"Bäckerei Schäfer; Söhne GmbH";-20,00;-3,80;-23,80;0,00;-23,80;received;EUR\r\n' +
        'L-500;invoice;10.11.2026;10.12.2026;"Bäckerei Schäfer; Söhne GmbH";110,00;19,70;129,70;0,00;129,70;received;EUR\r\n',
    );
    const plainDe = await download(
      `/api/v1/exports/received-documents.csv?${PERIOD}&format=excel-de`,
      plain.apiKey,
    );
    expect(utf8(plainDe.bytes)).toBe(
      '\uFEFFnumber;type;issue_date;due_date;supplier;net;tax;total;amount_paid;amount_due;status;currency\r\n',
    );
    const plainDefault = await download(`/api/v1/exports/received-documents.csv?${PERIOD}`, plain.apiKey);
    expect(utf8(plainDefault.bytes)).toBe(
      'number,type,issue_date,due_date,supplier,net,tax,total,amount_paid,amount_due,status,currency\r\n',
    );
  });

  test('an unknown format is a 422 naming query.format; a bad period stays a 422 at query.to', async () => {
    for (const path of ['documents.csv', 'received-documents.csv']) {
      const bad = await server.json(`/api/v1/exports/${path}?${PERIOD}&format=excel`, { key: german.apiKey });
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body.error.details.fields)).toContain('query.format');
      const backwards = await server.json(
        `/api/v1/exports/${path}?from=2026-11-30&to=2026-11-01&format=excel-de`,
        {
          key: german.apiKey,
        },
      );
      expect(backwards.status).toBe(422);
      expect(backwards.body.error.details.fields[0].loc).toBe('query.to');
    }
  });

  test('the OpenAPI document offers the parameter on both routes', async () => {
    const spec = await server.json('/api/v1/openapi.json');
    for (const path of ['/api/v1/exports/documents.csv', '/api/v1/exports/received-documents.csv']) {
      const format = (spec.body.paths[path].get.parameters as { name: string; schema: any }[]).find(
        (p) => p.name === 'format',
      );
      expect(JSON.stringify(format?.schema)).toContain('excel-de');
    }
  });
});
