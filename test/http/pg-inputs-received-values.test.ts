// Values of a received e-invoice that the document data or the service's arithmetic cannot hold: the file is
// refused with a 422 naming the element and what is wrong with its value, the same on SQLite and PostgreSQL
// (the PostgreSQL lane runs this file: scripts/test-lanes.ts `postgres pg-inputs-received`), on POST
// /received-documents and /einvoices/parse alike; nothing is kept and the reports still answer.
// Before (seen failing): an amount of 21 digits (BT-112/115) was kept on SQLite (201), then every read of
// it answered 500 and the payables report "integer overflow"; on PostgreSQL the database refused it. A
// currency of 3,000 characters was kept on SQLite (`eur` is read as EUR); a VAT amount of 21 digits was kept as the
// stated BT-110; a rate `1e3` was kept on the line. Values the data keeps (9999-12-31, a negative zero, as "0")
// or leaves out with a warning (a due date before the issue date, 0000-01-01, a number of 10,000
// characters) are taken, and every read of them answers 200.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: account.apiKey,
    body: { consultant_number: 29098, client_number: 55003 },
  });
  expect(settings.status).toBe(200);
});
afterAll(() => server.stop());

const XRECHNUNG = () =>
  readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.10a-INVOICE_ubl.xml'), 'utf8');

