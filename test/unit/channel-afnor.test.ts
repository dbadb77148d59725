// The afnor-pa channel (src/modules/channel-afnor) against a French approved platform stand-in on loopback
// (test/mocks/afnor-pa.ts): every request it makes is checked against our trimmed XP Z12-013 documents, and
// each test ends by asserting the mock saw no contract problem. Sending, lookup, authentication and
// failures here; statuses, callbacks, received invoices and answers in channel-afnor-lifecycle.test.ts.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { ChannelAdapter } from '../../src/delivery-channel';
import { createAfnorAdapter } from '../../src/modules/channel-afnor/adapter';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import {
  type ConnectionOptions,
  connectionTo,
  createRequests as creates,
  DIRECTORY,
  FACTURX_PDF,
  failure,
  message,
  statuses,
} from '../mocks/afnor-pa-fixtures';

let mock: AfnorMock;
let adapter: ChannelAdapter;

beforeEach(() => {
  mock = startAfnorMock({ directory: DIRECTORY.map((line) => ({ ...line })) });
  adapter = createAfnorAdapter();
});
afterEach(() => {
  const problems = mock.problems();
  mock.stop();
  expect(problems).toEqual([]);
});

const connection = (options?: ConnectionOptions) => connectionTo(mock, options);
const createRequests = () => creates(mock);

describe('testConnection', () => {
  test('an empty base URL is refused with what to set, before any request', async () => {
    const answer = await adapter.testConnection(connection({ baseUrl: '' }));
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain('base URL');
    expect(mock.requests).toHaveLength(0);
  });

  test('healthcheck, then an authenticated search of one flow', async () => {
    expect(await adapter.testConnection(connection())).toEqual({
      ok: true,
      message: 'The Flow Service answers and accepts the credentials',
    });
    expect(mock.requests.map((r) => `${r.service} ${r.method} ${r.path} ${r.status}`)).toEqual([
      'flow GET /v1/healthcheck 200',
      'token POST /auth/token 200',
      'flow POST /v1/flows/search 200',
    ]);
    expect(mock.requests[2]?.body.limit).toBe(1);
  });

  test('a wrong client secret is a failed test with the token endpoint named', async () => {
    const answer = await adapter.testConnection(connection({ secrets: { client_secret: 'nope' } }));
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain('token endpoint answered 401');
  });
});

