// The Storecove channel against a Storecove stand-in on loopback (test/mocks/storecove.ts) that checks
// every request against Storecove's published OpenAPI (trimmed): each test ends by asserting the mock saw
// no contract problem. Here: the connection test, discovery, sending (idempotency, transient and permanent
// failures) and that the contract check can fail; the pull queue and answers are in channel-storecove-poll.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { ChannelConnection } from '../../src/delivery-channel';
import { ChannelError } from '../../src/delivery-channel';
import { storecoveAdapter as adapter } from '../../src/modules/channel-storecove';
import { usedIdempotencyGuid } from '../../src/modules/channel-storecove/adapter';
import { retryAfter } from '../../src/modules/channel-storecove/http';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { channelError, connectionTo, message, NOW } from '../mocks/storecove-fixtures';

let mock: StorecoveMock;
let problemsExpected = false;

beforeEach(() => {
  mock = startStorecoveMock();
  problemsExpected = false;
});
afterEach(() => {
  if (!problemsExpected) expect(mock.problems()).toEqual([]);
  mock.stop();
});

const connection = (overrides: Partial<ChannelConnection> = {}, settings: Record<string, unknown> = {}) =>
  connectionTo(mock, overrides, settings);

describe('the adapter declares itself', () => {
  test('id, network, profiles, secrets and receiving', () => {
    expect(adapter.id).toBe('storecove');
    expect(adapter.network).toBe('peppol');
    expect(adapter.defaultBaseUrl).toBe('https://api.storecove.com/api/v2');
    expect(adapter.secrets).toEqual(['api_key']);
    expect(adapter.profiles).toEqual(['peppol_bis_billing_3', 'xrechnung_ubl']);
    expect(adapter.takesPdf).toBe(false);
    expect(adapter.receive).toBe('poll');
  });
});

describe('testConnection', () => {
  test('reads the legal entity with the bearer key', async () => {
    const answer = await adapter.testConnection(connection());
    expect(answer).toEqual({
      ok: true,
      message: 'Storecove answered: legal entity 4711 (Muster Handel GmbH)',
    });
    expect(mock.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /legal_entities/4711 200',
    ]);
  });

  test('a refused key, an unknown legal entity, a missing key, an unreachable host', async () => {
    const refused = await adapter.testConnection(connection({ secrets: { api_key: 'wrong' } }));
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('refused the API key (401)');
    const unknown = await adapter.testConnection(connection({}, { legal_entity_id: 99 }));
    expect(unknown).toEqual({ ok: false, message: 'Storecove knows no legal entity 99 for this API key' });
    const missing = await adapter.testConnection(connection({ secrets: {} }));
    expect(missing).toEqual({ ok: false, message: 'Storecove: the connection has no api_key' });
    const closed = await adapter.testConnection(connection({ baseUrl: 'http://127.0.0.1:9/api/v2' }));
    expect(closed.ok).toBe(false);
    expect(closed.message).toContain('could not be reached');
  });
});

