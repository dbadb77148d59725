// A file refused as no e-invoice says what it is as a code too (`details.document` of the 422), for a
// program and for the console, which words it in its language (test/unit/console-received-refusal.test.ts):
// a German bookkeeper read "Diese Datei ist keine E-Rechnung …: This is a UBL order, not an invoice: the service …".
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`), 'utf8');

const cases: [string, () => string, string][] = [
  [
    'a UBL order',
    () =>
      corpus('phive/peppol-italy/3.2.1/order/Caso_d_uso_1_-_Ordine_di_fornitura_con_articoli_numerati.xml'),
    'ubl:Order',
  ],
  [
    'a UBL despatch advice',
    () => corpus('phive/peppol/aunz-peppol/1.0.12/AU_Despatch_Advice.xml'),
    'ubl:DespatchAdvice',
  ],
  [
    'a FatturaPA',
    () => corpus('zugferd-corpus/fatturaPA/official/valid/IT01234567890_FPR02.xml'),
    'fatturapa',
  ],
  ['a CSV export', () => 'Nummer;Datum;Betrag\nRE-1;2026-03-01;119,00\n', 'csv'],
  ['broken XML', () => '<Invoice <<< >', 'malformed_xml'],
  ['another XML', () => '<Bestellung xmlns="urn:example:orders"><Nr>1</Nr></Bestellung>', 'other_xml'],
];

test.each(cases)('%s: a 422 naming it in words and as details.document', async (_name, xml, document) => {
  for (const path of ['/api/v1/einvoices/parse', '/api/v1/received-documents']) {
    const res = await server.request(path, {
      method: 'POST',
      key: account.apiKey,
      body: xml(),
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { details: { document?: string; fields: unknown[] } } };
    expect(body.error.details.document).toBe(document);
    expect(body.error.details.fields).toEqual([
      expect.objectContaining({ loc: 'body', type: 'not_an_einvoice' }),
    ]);
  }
});