describe('authentication', () => {
  test('the OAuth token is fetched once and kept; a revoked one is fetched again', async () => {
    const conn = connection();
    await adapter.send(conn, message());
    await adapter.send(conn, message({ number: 'F-2026/002' }));
    expect(mock.tokensIssued).toBe(1);
    mock.revokeTokens();
    await adapter.send(conn, message({ number: 'F-2026/003' }));
    expect(mock.tokensIssued).toBe(2);
    const unauthorized = mock.requests.filter((r) => r.status === 401);
    expect(unauthorized).toHaveLength(1);
  });

  test('a static bearer token and the Organization-Id header', async () => {
    const conn = connection({
      settings: { organization_id: 'ORG-7' },
      secrets: { api_token: mock.staticToken },
    });
    await adapter.send(conn, message());
    expect(mock.tokensIssued).toBe(0);
    for (const request of mock.requests) {
      expect(request.headers.get('authorization')).toBe(`Bearer ${mock.staticToken}`);
      expect(request.headers.get('organization-id')).toBe('ORG-7');
      expect(request.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('no credentials at all is a permanent error', async () => {
    const error = await failure(adapter.send(connection({ settings: {}, secrets: {} }), message()));
    expect(error.transient).toBe(false);
    expect(error.message).toContain('No credentials');
  });
});

describe('lookup (Directory Service)', () => {
  test('a SIREN with an Enabled line is reachable, on the directory derived from the flow URL', async () => {
    const answer = await adapter.lookup?.(connection(), { scheme: '0002', value: '100000009' });
    expect(answer).toMatchObject({ reachable: true, invoice: true, creditNote: true });
    expect(answer?.detail).toBe('addressing identifier 100000009 on an approved platform (PA)');
    expect(JSON.parse(answer?.raw?.body ?? '{}').results).toHaveLength(2);
    const search = mock.requests.find((r) => r.service === 'directory');
    expect(search?.body).toEqual({ filters: { siren: { op: 'strict', value: '100000009' } }, limit: 100 });
  });

  test('a SIREN whose only line is Disabled, and one the directory does not know, are not reachable', async () => {
    const disabled = await adapter.lookup?.(connection(), { scheme: '0002', value: '200000008' });
    expect(disabled).toMatchObject({ reachable: false, detail: 'no Enabled directory line names it' });
    const unknown = await adapter.lookup?.(connection(), { scheme: '0002', value: '999999999' });
    expect(unknown).toMatchObject({ reachable: false, raw: null });
    expect(mock.requests.at(-1)?.status).toBe(204);
  });

  test('a SIRET by its own line, or by its company-wide line; a routing code by its lines', async () => {
    const own = await adapter.lookup?.(connection(), { scheme: '0009', value: '30000000700015' });
    expect(own?.detail).toContain('30000000700015');
    const companyWide = await adapter.lookup?.(connection(), { scheme: '0009', value: '10000000900099' });
    expect(companyWide).toMatchObject({ reachable: true, detail: expect.stringContaining('100000009 on') });
    const routing = await adapter.lookup?.(connection(), { scheme: '0224', value: 'ACHATS' });
    expect(routing?.detail).toContain('100000009_00011_ACHATS');
    const noCompany = await adapter.lookup?.(connection(), { scheme: '0009', value: '99999999900011' });
    expect(noCompany?.reachable).toBe(false);
  });

  test('a malformed or foreign identifier is answered without asking the platform', async () => {
    const short = await adapter.lookup?.(connection(), { scheme: '0002', value: '12345' });
    expect(short).toMatchObject({ reachable: false, detail: 'a SIREN (0002) is 9 digits' });
    const peppol = await adapter.lookup?.(connection(), { scheme: '9930', value: 'DE123456789' });
    expect(peppol?.reachable).toBe(false);
    expect(mock.requests.filter((r) => r.service === 'directory')).toHaveLength(0);
  });

  test('a directory answer it cannot read is transient (try again), never "unreachable"', async () => {
    for (const body of ['{oops', '{"totalNumberOfResults":1}', '<html>maintenance</html>']) {
      const conn = {
        ...connection({ settings: {}, secrets: { api_token: mock.staticToken } }),
        fetch: async () =>
          new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
      };
      const error = await failure(
        adapter.lookup?.(conn, { scheme: '0002', value: '100000009' }) as Promise<unknown>,
      );
      expect(error.transient).toBe(true);
    }
  });

  test('directory_base_url names another Directory Service', async () => {
    const other = startAfnorMock({
      directory: [
        {
          addressingIdentifier: 'ELSEWHERE',
          platformType: 'WK',
          directoryLineStatus: 'Enabled',
          siren: '400000006',
        },
      ],
    });
    try {
      const conn = connection({
        settings: { directory_base_url: other.directoryUrl },
        secrets: { api_token: mock.staticToken },
      });
      const answer = await adapter.lookup?.(conn, { scheme: '0002', value: '400000006' });
      expect(answer?.detail).toBe('addressing identifier ELSEWHERE on an approved platform (PA)');
      expect(other.requests.map((r) => r.service)).toEqual(['directory']);
      expect(other.problems()).toEqual([]);
      expect(mock.requests).toHaveLength(0);
    } finally {
      other.stop();
    }
  });
});

describe('send', () => {
  test('a Factur-X invoice: a multipart flow with its PDF, flowInfo as JSON, the SHA-256 of the PDF', async () => {
    const outgoing = message();
    const receipt = await adapter.send(connection(), outgoing);
    const [flowId] = [...mock.flows.keys()];
    expect(receipt).toMatchObject({ providerRef: flowId, state: 'submitted' });
    expect(JSON.parse(receipt.raw.body)).toMatchObject({ flowId, trackingId: outgoing.idempotencyUuid });

    const [create] = createRequests();
    expect(create?.parts).toEqual([
      { name: 'flowInfo', contentType: 'application/json', fileName: null, size: expect.any(Number) },
      { name: 'file', contentType: 'application/pdf', fileName: 'F-2026_001.pdf', size: FACTURX_PDF.length },
    ]);
    const sha256 = new Bun.CryptoHasher('sha256').update(FACTURX_PDF).digest('hex');
    expect(create?.body.flowInfo).toEqual({
      trackingId: outgoing.idempotencyUuid,
      name: 'F-2026_001.pdf',
      processingRule: 'B2B',
      flowSyntax: 'Factur-X',
      flowProfile: 'CIUS',
      sha256,
    });
    expect(Buffer.compare(mock.flows.get(flowId ?? '')?.bytes ?? new Uint8Array(), FACTURX_PDF)).toBe(0);
    await mock.settle();
    expect(mock.flows.get(flowId ?? '')?.flow.acknowledgement).toEqual({ status: 'Ok' });
  });

  test('a CII invoice goes as its XML; the settings choose the processing rule and profile', async () => {
    const conn = connection({
      settings: {
        token_url: mock.tokenUrl,
        client_id: mock.clientId,
        processing_rule: 'B2BInt',
        flow_profile: 'Basic',
      },
    });
    await adapter.send(conn, message({ profile: 'xrechnung_cii', pdf: null }));
    const [create] = createRequests();
    expect(create?.body.flowInfo).toMatchObject({
      flowSyntax: 'CII',
      processingRule: 'B2BInt',
      flowProfile: 'Basic',
    });
    expect(create?.parts?.[1]).toMatchObject({ contentType: 'application/xml', fileName: 'F-2026_001.xml' });
  });

  test('Factur-X without a PDF is refused before the platform is asked', async () => {
    const error = await failure(adapter.send(connection(), message({ pdf: null })));
    expect(error.transient).toBe(false);
    expect(createRequests()).toHaveLength(0);
  });

  test('a retried delivery finds its flow by trackingId and deposits nothing twice', async () => {
    const outgoing = message();
    const first = await adapter.send(connection(), outgoing);
    const second = await adapter.send(connection(), outgoing);
    expect(second.providerRef).toBe(first.providerRef);
    expect(createRequests()).toHaveLength(1);
    expect(mock.flows.size).toBe(1);
  });

  test('AlreadyExistingFlow (the search lagged) is the first flow, not a failure', async () => {
    const outgoing = message();
    const first = await adapter.send(connection(), outgoing);
    mock.lagSearch(1);
    const again = await createAfnorAdapter().send(connection(), outgoing);
    expect(again.providerRef).toBe(first.providerRef);
    expect(createRequests().map((r) => r.status)).toEqual([202, 422]);
    expect(mock.flows.size).toBe(1);
  });

  test('a flow refused at deposit (InvalidSchema): poll reports it failed; a retry does not deposit again', async () => {
    const outgoing = message({
      profile: 'xrechnung_cii',
      pdf: null,
      xml: new TextEncoder().encode('<Invoice/>'),
    });
    const receipt = await adapter.send(connection(), outgoing);
    await mock.settle();
    const { events } = (await adapter.poll?.(connection(), null)) ?? { events: [] };
    expect(statuses(events)).toEqual([
      {
        ref: receipt.providerRef,
        state: 'failed',
        reason: 'InvalidSchema: not a UN/CEFACT CII invoice (F-2026_001.xml)',
      },
    ]);
    const retry = await failure(adapter.send(connection(), outgoing));
    expect(retry.transient).toBe(false);
    expect(retry.message).toContain('InvalidSchema');
    expect(createRequests()).toHaveLength(1);
  });
});

describe('transient and permanent failures', () => {
  test('503 and 429 are transient with the Retry-After; a refusal is permanent with its errorCode', async () => {
    mock.down(1, 30);
    const down = await failure(adapter.send(connection(), message()));
    expect(down).toMatchObject({ transient: true, details: { status: 503, retryAfterSeconds: 30 } });
    expect(down.message).toContain('SERVICE_UNAVAILABLE');

    mock.rateLimit(1, 7);
    const limited = await failure(adapter.poll?.(connection(), null) ?? Promise.resolve());
    expect(limited).toMatchObject({ transient: true, details: { status: 429, retryAfterSeconds: 7 } });

    const refused = await failure(
      adapter.send(connection({ secrets: { api_token: 'revoked' }, settings: {} }), message()),
    );
    expect(refused).toMatchObject({ transient: false, details: { status: 401 } });
    expect(refused.message).toContain('UNAUTHORIZED: a valid bearer token is required');
  });

  test('a platform that does not answer is transient', async () => {
    const conn = connection({
      baseUrl: 'http://127.0.0.1:9/flow-service',
      secrets: { api_token: 'x' },
      settings: {},
    });
    const error = await failure(adapter.send(conn, message()));
    expect(error.transient).toBe(true);
    expect(error.message).toContain('did not answer');
  });
});

/** Sends an invoice and has the platform acknowledge it. */

describe("the mock's contract checks", () => {
  test('a malformed search and a malformed createFlow are refused with their problems', async () => {
    const headers = { authorization: `Bearer ${mock.staticToken}` };
    const search = await fetch(`${mock.flowUrl}/v1/flows/search`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 500, where: { trackingID: 'x', flowDirection: ['Sideways'] } }),
    });
    expect(search.status).toBe(400);

    const form = new FormData();
    form.append('flowInfo', JSON.stringify({ name: 'x.pdf', flowSyntax: 'PDF', sha256: 'abc' }));
    form.append('file', new Blob([FACTURX_PDF], { type: 'application/pdf' }), 'x.pdf');
    const create = await fetch(`${mock.flowUrl}/v1/flows`, { method: 'POST', headers, body: form });
    expect(create.status).toBe(400);
    expect(((await create.json()) as { errorCode: string }).errorCode).toBe('INVALID_REQUEST');

    const problems = mock.problems();
    expect(problems).toEqual(
      expect.arrayContaining([
        'POST /v1/flows/search: body.limit: above 100',
        'POST /v1/flows/search: body.where.trackingID: not allowed',
        'POST /v1/flows/search: body.where.flowDirection[0]: "Sideways" is not one of In, Out',
        'POST /v1/flows: flowInfo part: Content-Type none, application/json wanted',
        'POST /v1/flows: body.flowInfo.flowSyntax: "PDF" is not one of CII, UBL, Factur-X, CDAR, FRR',
        'POST /v1/flows: body.flowInfo.sha256: does not match ^[a-f0-9]{64}$',
      ]),
    );
    // Seen and asserted here: the afterEach check is for the adapter's own requests.
    mock.requests.length = 0;
  });
});