describe('lookup (discovery)', () => {
  test('maps the ICD to the Storecove scheme and asks for invoices and credit notes', async () => {
    mock.addParticipant('DE:LWID', '991-01234-56');
    const answer = await adapter.lookup?.(connection(), { scheme: '0204', value: '991-01234-56' });
    expect(answer).toMatchObject({ reachable: true, invoice: true, creditNote: true });
    expect(answer?.detail).toBe('Storecove discovery on Peppol for DE:LWID:991-01234-56');
    expect(JSON.parse(answer?.raw?.body ?? '')).toEqual({ code: 'OK', email: false });
    expect(mock.requests[0]?.body).toEqual({
      scheme: 'DE:LWID',
      identifier: '991-01234-56',
      network: 'peppol',
      metaScheme: 'iso6523-actorid-upis',
      documentTypes: ['invoice', 'creditnote'],
    });
  });

  test('invoices only, nobody, an unknown ICD passed through, an override, Hermes by e-mail', async () => {
    mock.addParticipant('DE:VAT', 'DE123456789', { documentTypes: ['invoice'] });
    const invoicesOnly = await adapter.lookup?.(connection(), { scheme: '9930', value: 'DE123456789' });
    expect(invoicesOnly).toMatchObject({ reachable: true, invoice: true, creditNote: false });
    const nobody = await adapter.lookup?.(connection(), { scheme: '0088', value: '4000001000005' });
    expect(nobody).toMatchObject({ reachable: false, invoice: false, creditNote: false });
    expect(mock.requests.slice(2).map((r) => r.body.scheme)).toEqual(['GLN', 'GLN']);
    mock.addParticipant('9999', 'X1');
    expect(await adapter.lookup?.(connection(), { scheme: '9999', value: 'X1' })).toMatchObject({
      reachable: true,
    });
    mock.addParticipant('BE:ENT', '0123456789', { email: true });
    const overridden = await adapter.lookup?.(connection({}, { scheme_overrides: { '0208': 'BE:ENT' } }), {
      scheme: '0208',
      value: '0123456789',
    });
    expect(overridden?.reachable).toBe(true);
    expect(overridden?.detail).toContain('Hermes');
  });

  test('a provider down is a transient error', async () => {
    mock.down({ requests: 1, retryAfter: 30 });
    const error = await channelError(
      adapter.lookup?.(connection(), { scheme: '0204', value: 'x' }) as Promise<unknown>,
    );
    expect(error).toMatchObject({ transient: true, details: { status: 503, retryAfterSeconds: 30 } });
  });
});

describe('send', () => {
  test('posts the UBL as raw document data with the idempotencyGuid and the receiver', async () => {
    const sent = message();
    const receipt = await adapter.send(connection(), sent);
    const [submission] = mock.submissions;
    expect(receipt).toEqual({
      providerRef: submission?.guid ?? '',
      state: 'submitted',
      raw: {
        contentType: expect.stringContaining('application/json'),
        body: JSON.stringify({ guid: submission?.guid }),
      },
    });
    expect(submission?.body).toEqual({
      legalEntityId: 4711,
      idempotencyGuid: sent.idempotencyUuid,
      routing: { eIdentifiers: [{ scheme: 'DE:LWID', id: '991-01234-56' }] },
      document: {
        documentType: 'invoice',
        rawDocumentData: { document: expect.any(String), parse: true, parseStrategy: 'ubl' },
      },
    });
    expect(submission?.document).toEqual(sent.xml);
    expect(mock.requests[0]?.headers.get('authorization')).toBe(`Bearer ${mock.apiKey}`);
  });

  test('a credit note goes as documentType invoice too', async () => {
    const creditNote = message({
      documentType: 'credit_note',
      xml: new TextEncoder().encode('<CreditNote/>'),
    });
    await adapter.send(connection(), creditNote);
    expect(mock.submissions[0]?.body.document.documentType).toBe('invoice');
  });

  test('the same delivery sent twice is processed once; the retry keeps the idempotencyGuid as providerRef', async () => {
    const sent = message();
    const first = await adapter.send(connection(), sent);
    const second = await adapter.send(connection(), sent);
    expect(mock.submissions).toHaveLength(1);
    expect(mock.requests.map((r) => r.status)).toEqual([200, 422]);
    expect(second.state).toBe('submitted');
    expect(second.providerRef).toBe(sent.idempotencyUuid);
    expect(second.providerRef).not.toBe(first.providerRef);
    expect(second.raw.body).toContain('idempotencyGuid');
  });

  test('down, rate limited and unreachable are transient, with the Retry-After', async () => {
    mock.down({ requests: 2, retryAfter: 7 });
    for (let i = 0; i < 2; i++)
      expect(await channelError(adapter.send(connection(), message()))).toMatchObject({
        transient: true,
        details: { status: 503, retryAfterSeconds: 7 },
      });
    mock.rateLimit(1, 3);
    expect(await channelError(adapter.send(connection(), message()))).toMatchObject({
      transient: true,
      details: { status: 429, retryAfterSeconds: 3 },
    });
    mock.failNext(502, { error: 'bad gateway' });
    expect((await channelError(adapter.send(connection(), message()))).transient).toBe(true);
    const unreachable = await channelError(
      adapter.send(connection({ baseUrl: 'http://127.0.0.1:9/api/v2' }), message()),
    );
    expect(unreachable.transient).toBe(true);
    expect(mock.submissions).toHaveLength(0);
    await adapter.send(connection(), message());
    expect(mock.submissions).toHaveLength(1);
  });

  test("refusals are permanent with the provider's words; the connection's own refusal passes unchanged", async () => {
    mock.failNext(422, [{ source: 'document', details: 'BR-CO-15: totals do not add up' }]);
    const refused = await channelError(adapter.send(connection(), message()));
    expect(refused.transient).toBe(false);
    expect(refused.message).toBe(
      'Sending RE-2026-0042 through Storecove: Storecove answered 422: document: BR-CO-15: totals do not add up',
    );
    expect(refused.details.raw?.body).toContain('BR-CO-15');
    const badKey = await channelError(adapter.send(connection({ secrets: { api_key: 'nope' } }), message()));
    expect(badKey).toMatchObject({ transient: false, details: { status: 401 } });
    const outside = new ChannelError('host not in OUTBOUND_HOSTS', false);
    const blocked = await channelError(
      adapter.send(connection({ fetch: () => Promise.reject(outside) }), message()),
    );
    expect(blocked).toBe(outside);
    const noEntity = await channelError(adapter.send(connection({ settings: {} }), message()));
    expect(noEntity.transient).toBe(false);
    expect(mock.submissions).toHaveLength(0);
  });
});