/** The XRechnung example with its own number, so each case is a file of its own. */
const file = (number: string, change: (xml: string) => string) =>
  change(XRECHNUNG().replace('<cbc:ID>Rechnungsnummer</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`));

async function receive(xml: string) {
  const res = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

async function parse(xml: string) {
  const res = await server.request('/api/v1/einvoices/parse', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const numbersKept = async () =>
  (
    (await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey })).body.data as {
      invoice_number: string | null;
    }[]
  ).map((d) => d.invoice_number);

const BIG = '100000000000000000000.2';
const CURRENCY = 'A'.repeat(3000);

/** [case, change, the refusal's words] */
const REFUSED: [string, (xml: string) => string, string][] = [
  [
    'BT-112/115 of 21 digits',
    (x) => x.replaceAll('2594.2', BIG),
    `cbc:TaxInclusiveAmount on line 128 holds "${BIG}", which has more than the 15 digits before the decimal point the service keeps`,
  ],
  [
    'BT-110 of 21 digits',
    (x) => x.replaceAll('414.2', BIG),
    `cbc:TaxAmount on line 112 holds "${BIG}", which has more than the 15 digits before the decimal point`,
  ],
  [
    'a currency of 3,000 characters',
    (x) =>
      x
        .replaceAll('"EUR"', `"${CURRENCY}"`)
        .replace(/<cbc:DocumentCurrencyCode>[^<]*</, `<cbc:DocumentCurrencyCode>${CURRENCY}<`),
    `cbc:DocumentCurrencyCode on line 11 holds "${'A'.repeat(79)}…", which is no ISO 4217 currency code (3 capital letters)`,
  ],
  [
    'a quantity of 21 digits',
    (x) => x.replace('unitCode="XPP">10<', 'unitCode="XPP">100000000000000000000<'),
    'cbc:InvoicedQuantity on line 133 holds "100000000000000000000", which has more than the 15 digits',
  ],
  [
    'a quantity 1E+25',
    (x) => x.replace('unitCode="XPP">10<', 'unitCode="XPP">1E+25<'),
    'cbc:InvoicedQuantity on line 133 holds "1E+25", which is not a number',
  ],
  [
    'a price of 21 digits',
    (x) => x.replace('"EUR">218<', '"EUR">100000000000000000000<'),
    'cbc:PriceAmount on line 150 holds "100000000000000000000", which has more than the 15 digits',
  ],
  [
    'a price with 11 decimal places',
    (x) => x.replace('"EUR">218<', '"EUR">218.00000000001<'),
    'cbc:PriceAmount on line 150 holds "218.00000000001", which has more than the 10 decimal places the service keeps',
  ],
  [
    'a rate 1e3',
    (x) => x.replaceAll('<cbc:Percent>19<', '<cbc:Percent>1e3<'),
    'cbc:Percent on line 118 holds "1e3", which is not a number',
  ],
  [
    'a rate of 21 digits',
    (x) => x.replaceAll('<cbc:Percent>19<', '<cbc:Percent>100000000000000000019<'),
    'cbc:Percent on line 118 holds "100000000000000000019", which has more than the 15 digits',
  ],
];

describe('a value the data cannot hold: the file is refused, naming the element and why', () => {
  for (const [name, change, words] of REFUSED) {
    test(`${name}: 422 on POST /received-documents and /einvoices/parse, nothing kept`, async () => {
      const number = `R-${name.replace(/\W+/g, '-')}`;
      const xml = file(number, change);
      const res = await receive(xml);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('unprocessable_entity');
      expect(res.body.error.message).toStartWith('The e-invoice cannot be read: ');
      expect(res.body.error.message).toContain(words);
      expect(res.body.error.details.fields[0].loc).toBe('body');
      const parsed = await parse(xml);
      expect(parsed.status).toBe(422);
      expect(parsed.body.error.message).toBe(res.body.error.message);
      expect(await numbersKept()).not.toContain(number);
      const payables = await server.json('/api/v1/reports/payables', { key: account.apiKey });
      expect(payables.status).toBe(200);
    });
  }

  test('NUL and a lone surrogate as character references: no XML 1.0, refused as malformed', async () => {
    for (const ref of ['&#0;', '&#xD800;']) {
      const xml = file(`R-REF-${ref.length}`, (x) => x.replace('[Seller name]', `Sel${ref}ler`));
      const res = await receive(xml);
      expect(res.status).toBe(422);
      expect(res.body.error.details.document).toBe('malformed_xml');
      expect((await parse(xml)).status).toBe(422);
    }
  });
});

describe('values the data keeps: taken, and every read of them answers', () => {
  async function kept(number: string, change: (xml: string) => string) {
    const res = await receive(file(number, change));
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    for (const path of [`/api/v1/received-documents/${id}`, `/api/v1/received-documents/${id}/data`]) {
      expect((await server.json(path, { key: account.apiKey })).status).toBe(200);
    }
    for (const path of [
      '/api/v1/reports/payables',
      '/api/v1/reports/payables?as_of=9999-12-31',
      '/api/v1/reports/expenses?from=2016-01-01&to=2016-12-31',
      '/api/v1/exports/datev?from=2016-01-01&to=2016-12-31&kind=received',
      '/api/v1/exports/received-documents.csv?from=2016-01-01&to=2016-12-31',
    ]) {
      const r = await server.request(path, { key: account.apiKey });
      expect([path, r.status]).toEqual([path, 200]);
      await r.arrayBuffer();
    }
    return res.body.data;
  }

  test('a currency in small letters is the code it spells', async () => {
    const data = await kept('K-EUR-SMALL', (x) =>
      x.replace(/<cbc:DocumentCurrencyCode>[^<]*</, '<cbc:DocumentCurrencyCode> eur <'),
    );
    expect(data.currency).toBe('EUR');
  });

  test('a negative zero quantity is a zero, not "-0"', async () => {
    const data = await kept('K-NEG-ZERO', (x) => x.replace('unitCode="XPP">10<', 'unitCode="XPP">-0.00<'));
    const lines = data.lines as { quantity: string }[];
    expect(lines.map((l) => l.quantity)).toEqual(['0.00']);
  });

  test('a due date before the issue date is left out with its warning; 9999-12-31 as a due date', async () => {
    const before = await kept('K-DUE-BEFORE', (x) =>
      x.replace(
        '<cbc:IssueDate>2016-06-27</cbc:IssueDate>',
        '<cbc:IssueDate>2016-06-27</cbc:IssueDate><cbc:DueDate>2016-01-01</cbc:DueDate>',
      ),
    );
    expect(before.due_date).toBeNull();
    expect(before.warnings.map((w: { code: string }) => w.code)).toContain('due_date_before_issue_date');
    const far = await kept('K-DUE-9999', (x) =>
      x.replace(
        '<cbc:IssueDate>2016-06-27</cbc:IssueDate>',
        '<cbc:IssueDate>2016-06-27</cbc:IssueDate><cbc:DueDate>9999-12-31</cbc:DueDate>',
      ),
    );
    expect(far.due_date).toBe('9999-12-31');
  });

  test('an issue date 0000-01-01 no calendar has is left out with a warning; 9999-12-31 is kept', async () => {
    const zero = await kept('K-DAY-0000', (x) =>
      x.replace('<cbc:IssueDate>2016-06-27<', '<cbc:IssueDate>0000-01-01<'),
    );
    expect(zero.issue_date).toBeNull();
    expect(zero.warnings.map((w: { code: string }) => w.code)).toContain('date_not_in_calendar');
    const last = await kept('K-DAY-9999', (x) =>
      x.replace('<cbc:IssueDate>2016-06-27<', '<cbc:IssueDate>9999-12-31<'),
    );
    expect(last.issue_date).toBe('9999-12-31');
  });

  test('an invoice number of 10,000 characters is left out with a warning', async () => {
    const long = await kept('N'.repeat(10_000), (x) => x);
    expect(long.invoice_number).toBeNull();
    expect(long.warnings.map((w: { code: string }) => w.code)).toContain('value_too_long');
  });
});
