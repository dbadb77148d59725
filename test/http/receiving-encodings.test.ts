// A received XML e-invoice in another encoding than UTF-8 is read in the encoding it declares or marks:
// an ISO-8859-1 or windows-1252 file from an older German system keeps its umlauts (they became U+FFFD
// before, silently), a UTF-16 file with its byte-order mark is read; the original is kept byte for byte,
// and the official rules judge the text as read. A hybrid PDF sent with an XML content type is read as a PDF.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const NOTE = 'Lieferung an Herrn Müller, Große Straße, 120 € netto';
/** The XRechnung example with an umlaut note, declared in `encoding` (characters it cannot hold replaced). */
function example(encoding: string): string {
  return readFileSync(sharedPath('rulesets/examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8')
    .replace(/^<\?xml[^>]*\?>/, `<?xml version="1.0" encoding="${encoding}"?>`)
    .replace(/<cbc:Note>[^<]*/, `<cbc:Note>${NOTE}`)
    .replaceAll('…', '...');
}

async function post(path: string, body: Uint8Array) {
  const res = await fetch(`${server.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

test.each([
  ['windows-1252', (xml: string) => new Uint8Array(Buffer.from(xml.replace('€', '\u0080'), 'latin1'))],
  ['ISO-8859-15', (xml: string) => new Uint8Array(Buffer.from(xml.replace('€', '\u00a4'), 'latin1'))],
  ['UTF-16', (xml: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(xml, 'utf16le')])],
] as const)('%s: read with its umlauts and euro sign, valid, the original kept', async (encoding, encode) => {
  const bytes = encode(example(encoding));
  const parsed = await post('einvoices/parse', bytes);
  expect(parsed.status).toBe(200);
  expect(parsed.body.data.data.notes).toBe(NOTE);
  expect(parsed.body.data.compliance.valid).toBe(true);

  const kept = await post('received-documents', bytes);
  expect(kept.status).toBe(201);
  const original = await fetch(`${server.url}/api/v1/received-documents/${kept.body.data.id}/original`, {
    headers: { authorization: `Bearer ${account.apiKey}` },
  });
  expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
});

test('ISO-8859-1 as declared; bytes that are no UTF-8 and declare nothing are refused, not read wrongly', async () => {
  const latin1 = new Uint8Array(Buffer.from(example('ISO-8859-1').replace(' €', ' EUR'), 'latin1'));
  const parsed = await post('einvoices/parse', latin1);
  expect(parsed.status).toBe(200);
  expect(parsed.body.data.data.notes).toBe(NOTE.replace(' €', ' EUR'));
  const undeclared = new Uint8Array(
    Buffer.from(
      example('ISO-8859-1')
        .replace(' €', ' EUR')
        .replace(/^<\?xml[^>]*\?>/, ''),
      'latin1',
    ),
  );
  const refused = await post('einvoices/parse', undeclared);
  expect(refused.status).toBe(422);
  expect(refused.body.error.message).toContain(
    'The XML is not UTF-8 and its declaration names no other encoding',
  );
  const unknown = new Uint8Array(Buffer.from(example('KLINGON-8').replace(' €', ' EUR'), 'latin1'));
  const named = await post('einvoices/parse', unknown);
  expect(named.status).toBe(422);
  expect(named.body.error.message).toBe(
    'The XML is not UTF-8 and declares an encoding this service does not know (KLINGON-8)',
  );
  // Declared UTF-8, written in windows-1252: the message says that, not that UTF-8 is unknown.
  const mislabelled = new Uint8Array(Buffer.from(example('UTF-8').replace(' €', ' EUR'), 'latin1'));
  const wrong = await post('einvoices/parse', mislabelled);
  expect(wrong.status).toBe(422);
  expect(wrong.body.error.message).toStartWith('The XML declares UTF-8 but its bytes are not UTF-8');
});

test('a Factur-X PDF sent as XML is read as the PDF it is; a PDF as JSON xml text is named', async () => {
  const pdf = new Uint8Array(readFileSync(sharedPath('rulesets/examples/facturx-pdf/Facture_F20180027.pdf')));
  const parsed = await post('einvoices/parse', pdf);
  expect(parsed.status).toBe(200);
  expect(parsed.body.data.syntax).toBe('cii');
  const kept = await post('received-documents', pdf);
  expect(kept.status).toBe(201);
  expect(kept.body.data.content_type).toBe('application/pdf');
  const res = await fetch(`${server.url}/api/v1/einvoices/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ xml: '%PDF-1.7\n1 0 obj' }),
  });
  expect(res.status).toBe(422);
  expect(((await res.json()) as any).error.message).toBe(
    'This is a PDF given as XML text: send the file as application/pdf, or in JSON as pdf_base64',
  );
  // JSON whose field is empty or no base64 is named as such, not read as an empty or odd file.
  for (const [body, loc, message] of [
    [{ xml: '' }, 'body.xml', 'xml is empty: send the e-invoice itself'],
    [
      { pdf_base64: '!!!' },
      'body.pdf_base64',
      'pdf_base64 is not base64: send the PDF file encoded in base64',
    ],
  ] as const) {
    const refused = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const error = ((await refused.json()) as any).error;
    expect([refused.status, error.message, error.details.fields[0].loc]).toEqual([422, message, loc]);
  }
});