describe('the contract check can fail', () => {
  test('the mock answers a request off the schema 422 and records each problem', async () => {
    problemsExpected = true;
    const answer = await fetch(`${mock.url}/document_submissions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mock.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        legalEntityId: '4711',
        idempotencyGuid: 'not-36-characters',
        routing: { eIdentifiers: [{ scheme: '0204', identifier: '991-01234-56' }] },
        document: {
          documentType: 'invoice',
          rawDocumentData: { document: 'PEludm9pY2UvPg==', parseStrategy: 'xml' },
        },
      }),
    });
    expect(answer.status).toBe(422);
    expect(mock.problems()).toEqual([
      'POST /document_submissions: body.legalEntityId: string where integer is expected',
      'POST /document_submissions: body.idempotencyGuid: shorter than 36 characters',
      'POST /document_submissions: body.routing.eIdentifiers[0].identifier: not allowed',
      'POST /document_submissions: body.document.rawDocumentData.parseStrategy: "xml" is not one of ubl, cii, idoc',
    ]);
    expect(mock.submissions).toHaveLength(0);
    const unknownPath = await fetch(`${mock.url}/documents`, {
      headers: { Authorization: `Bearer ${mock.apiKey}` },
    });
    expect(unknownPath.status).toBe(404);
    expect(mock.problems()).toContain('GET /documents: no such path in the API');
  });
});

describe('small readings', () => {
  test('Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfter('120', NOW)).toBe(120);
    expect(retryAfter(new Date(NOW.getTime() + 90_000).toUTCString(), NOW)).toBe(90);
    expect(retryAfter('soon', NOW)).toBeUndefined();
    expect(retryAfter(null, NOW)).toBeUndefined();
  });

  test('only a 422 saying the idempotencyGuid was used counts as an earlier attempt', () => {
    expect(usedIdempotencyGuid('[{"source":"idempotencyGuid","details":"has already been used"}]')).toBe(
      true,
    );
    expect(usedIdempotencyGuid('[{"source":"idempotencyGuid","details":"must be 36 characters"}]')).toBe(
      false,
    );
    expect(usedIdempotencyGuid('[{"source":"document","details":"invalid"}]')).toBe(false);
  });
});
