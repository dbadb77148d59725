// A received e-invoice's reading notes (the warnings of what the file states that the data does not keep)
// carry a stable `code` and the values their message inserts (`params`), beside the English `message`
// as before, on parse and in the inbox, so a client words them in its own language (docs/receiving.md,
// "Reading notes: codes and params"). Real files of the public receiving corpus.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
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

const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`));
/** The CEN "full model" test invoice as Mustang ships it: eight kinds of note in one CII file. */
const FULL_MODEL = 'mustang/library/not_validating_full_invoice_based_onTest_EeISI_300_CENfullmodel.cii.xml';
/** ZUGFeRD 1.0 EXTENDED with an impossible date, months where dates belong and a line holding a note. */
const ZUGFERD_1 = 'akretion/tests/fixtures/xml/zugferd-extended.xml';
const MINIMUM = 'akretion/tests/fixtures/xml/factur-x-minimum.xml';

async function post(path: string, body: Uint8Array) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('reading notes with a code and params', () => {
  test('parse: a file provoking eight kinds of note answers each with its code and params, the message as before', async () => {
    const res = await post('/api/v1/einvoices/parse', corpus(FULL_MODEL));
    expect(res.status).toBe(200);
    const warnings = res.body.data.warnings;
    expect(new Set(warnings.map((w: any) => w.code))).toEqual(
      new Set([
        'note_subject_codes',
        'attachment_not_kept',
        'other_payment_accounts',
        'tax_currency_rate_implied',
        'price_from_line_amount',
        'gross_price_as_net_price',
        'link_not_http',
        'value_too_long',
      ]),
    );
    expect(warnings).toContainEqual({
      term: 'BG-17',
      path: 'SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount',
      message:
        'Only the first account to pay to is kept (IT1212341234123412); also stated: IT1212341234123413',
      code: 'other_payment_accounts',
      params: { kept: 'IT1212341234123412', others: 'IT1212341234123413' },
    });
    expect(warnings).toContainEqual({
      term: 'BT-111',
      path: 'TaxTotalAmount',
      message: 'The VAT total in NOK (46.00) states no exchange rate: kept as the rate it implies, 0.92',
      code: 'tax_currency_rate_implied',
      params: { currency: 'NOK', tax_total: '46.00', rate: '0.92' },
    });
    expect(warnings).toContainEqual({
      term: 'BT-146',
      path: 'line 1a',
      message: '10.00 x 10.00 is not the stated line amount 1000.00: the price is kept as 100',
      code: 'price_from_line_amount',
      params: { quantity: '10.00', price: '10.00', amount: '1000.00', kept: '100' },
    });
    expect(warnings).toContainEqual({
      term: 'BT-18',
      path: 'invoiced_object.scheme_id',
      message: '"0090" is not kept: expected string length less or equal to 3',
      code: 'value_too_long',
      params: { value: '0090', max_length: '3' },
    });
    expect(warnings).toContainEqual({
      term: 'BT-125',
      path: 'AdditionalReferencedDocument[Supporting document ref]',
      message: 'The attached file stays in the original e-invoice; the data names the document only',
      code: 'attachment_not_kept',
      params: {},
    });
    // Every value a message inserts is a string in params: nothing a client must parse out of the text.
    for (const w of warnings)
      for (const value of Object.values(w.params)) expect(typeof value).toBe('string');
  });

  test('the inbox keeps them: POST and GET answer the codes and params of a ZUGFeRD 1.0 file', async () => {
    const created = await post('/api/v1/received-documents', corpus(ZUGFERD_1));
    expect(created.status).toBe(201);
    const read = await server.json(`/api/v1/received-documents/${created.body.data.id}`, {
      key: account.apiKey,
    });
    expect(read.status).toBe(200);
    for (const warnings of [created.body.data.warnings, read.body.data.warnings]) {
      expect(warnings.map((w: any) => [w.code, w.params])).toEqual([
        ['format_zugferd_1', { profile: 'EXTENDED' }],
        ['note_subject_codes', { subject_code: 'AAK', codes: 'AAJ, REG' }],
        ['note_lines', { count: '1' }],
        ['date_not_in_calendar', { value: '2013-91-02' }],
        ['value_pattern_mismatch', { value: '201338', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }],
        ['value_pattern_mismatch', { value: '201338', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }],
        ['value_pattern_mismatch', { value: '201336', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }],
        ['value_pattern_mismatch', { value: '201336', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }],
      ]);
      expect(warnings[0].message).toBe(
        "ZUGFeRD 1.0 EXTENDED: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile's rules apply)",
      );
    }
  });

  test('stated totals name each figure by its data name; an optional param is absent, not empty', async () => {
    const res = await post('/api/v1/einvoices/parse', corpus(MINIMUM));
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual([
      {
        term: 'BT-24',
        path: 'GuidelineSpecifiedDocumentContextParameter',
        message:
          'Factur-X / ZUGFeRD MINIMUM: a booking aid, not an EN 16931 invoice; the PDF is the invoice (the data has no lines and keeps the stated totals)',
        code: 'format_factur_x_minimum',
        params: {},
      },
      {
        term: 'BT-109/BT-110/BT-112/BT-115',
        path: 'stated_totals',
        message:
          'The file has no lines: its totals are kept as stated (BT-109 100.00, BT-110 4.90, BT-112 104.90, BT-115 104.90), not computed',
        code: 'stated_totals_no_lines',
        params: { net_total: '100.00', tax_total: '4.90', total: '104.90', amount_due: '104.90' },
      },
    ]);
  });

  test('the OpenAPI document declares code and params on parse and on a received document', async () => {
    const doc = (await server.json('/api/v1/openapi.json')).body;
    const warningOf = (schema: any) => schema.properties.data.properties.warnings.items;
    const parse = warningOf(
      doc.paths['/api/v1/einvoices/parse'].post.responses['200'].content['application/json'].schema,
    );
    expect(parse.required).toEqual(expect.arrayContaining(['term', 'path', 'message', 'code', 'params']));
    expect(parse.properties.code.enum).toEqual(
      expect.arrayContaining(['note_subject_codes', 'value_too_long']),
    );
    expect(parse.properties.params).toMatchObject({
      type: 'object',
      patternProperties: { '^(.*)$': { type: 'string' } },
    });
    const received =
      doc.paths['/api/v1/received-documents/{received_id}'].get.responses['200'].content['application/json']
        .schema;
    const inbox = warningOf(received);
    expect(inbox.properties.code.enum).toEqual(
      expect.arrayContaining(['differing_total', 'note_subject_codes', 'format_zugferd_1']),
    );
    expect(Object.keys(inbox.properties)).toContain('params');
  });
});
