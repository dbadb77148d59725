// The request validator the provider mocks check every request with (test/mocks/openapi-validate.ts), on
// the trimmed Storecove document: what passes, and that each keyword of the subset fails what it should,
// so a contract test against a mock can fail.
import { describe, expect, test } from 'bun:test';
import spec from '../mocks/openapi/storecove.json';
import { matchPath, type OpenApiDoc, validateRequest, validateValue } from '../mocks/openapi-validate';

const openapi = spec as OpenApiDoc;
const json = { 'content-type': 'application/json' };

function submission(overrides: Record<string, unknown> = {}) {
  return {
    legalEntityId: 4711,
    idempotencyGuid: '4f7c1f8e-2d7b-4f0e-9a55-0c2a8e3b9d11',
    routing: { eIdentifiers: [{ scheme: 'DE:LWID', id: '991-01234-56' }] },
    document: {
      documentType: 'invoice',
      rawDocumentData: { document: 'PEludm9pY2UvPg==', parse: true, parseStrategy: 'ubl' },
    },
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = json) =>
  validateRequest(openapi, 'POST', '/document_submissions', { headers, body });

describe('validateRequest on the Storecove document', () => {
  test('a submission as the adapter sends it passes', () => {
    expect(post(submission())).toEqual([]);
  });

  test('each keyword fails what it should, naming where', () => {
    expect(post(submission({ idempotencyGuid: 'short' }))).toEqual([
      'body.idempotencyGuid: shorter than 36 characters',
    ]);
    expect(post(submission({ legalEntityId: '4711' }))).toEqual([
      'body.legalEntityId: string where integer is expected',
    ]);
    expect(post(submission({ legalEntityID: 4711 }))).toEqual(['body.legalEntityID: not allowed']);
    expect(post(submission({ document: { documentType: 'creditnote' } }))).toEqual([
      'body.document.documentType: "creditnote" is not one of invoice, invoice_response, order',
    ]);
    expect(post(submission({ document: { rawDocumentData: { document: 'abc' } } }))).toEqual([
      'body.document.documentType: required',
      'body.document.rawDocumentData.document: shorter than 5 characters',
    ]);
    expect(post(submission({ routing: { eIdentifiers: [{ scheme: 'DE', id: '' }] } }))).toEqual([
      'body.routing.eIdentifiers[0].scheme: shorter than 3 characters',
      'body.routing.eIdentifiers[0].id: shorter than 1 characters',
    ]);
    expect(post(submission({ routing: { emails: ['not-an-address'] } }))).toEqual([
      'body.routing.emails[0]: not a valid email',
    ]);
    expect(
      post({
        receiveGuid: 'r',
        document: {
          documentType: 'invoice_response',
          invoiceResponse: { responseCode: 'AP', effectiveDate: '1.2.2026' },
        },
      }),
    ).toEqual([
      'body.document.invoiceResponse.receivedInvoiceGuid: required',
      'body.document.invoiceResponse.effectiveDate: does not match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    ]);
  });

  test('the body, its media type, paths, methods and parameters', () => {
    expect(post(undefined)).toEqual(['body: required']);
    expect(post(submission(), { 'content-type': 'text/plain' })).toEqual([
      'content-type text/plain: the API takes application/json',
    ]);
    expect(validateRequest(openapi, 'POST', '/documents', {})).toEqual([
      'POST /documents: no such path in the API',
    ]);
    expect(validateRequest(openapi, 'PUT', '/document_submissions', {})).toEqual([
      'PUT /document_submissions: no such operation in the API',
    ]);
    expect(validateRequest(openapi, 'GET', '/legal_entities/12', {})).toEqual([]);
    expect(validateRequest(openapi, 'GET', '/legal_entities/abc', {})).toEqual([
      'path parameter id: string where integer is expected',
    ]);
    expect(validateRequest(openapi, 'DELETE', '/webhook_instances/not-a-guid', {})).toEqual([
      'path parameter guid: not a valid uuid',
    ]);
    const guid = '4f7c1f8e-2d7b-4f0e-9a55-0c2a8e3b9d11';
    expect(validateRequest(openapi, 'GET', `/purchase_invoices/${guid}/pdf`, {})).toEqual([
      'path parameter packaging: "pdf" is not one of json, ubl, original',
    ]);
    expect(validateRequest(openapi, 'GET', '/webhook_instances/', { body: {} })).toEqual([
      'body: the operation takes none',
    ]);
  });

  test('a literal path wins over a template of the same length', () => {
    const paths = { paths: { '/a/{id}': { get: {} }, '/a/b': { get: {} } } };
    expect(matchPath(paths, '/a/b')?.template).toBe('/a/b');
    expect(matchPath(paths, '/a/c')?.params).toEqual({ id: 'c' });
  });

  test('date formats, nullable, combinators and numbers', () => {
    expect(validateValue({}, { type: 'string', format: 'date' }, '2026-02-30', 'd')).toEqual([
      'd: not a valid date',
    ]);
    expect(validateValue({}, { type: 'string', format: 'date' }, '2026-02-28', 'd')).toEqual([]);
    expect(validateValue({}, { type: 'string', format: 'date-time' }, '2026-02-28T10:00:00Z', 'd')).toEqual(
      [],
    );
    expect(validateValue({}, { type: 'string' }, null, 's')).toEqual(['s: null is not allowed']);
    expect(validateValue({}, { type: 'string', nullable: true }, null, 's')).toEqual([]);
    const either = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(validateValue({}, either, 3, 'x')).toEqual([]);
    expect(validateValue({}, either, true, 'x')).toEqual([
      'x: matches 0 of the oneOf schemas, exactly one wanted',
    ]);
    expect(validateValue({}, { type: 'integer', minimum: 1 }, 0, 'n')).toEqual(['n: below 1']);
    expect(validateValue({}, { type: 'integer' }, 1.5, 'n')).toEqual(['n: number where integer is expected']);
    expect(validateValue({}, { type: 'array', maxItems: 1 }, [1, 2], 'a')).toEqual(['a: more than 1 items']);
  });
});
