// The Recommand channel against a Recommand stand-in on loopback (test/mocks/recommand.ts): every flow of
// the adapter, every request checked against the API's schema (a test fails on any recorded problem),
// sends that stay single through retries, the inbox acknowledged one poll later, replays, byte-exact
// receiving, and the Invoice Response we write (docs/channel-recommand.md).
import { describe, expect, test } from 'bun:test';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { create } from 'xmlbuilder2';
import {
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
  type OutgoingMessage,
} from '../../src/delivery-channel';
import { toSemantic } from '../../src/einvoicing/semantic/index';
import { serialize } from '../../src/einvoicing/semantic/serialize';
import { parseUntrustedXml } from '../../src/einvoicing/xsd';
import { loadSchema } from '../../src/einvoicing/xsd/schemas';
import {
  buildInvoiceResponse,
  createRecommandAdapter,
  INVOICE_RESPONSE,
  type InvoiceResponseInput,
  readInvoiceResponse,
  recommandAdapter,
} from '../../src/modules/channel-recommand';
import { channelRecommandModule } from '../../src/modules/channel-recommand/module';
import { parseRoot } from '../../src/modules/channel-recommand/ubl';
import { CASES } from '../einvoicing-fixtures';
import { validateRequest } from '../mocks/openapi-validate';
import { OPENAPI, type RecommandMock, startRecommandMock } from '../mocks/recommand';

/** The adapter with short pauses after a lost send answer (10 s and 20 s in production). */
const adapter = createRecommandAdapter({ settleDelaysMs: [200, 400] });

const BUYER = { scheme: '9930', value: 'DE987654321' };
const BUYER_ADDRESS = '9930:DE987654321';
const SUPPLIER_ADDRESS = '0208:0999888777';
const BIS_INVOICE =
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_CREDIT_NOTE =
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const XRECHNUNG_INVOICE =
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0::2.1';

/**
 * A connection as the core hands one in: only loopback is an allowed host, and calls have a time limit.
 * `sendTimeoutMs` limits the sends (POST) only: the lookups after a send that timed out keep 5 s, so a busy
 * machine (the CI beside a benchmark) does not time them out too.
 */
function connection(mock: RecommandMock, overrides: Partial<ChannelConnection> = {}, sendTimeoutMs = 5000) {
  return {
    baseUrl: mock.url,
    settings: { company_id: mock.companyId },
    secrets: { api_key: mock.apiKey, api_secret: mock.apiSecret },
    fetch: (url: string, init?: RequestInit) => {
      if (new URL(url).hostname !== '127.0.0.1') throw new ChannelError(`${url}: host not allowed`, false);
      const limit = init?.method === 'POST' ? sendTimeoutMs : Math.max(sendTimeoutMs, 5000);
      return fetch(url, { ...init, signal: AbortSignal.timeout(limit) });
    },
    now: () => new Date('2026-12-02T10:00:00Z'),
    ...overrides,
  } satisfies ChannelConnection;
}

/** Runs a test on a fresh mock and fails it on any request or answer that breaks the API's schema. */
function contract(name: string, body: (mock: RecommandMock) => Promise<void>) {
  test(name, async () => {
    const mock = startRecommandMock();
    try {
      await body(mock);
      expect(mock.problems()).toEqual([]);
    } finally {
      mock.stop();
    }
  });
}

/** A real e-invoice from the service's own writer, numbered as the test needs. */
function invoiceXml(
  profile: 'peppol_bis_billing_3' | 'xrechnung_ubl',
  number: string,
  creditNote = false,
): string {
  const base = CASES.find((c) => c.input.documentType === (creditNote ? 'credit_note' : 'invoice'));
  if (!base) throw new Error('no fixture');
  return serialize(
    toSemantic({ ...base.input, data: { ...base.input.data, invoice_number: number } }),
    profile,
  );
}

function message(xml: string, number: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    deliveryId: `ndl_${number}`,
    idempotencyKey: `delivery:${number}`,
    idempotencyUuid: '6f1c2b1e-0000-4000-8000-000000000001',
    documentType: 'invoice',
    number,
    xml: new TextEncoder().encode(xml),
    syntax: 'ubl',
    profile: 'peppol_bis_billing_3',
    pdf: null,
    sender: null,
    receiver: BUYER,
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<ChannelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error('expected a ChannelError');
}

const sends = (mock: RecommandMock) =>
  mock.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/send'));
const sentBody = (mock: RecommandMock, index = 0) =>
  (sends(mock)[index]?.body ?? {}) as Record<string, unknown>;

/** A buyer's Invoice Response to our invoice, written as another access point's user would send it. */
function invoiceResponseXml(code: string, invoiceNumber: string, reason?: { code: string; text: string }) {
  const status = reason
    ? `<cac:Status><cbc:StatusReasonCode listID="OPStatusReason">${reason.code}</cbc:StatusReasonCode><cbc:StatusReason>${reason.text}</cbc:StatusReason></cac:Status>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:invoice_response:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:invoice_response:3</cbc:ProfileID>
  <cbc:ID>IMR-${code}-1</cbc:ID>
  <cbc:IssueDate>2026-12-03</cbc:IssueDate>
  <cac:SenderParty><cbc:EndpointID schemeID="9930">DE987654321</cbc:EndpointID><cac:PartyLegalEntity><cbc:RegistrationName>Käufer GmbH</cbc:RegistrationName></cac:PartyLegalEntity></cac:SenderParty>
  <cac:ReceiverParty><cbc:EndpointID schemeID="0208">0123456789</cbc:EndpointID><cac:PartyLegalEntity><cbc:RegistrationName>Mock Supplies BV</cbc:RegistrationName></cac:PartyLegalEntity></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response><cbc:ResponseCode listID="UNCL4343OpSubset">${code}</cbc:ResponseCode>${status}</cac:Response>
    <cac:DocumentReference><cbc:ID>${invoiceNumber}</cbc:ID><cbc:DocumentTypeCode listID="UNCL1001">380</cbc:DocumentTypeCode></cac:DocumentReference>
  </cac:DocumentResponse>
</ApplicationResponse>`;
}

describe('Recommand channel: the adapter as declared', () => {
  test('its module declares it, with the settings and secrets it needs', () => {
    expect(channelRecommandModule.name).toBe('channel-recommand');
    expect(channelRecommandModule.channels).toEqual([recommandAdapter]);
    expect(recommandAdapter).toMatchObject({
      id: 'recommand',
      network: 'peppol',
      defaultBaseUrl: 'https://app.recommand.eu/api',
      secrets: ['api_key', 'api_secret'],
      profiles: ['peppol_bis_billing_3', 'xrechnung_ubl'],
      takesPdf: false,
      receive: 'both',
    });
    expect(Value.Check(recommandAdapter.settings, { company_id: 'c_1' })).toBe(true);
    expect(Value.Check(recommandAdapter.settings, {})).toBe(false);
    expect(Value.Check(recommandAdapter.settings, { company_id: 'c_1', api_key: 'leak' })).toBe(false);
  });
});

describe('Recommand channel: connection and lookup', () => {
  contract('testConnection reads the company with Basic auth', async (mock) => {
    expect(await adapter.testConnection(connection(mock))).toEqual({
      ok: true,
      message: `Recommand answers for company ${mock.companyId} (Mock Supplies BV)`,
    });
    const [request] = mock.requests;
    expect(request?.path).toBe(`/v1/companies/${mock.companyId}`);
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa(`${mock.apiKey}:${mock.apiSecret}`)}`);
  });

  contract('testConnection says what is wrong: the secret, the company, the host', async (mock) => {
    const wrongSecret = await adapter.testConnection(
      connection(mock, { secrets: { api_key: mock.apiKey, api_secret: 'nope' } }),
    );
    expect(wrongSecret).toEqual({ ok: false, message: 'Recommand refused the API key and secret (401)' });
    const otherCompany = await adapter.testConnection(
      connection(mock, { settings: { company_id: 'c_other' } }),
    );
    expect(otherCompany).toEqual({ ok: false, message: 'Recommand has no company c_other for this key' });
    mock.down(1);
    const down = await adapter.testConnection(connection(mock));
    expect(down.ok).toBe(false);
    expect(down.message).toContain('(503)');
  });

  contract('lookup: a participant on Peppol and the billing documents it takes', async (mock) => {
    mock.register(BUYER_ADDRESS, [BIS_INVOICE, BIS_CREDIT_NOTE]);
    const answer = await adapter.lookup?.(connection(mock), BUYER);
    expect(answer).toMatchObject({ reachable: true, invoice: true, creditNote: true });
    expect(answer?.detail).toContain('smp.mock');
    expect(JSON.parse(answer?.raw?.body ?? '{}').supportedDocuments).toHaveLength(2);
    expect(mock.requests[0]?.body).toEqual({ peppolAddress: BUYER_ADDRESS });
  });

  contract(
    'lookup: invoices only, self-billing not counted, unknown participant unreachable',
    async (mock) => {
      mock.register(BUYER_ADDRESS, [
        XRECHNUNG_INVOICE,
        'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0::2.1',
      ]);
      expect(await adapter.lookup?.(connection(mock), BUYER)).toMatchObject({
        reachable: true,
        invoice: true,
        creditNote: false,
      });
      expect(
        await adapter.lookup?.(connection(mock), { scheme: '0088', value: '5790000435975' }),
      ).toMatchObject({
        reachable: false,
        invoice: false,
        creditNote: false,
        detail: null,
      });
    },
  );
});

describe('Recommand channel: a lookup answer it cannot read', () => {
  test('is transient (try again), never a verdict that the participant is unreachable', async () => {
    for (const [body, type] of [
      ['{"success":true}', 'application/json'],
      ['{"success":true,"isValid":"maybe"}', 'application/json'],
      ['<html>gateway</html>', 'text/html'],
    ] as const) {
      const conn: ChannelConnection = {
        baseUrl: 'https://app.recommand.example/api',
        settings: { company_id: 'c_1' },
        secrets: { api_key: 'k', api_secret: 's' },
        fetch: async () => new Response(body, { status: 200, headers: { 'content-type': type } }),
        now: () => new Date('2026-12-02T10:00:00Z'),
      };
      const error = await adapter.lookup?.(conn, BUYER).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ChannelError);
      expect((error as ChannelError).transient).toBe(true);
    }
  });
});

describe('Recommand channel: sending', () => {
  contract('a Peppol BIS invoice is delivered synchronously, its XML sent unchanged', async (mock) => {
    const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0001');
    const receipt = await adapter.send(connection(mock), message(xml, 'RE-2026-0001'));
    const [stored] = mock.sent();
    expect(receipt.providerRef).toBe(stored?.id as string);
    expect(receipt.state).toBe('delivered');
    expect(JSON.parse(receipt.raw.body)).toMatchObject({
      success: true,
      id: stored?.id,
      sentOverPeppol: true,
    });
    expect(stored?.xml).toBe(xml);
    expect(stored?.receiverId).toBe(BUYER_ADDRESS);
    // The lookup comes first, then the one send, with the document type and process stated.
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/documents',
      `POST /v1/${mock.companyId}/send`,
    ]);
    expect(mock.requests[0]?.query.get('search')).toBe('RE-2026-0001');
    expect(sends(mock)[0]?.body).toEqual({
      recipient: BUYER_ADDRESS,
      documentType: 'xml',
      document: xml,
      doctypeId: BIS_INVOICE,
      processId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    });
  });

  contract(
    'an XRechnung states its own document type (Recommand would not detect its process)',
    async (mock) => {
      const xml = invoiceXml('xrechnung_ubl', 'RE-2026-0002');
      await adapter.send(connection(mock), message(xml, 'RE-2026-0002', { profile: 'xrechnung_ubl' }));
      expect(sentBody(mock).doctypeId).toBe(XRECHNUNG_INVOICE);
      expect(mock.sent()[0]?.type).toBe('unknown');
    },
  );

  contract('a credit note goes as a CreditNote document type', async (mock) => {
    const xml = invoiceXml('peppol_bis_billing_3', 'GS-2026-0001', true);
    const receipt = await adapter.send(
      connection(mock),
      message(xml, 'GS-2026-0001', { documentType: 'credit_note' }),
    );
    expect(receipt.state).toBe('delivered');
    expect(sentBody(mock).doctypeId).toBe(BIS_CREDIT_NOTE);
  });

  contract('a send whose answer is lost (a 504 after sending) is found, not sent again', async (mock) => {
    const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0003');
    mock.loseNextSendAnswer('gateway');
    const receipt = await adapter.send(connection(mock), message(xml, 'RE-2026-0003'));
    expect(mock.sent()).toHaveLength(1);
    expect(receipt).toMatchObject({ providerRef: mock.sent()[0]?.id, state: 'delivered' });
    expect(JSON.parse(receipt.raw.body).document.id).toBe(mock.sent()[0]?.id);
    expect(mock.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /v1/documents 200',
      `POST /v1/${mock.companyId}/send 504`,
      'GET /v1/documents 200',
    ]);
    // The job's retry (the core never saw the receipt, say) finds it too.
    const retried = await adapter.send(connection(mock), message(xml, 'RE-2026-0003'));
    expect(retried.providerRef).toBe(receipt.providerRef);
    expect(sends(mock)).toHaveLength(1);
  });

  contract(
    'a send that timed out on our side after Recommand sent it is found, not sent again',
    async (mock) => {
      const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0004');
      mock.loseNextSendAnswer('hang', 1500);
      const receipt = await adapter.send(connection(mock, {}, 300), message(xml, 'RE-2026-0004'));
      expect(receipt.providerRef).toBe(mock.sent()[0]?.id as string);
      expect(mock.sent()).toHaveLength(1);
    },
  );

  contract(
    'an AS4 exchange slower than our time limit: the pause lets it finish, it is found',
    async (mock) => {
      const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0014');
      mock.slowNextSend(600);
      // Timed out at 200 ms; looked up again at about 300 ms (not yet stored) and 900 ms (stored at 600).
      const receipt = await createRecommandAdapter({ settleDelaysMs: [100, 600] }).send(
        connection(mock, {}, 200),
        message(xml, 'RE-2026-0014'),
      );
      expect(receipt.providerRef).toBe(mock.sent()[0]?.id as string);
      expect(mock.sent()).toHaveLength(1);
      // The send and one or two lookups: on a loaded machine the first lookup may come after the store.
      const documentCalls = mock.requests.filter((r) => r.path === '/v1/documents').length;
      expect(documentCalls).toBeGreaterThanOrEqual(2);
      expect(documentCalls).toBeLessThanOrEqual(3);
    },
  );

  contract(
    'slower still: the failure is reported, and the retry after it went out does not send twice',
    async (mock) => {
      const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0015');
      mock.slowNextSend(1500);
      const lost = await refusal(adapter.send(connection(mock, {}, 200), message(xml, 'RE-2026-0015')));
      expect(lost.transient).toBe(true);
      expect(lost.message).toContain('could not be reached');
      expect(mock.sent()).toHaveLength(0);
      for (let waited = 0; mock.sent().length === 0 && waited < 5000; waited += 50) await Bun.sleep(50);
      const retried = await adapter.send(connection(mock), message(xml, 'RE-2026-0015'));
      expect(retried.providerRef).toBe(mock.sent()[0]?.id as string);
      expect(sends(mock)).toHaveLength(1);
    },
  );

  contract(
    "a proxy's 502 before Recommand: looked up again, reported transient, sent once on retry",
    async (mock) => {
      const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0016');
      mock.failNextSend(502);
      const error = await refusal(adapter.send(connection(mock), message(xml, 'RE-2026-0016')));
      expect([error.transient, error.details.status]).toEqual([true, 502]);
      expect(error.details.raw?.contentType).toBe('text/html');
      expect(mock.requests.filter((r) => r.path === '/v1/documents')).toHaveLength(3);
      expect(mock.sent()).toHaveLength(0);
      await adapter.send(connection(mock), message(xml, 'RE-2026-0016'));
      expect(mock.sent()).toHaveLength(1);
    },
  );

  contract('an XRechnung whose answer was lost is found by its content, not sent twice', async (mock) => {
    const xml = invoiceXml('xrechnung_ubl', 'RE-2026-0005');
    const other = invoiceXml('xrechnung_ubl', 'RE-2026-0099');
    await adapter.send(connection(mock), message(other, 'RE-2026-0099', { profile: 'xrechnung_ubl' }));
    mock.loseNextSendAnswer('gateway');
    const receipt = await adapter.send(
      connection(mock),
      message(xml, 'RE-2026-0005', { profile: 'xrechnung_ubl' }),
    );
    expect(mock.sent().map((d) => d.xml === xml)).toEqual([false, true]);
    expect(receipt.providerRef).toBe(mock.sent()[1]?.id as string);
    // Recommand cannot search an XRechnung by number: the recipient's newest unparsed documents are read.
    const lookups = mock.requests.filter((r) => r.method === 'GET' && r.path === '/v1/documents');
    expect(lookups.at(-1)?.query.get('type')).toBe('unknown');
    expect(lookups.at(-1)?.query.get('search')).toBe(BUYER_ADDRESS);
  });

  contract('another invoice whose number contains ours is not taken for it', async (mock) => {
    await adapter.send(connection(mock), message(invoiceXml('peppol_bis_billing_3', 'RE-10'), 'RE-10'));
    const receipt = await adapter.send(
      connection(mock),
      message(invoiceXml('peppol_bis_billing_3', 'RE-1'), 'RE-1'),
    );
    expect(mock.sent()).toHaveLength(2);
    expect(receipt.providerRef).toBe(mock.sent()[1]?.id as string);
  });

  contract('the same number sent to another recipient is not taken for this send', async (mock) => {
    const xml = invoiceXml('peppol_bis_billing_3', 'RE-2026-0006');
    await adapter.send(
      connection(mock),
      message(xml, 'RE-2026-0006', { receiver: { scheme: '0208', value: '0555444333' } }),
    );
    await adapter.send(connection(mock), message(xml, 'RE-2026-0006'));
    expect(mock.sent().map((d) => d.receiverId)).toEqual(['0208:0555444333', BUYER_ADDRESS]);
  });

  contract("an unreachable recipient (422) fails for good, with Recommand's words", async (mock) => {
    mock.unreachable(BUYER_ADDRESS);
    const error = await refusal(
      adapter.send(connection(mock), message(invoiceXml('peppol_bis_billing_3', 'RE-7'), 'RE-7')),
    );
    expect(error.transient).toBe(false);
    expect(error.details.status).toBe(422);
    expect(error.message).toContain('No SMP entry for participant 9930:DE987654321');
    expect(JSON.parse(error.details.raw?.body ?? '{}').success).toBe(false);
    expect(mock.sent()).toHaveLength(0);
  });

  contract(
    "a document Recommand's validation refuses (400) fails for good, each rule named",
    async (mock) => {
      mock.failValidation({
        'cbc:BuyerReference': ['BR-DE-15: The element "Buyer reference" must be transmitted.'],
      });
      const error = await refusal(
        adapter.send(connection(mock), message(invoiceXml('peppol_bis_billing_3', 'RE-8'), 'RE-8')),
      );
      expect(error.transient).toBe(false);
      expect(error.details.status).toBe(400);
      expect(error.message).toContain('Document validation failed');
      expect(error.message).toContain('cbc:BuyerReference: BR-DE-15');
    },
  );

  contract(
    'Recommand down for a while: each attempt fails transiently, nothing is sent until it is back',
    async (mock) => {
      const xml = invoiceXml('peppol_bis_billing_3', 'RE-9');
      mock.down(3);
      for (let attempt = 0; attempt < 3; attempt++) {
        const error = await refusal(adapter.send(connection(mock), message(xml, 'RE-9')));
        expect([error.transient, error.details.status]).toEqual([true, 503]);
      }
      expect(mock.sent()).toHaveLength(0);
      await adapter.send(connection(mock), message(xml, 'RE-9'));
      expect(mock.sent()).toHaveLength(1);
    },
  );

  contract('rate limited: transient, with the Retry-After Recommand gave', async (mock) => {
    mock.rateLimit(17);
    const error = await refusal(
      adapter.send(connection(mock), message(invoiceXml('peppol_bis_billing_3', 'RE-11'), 'RE-11')),
    );
    expect(error).toMatchObject({ transient: true, details: { status: 429, retryAfterSeconds: 17 } });
    expect(mock.sent()).toHaveLength(0);
  });

  test('nobody listening: transient; a host outside the allowed ones: refused as the core refused it', async () => {
    const mock = startRecommandMock();
    const conn = connection(mock);
    mock.stop();
    const error = await refusal(
      adapter.send(conn, message(invoiceXml('peppol_bis_billing_3', 'RE-12'), 'RE-12')),
    );
    expect(error.transient).toBe(true);
    const outside = await refusal(
      adapter.send(
        { ...conn, baseUrl: 'https://app.recommand.eu/api' },
        message(invoiceXml('peppol_bis_billing_3', 'RE-12'), 'RE-12'),
      ),
    );
    expect(outside.transient).toBe(false);
    expect(outside.message).toEndWith('host not allowed');
  });

  contract('what Recommand cannot take is refused before any request', async (mock) => {
    const cii = await refusal(adapter.send(connection(mock), message('<x/>', 'RE-13', { syntax: 'cii' })));
    const notUbl = await refusal(adapter.send(connection(mock), message('<Invoice/>', 'RE-13')));
    expect([cii.transient, notUbl.transient]).toEqual([false, false]);
    expect(mock.requests).toHaveLength(0);
  });
});

describe('Recommand channel: receiving', () => {
  const supplierInvoice = () => invoiceXml('xrechnung_ubl', 'LF-2026-0815');

  contract(
    'the inbox is answered as received documents, byte for byte, acknowledged on the next poll',
    async (mock) => {
      const xml = supplierInvoice();
      const doc = mock.receive(xml, { senderId: SUPPLIER_ADDRESS, docTypeId: XRECHNUNG_INVOICE });
      const first = await adapter.poll?.(connection(mock), null);
      expect(first?.events).toHaveLength(1);
      const [event] = first?.events ?? [];
      if (event?.kind !== 'received') throw new Error('expected a received document');
      expect(Buffer.from(event.bytes).equals(Buffer.from(xml, 'utf8'))).toBe(true);
      expect(event).toMatchObject({
        providerRef: doc.id,
        contentType: 'application/xml',
        sender: { scheme: '0208', value: '0999888777' },
        transport: {
          recommandDocumentId: doc.id,
          peppolMessageId: doc.peppolMessageId,
          envelopeId: doc.envelopeId,
          senderId: SUPPLIER_ADDRESS,
          receiverId: mock.address,
          docTypeId: XRECHNUNG_INVOICE,
        },
      });
      expect(JSON.parse(event.raw.body)).toMatchObject({ id: doc.id, direction: 'incoming' });
      // Fetched, not yet acknowledged: the core stores the events and the cursor first.
      expect(first?.cursor).toBe(JSON.stringify([doc.id]));
      expect(mock.requests.some((r) => r.path.endsWith('/mark-as-read'))).toBe(false);
      expect(doc.readAt).toBeNull();

      const second = await adapter.poll?.(connection(mock), first?.cursor ?? null);
      expect(second).toEqual({ events: [], cursor: null });
      expect(
        mock.requests.filter((r) => r.path.endsWith('/mark-as-read')).map((r) => [r.path, r.body]),
      ).toEqual([[`/v1/documents/${doc.id}/mark-as-read`, { read: true }]]);
      expect(doc.readAt).not.toBeNull();
      const inboxRead = mock.requests.findLast((r) => r.path === '/v1/inbox');
      expect(inboxRead?.query.get('companyId')).toBe(mock.companyId);
    },
  );

  contract(
    'a crash between fetching and storing loses nothing: the same documents come again',
    async (mock) => {
      const a = mock.receive(supplierInvoice(), { senderId: SUPPLIER_ADDRESS, docTypeId: XRECHNUNG_INVOICE });
      const b = mock.receive(invoiceXml('peppol_bis_billing_3', 'LF-2'), {
        senderId: SUPPLIER_ADDRESS,
        docTypeId: BIS_INVOICE,
      });
      const first = await adapter.poll?.(connection(mock), null);
      // The core never stored `first` (its cursor included): it polls again from the cursor it had.
      const again = await adapter.poll?.(connection(mock), null);
      const refs = (events: ChannelEvent[] | undefined) => (events ?? []).map((e) => e.providerRef);
      expect(refs(first?.events)).toEqual([a.id, b.id]);
      expect(refs(again?.events)).toEqual([a.id, b.id]);
      expect([a.readAt, b.readAt]).toEqual([null, null]);
    },
  );

  contract(
    'a document arriving between two polls is answered by the second, the first ones acknowledged',
    async (mock) => {
      const a = mock.receive(supplierInvoice(), { senderId: SUPPLIER_ADDRESS, docTypeId: XRECHNUNG_INVOICE });
      const first = await adapter.poll?.(connection(mock), null);
      const b = mock.receive(invoiceXml('peppol_bis_billing_3', 'LF-3'), {
        senderId: SUPPLIER_ADDRESS,
        docTypeId: BIS_INVOICE,
      });
      const second = await adapter.poll?.(connection(mock), first?.cursor ?? null);
      expect(second?.events.map((e) => e.providerRef)).toEqual([b.id]);
      expect(second?.cursor).toBe(JSON.stringify([b.id]));
      expect([a.readAt !== null, b.readAt]).toEqual([true, null]);
    },
  );

  contract(
    "a buyer's Invoice Response rejecting our invoice is a status of our delivery, with the reason",
    async (mock) => {
      const sent = await adapter.send(
        connection(mock),
        message(invoiceXml('peppol_bis_billing_3', 'RE-2026-0100'), 'RE-2026-0100'),
      );
      const response = invoiceResponseXml('RE', 'RE-2026-0100', {
        code: 'REF',
        text: 'Bestellnummer 4711 fehlt',
      });
      const doc = mock.receive(response, {
        senderId: BUYER_ADDRESS,
        docTypeId: INVOICE_RESPONSE.doctypeId,
        processId: INVOICE_RESPONSE.processId,
      });
      const polled = await adapter.poll?.(connection(mock), null);
      expect(polled?.events).toEqual([
        {
          kind: 'status',
          providerRef: sent.providerRef,
          state: 'rejected',
          at: doc.createdAt,
          reason: 'Bestellnummer 4711 fehlt (REF)',
          raw: { contentType: 'application/xml', body: response },
        },
      ]);
      expect(polled?.cursor).toBe(JSON.stringify([doc.id]));
    },
  );

  contract("an Invoice Response to an XRechnung we sent is traced by the invoice's content", async (mock) => {
    const sent = await adapter.send(
      connection(mock),
      message(invoiceXml('xrechnung_ubl', 'RE-2026-0101'), 'RE-2026-0101', { profile: 'xrechnung_ubl' }),
    );
    mock.receive(invoiceResponseXml('AP', 'RE-2026-0101'), {
      senderId: BUYER_ADDRESS,
      docTypeId: INVOICE_RESPONSE.doctypeId,
    });
    mock.receive(invoiceResponseXml('PD', 'RE-2026-0101'), {
      senderId: BUYER_ADDRESS,
      docTypeId: INVOICE_RESPONSE.doctypeId,
    });
    const polled = await adapter.poll?.(connection(mock), null);
    expect(polled?.events.map((e) => e.kind === 'status' && [e.providerRef, e.state, e.reason])).toEqual([
      [sent.providerRef, 'accepted', null],
      [sent.providerRef, 'paid', null],
    ]);
  });

  contract(
    'responses without a delivery state, or for no invoice of ours, are taken without an event',
    async (mock) => {
      await adapter.send(
        connection(mock),
        message(invoiceXml('peppol_bis_billing_3', 'RE-2026-0102'), 'RE-2026-0102'),
      );
      const ab = mock.receive(invoiceResponseXml('AB', 'RE-2026-0102'), {
        senderId: BUYER_ADDRESS,
        docTypeId: INVOICE_RESPONSE.doctypeId,
      });
      const unknown = mock.receive(invoiceResponseXml('AP', 'NOT-OURS-1'), {
        senderId: BUYER_ADDRESS,
        docTypeId: INVOICE_RESPONSE.doctypeId,
      });
      const polled = await adapter.poll?.(connection(mock), null);
      expect(polled).toEqual({ events: [], cursor: JSON.stringify([ab.id, unknown.id]) });
      await adapter.poll?.(connection(mock), polled?.cursor ?? null);
      expect([ab.readAt !== null, unknown.readAt !== null]).toEqual([true, true]);
    },
  );

  contract(
    'a webhook call is read from Recommand; replayed, it answers the same; it acknowledges nothing',
    async (mock) => {
      const xml = supplierInvoice();
      const doc = mock.receive(xml, { senderId: SUPPLIER_ADDRESS, docTypeId: XRECHNUNG_INVOICE });
      const call = mock.webhookCall(doc.id);
      const first = await adapter.webhook?.(connection(mock), call);
      const replay = await adapter.webhook?.(connection(mock), call);
      expect(first).toHaveLength(1);
      expect(replay).toEqual(first as ChannelEvent[]);
      const [event] = first ?? [];
      expect(event?.kind === 'received' && Buffer.from(event.bytes).toString('utf8')).toBe(xml);
      expect(doc.readAt).toBeNull();
      // The poll later answers the same document under the same providerRef: the core takes it once.
      const polled = await adapter.poll?.(connection(mock), null);
      expect(polled?.events.map((e) => e.providerRef)).toEqual([doc.id]);
    },
  );

  contract(
    'webhook calls that are not ours or not about a received document answer nothing',
    async (mock) => {
      const doc = mock.receive(supplierInvoice(), {
        senderId: SUPPLIER_ADDRESS,
        docTypeId: XRECHNUNG_INVOICE,
      });
      const body = (event: Record<string, unknown>) => ({
        headers: new Headers({ 'content-type': 'application/json' }),
        body: new TextEncoder().encode(JSON.stringify(event)),
      });
      const conn = connection(mock);
      expect(
        await adapter.webhook?.(conn, body({ eventType: 'company.verification', companyId: mock.companyId })),
      ).toEqual([]);
      expect(
        await adapter.webhook?.(
          conn,
          body({ eventType: 'document.received', documentId: doc.id, companyId: 'c_other' }),
        ),
      ).toEqual([]);
      // A forged id: Recommand has no such document for our key.
      expect(
        await adapter.webhook?.(
          conn,
          body({ eventType: 'document.received', documentId: 'doc_forged', companyId: mock.companyId }),
        ),
      ).toEqual([]);
      const garbage = await refusal(
        adapter.webhook?.(conn, { headers: new Headers(), body: new TextEncoder().encode('{') }) ??
          Promise.resolve(),
      );
      expect(garbage.transient).toBe(false);
    },
  );
});

describe('Recommand channel: answering a received invoice', () => {
  contract("a rejection goes to the invoice's sender as a Peppol BIS Invoice Response", async (mock) => {
    const xml = invoiceXml('peppol_bis_billing_3', 'LF-2026-0900');
    const doc = mock.receive(xml, { senderId: SUPPLIER_ADDRESS, docTypeId: BIS_INVOICE });
    const polled = await adapter.poll?.(connection(mock), null);
    const [event] = polled?.events ?? [];
    if (event?.kind !== 'received') throw new Error('expected a received document');
    const raw = await adapter.respond?.(
      connection(mock),
      { providerRef: event.providerRef, transport: event.transport },
      {
        state: 'rejected',
        reason: 'USt-IdNr. des Käufers fehlt & falsch',
        invoiceNumber: null,
        issueDate: null,
        documentType: 'invoice',
        sender: null,
        receiver: null,
      },
    );
    expect(JSON.parse(raw?.body ?? '{}')).toMatchObject({ success: true, sentOverPeppol: true });
    const request = sends(mock)[0]?.body as Record<string, string>;
    expect(request).toMatchObject({
      recipient: SUPPLIER_ADDRESS,
      documentType: 'xml',
      doctypeId: INVOICE_RESPONSE.doctypeId,
      processId: INVOICE_RESPONSE.processId,
    });
    const root = parseRoot(request.document as string);
    expect(readInvoiceResponse(root)).toEqual({
      code: 'RE',
      state: 'rejected',
      reason: 'USt-IdNr. des Käufers fehlt & falsch',
      invoiceNumber: 'LF-2026-0900',
      documentTypeCode: '380',
    });
    const obj = create(request.document as string).end({ format: 'object' }) as any;
    const ar = obj.ApplicationResponse;
    expect(ar['cbc:ID']).toBe(`${doc.id}-RE`);
    expect(ar['cbc:IssueDate']).toBe('2026-12-02');
    // Answering as the buyer the invoice was addressed to, to the seller who sent it.
    expect(ar['cac:SenderParty']['cbc:EndpointID']).toEqual({ '@schemeID': '0208', '#': '0123456789' });
    expect(ar['cac:ReceiverParty']['cbc:EndpointID']).toEqual({ '@schemeID': '0208', '#': '0999888777' });
    expect(typeof ar['cac:SenderParty']['cac:PartyLegalEntity']['cbc:RegistrationName']).toBe('string');
    expect(ar['cac:DocumentResponse']['cac:Response']['cac:Status']['cbc:StatusReasonCode']).toEqual({
      '@listID': 'OPStatusReason',
      '#': 'OTH',
    });
    expect(mock.sent().at(-1)?.type).toBe('unknown');
  });

  contract('answering a document Recommand no longer has fails for good', async (mock) => {
    const error = await refusal(
      adapter.respond?.(
        connection(mock),
        { providerRef: 'doc_gone', transport: {} },
        {
          state: 'accepted',
          reason: null,
          invoiceNumber: null,
          issueDate: null,
          documentType: 'invoice',
          sender: null,
          receiver: null,
        },
      ) ?? Promise.resolve(),
    );
    expect(error.transient).toBe(false);
    expect(sends(mock)).toHaveLength(0);
  });
});

describe('Recommand channel: the Invoice Response we write', () => {
  const input = (state: InvoiceResponseInput['state'], reason: string | null): InvoiceResponseInput => ({
    id: 'doc_1-X',
    issueDate: '2026-12-02',
    state,
    reason,
    sender: { endpoint: { scheme: '0208', value: '0123456789' }, name: 'Käufer & Söhne <GmbH>' },
    receiver: { endpoint: { scheme: '9930', value: 'DE987654321' }, name: 'Lieferant AG' },
    invoice: { number: 'RE-2026-0001', issueDate: '2026-11-02', typeCode: '380' },
  });

  test('each answer carries its code; a rejection its clarification; the text round-trips', () => {
    for (const [state, code] of [
      ['accepted', 'AP'],
      ['rejected', 'RE'],
      ['paid', 'PD'],
    ] as const) {
      const xml = buildInvoiceResponse(
        input(state, state === 'accepted' ? null : 'Grund: <falsch> & "anders"'),
      );
      const read = readInvoiceResponse(parseRoot(xml));
      expect(read).toEqual({
        code,
        state,
        reason: state === 'accepted' ? null : 'Grund: <falsch> & "anders"',
        invoiceNumber: 'RE-2026-0001',
        documentTypeCode: '380',
      });
      expect(xml).toContain(`<cbc:CustomizationID>${INVOICE_RESPONSE.customizationId}</cbc:CustomizationID>`);
      expect(xml).toContain(`<cbc:ProfileID>${INVOICE_RESPONSE.profileId}</cbc:ProfileID>`);
      expect(xml.includes('listID="OPStatusReason">OTH<')).toBe(code === 'RE');
    }
    // A rejection without words still has its code and a reason (T111-R001, R002).
    const bare = buildInvoiceResponse(input('rejected', null));
    expect(readInvoiceResponse(parseRoot(bare))?.reason).toBe('Rejected');
    expect(buildInvoiceResponse(input('accepted', null))).not.toContain('cac:Status');
  });

  test('it is valid against the UBL 2.1 ApplicationResponse schema', async () => {
    // The schema imports its common modules from ../common: the pack's copy, beside this maindoc.
    const dir = mkdtempSync(join(tmpdir(), 'ubl-ar-'));
    try {
      mkdirSync(join(dir, 'xsd/ubl-2.1/maindoc'), { recursive: true });
      cpSync(
        join(import.meta.dir, '../../assets/rulesets/xsd/ubl-2.1/common'),
        join(dir, 'xsd/ubl-2.1/common'),
        { recursive: true },
      );
      const path = join(dir, 'xsd/ubl-2.1/maindoc/UBL-ApplicationResponse-2.1.xsd');
      cpSync(join(import.meta.dir, '../mocks/xsd/UBL-ApplicationResponse-2.1.xsd'), path);
      const schema = await loadSchema(dir, {
        id: 'ubl-application-response',
        path,
        available: true,
        reason: null,
      });
      for (const state of ['accepted', 'rejected', 'paid'] as const) {
        const doc = await parseUntrustedXml(buildInvoiceResponse(input(state, 'Text & <mehr>')));
        try {
          expect(() => schema.validator.validate(doc)).not.toThrow();
        } finally {
          doc.dispose();
        }
      }
      // The check can fail: the same document with its elements out of the schema's order.
      const swapped = buildInvoiceResponse(input('accepted', null)).replace(
        /(<cbc:ID>doc_1-X<\/cbc:ID>)(\s*)(<cbc:IssueDate>2026-12-02<\/cbc:IssueDate>)/,
        '$3$2$1',
      );
      const bad = await parseUntrustedXml(swapped);
      try {
        expect(() => schema.validator.validate(bad)).toThrow();
      } finally {
        bad.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Message Level Responses and other documents are no Invoice Response', () => {
    const mlr = invoiceResponseXml('RE', 'X').replace(
      'urn:fdc:peppol.eu:poacc:trns:invoice_response:3</cbc:CustomizationID>',
      'urn:fdc:peppol.eu:poacc:trns:mlr:3</cbc:CustomizationID>',
    );
    expect(readInvoiceResponse(parseRoot(mlr))).toBeNull();
    expect(readInvoiceResponse(parseRoot(invoiceXml('peppol_bis_billing_3', 'X')))).toBeNull();
    expect(readInvoiceResponse(parseRoot('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'))).toBeNull();
  });
});

describe('Recommand channel: the schema check itself', () => {
  test('a misspelt or missing field is a problem, so a contract test can fail', () => {
    const path = '/v1/c_1/send';
    const good = { recipient: BUYER_ADDRESS, documentType: 'xml', document: '<Invoice/>' };
    expect(validateRequest(OPENAPI, 'POST', path, { body: good })).toEqual([]);
    expect(validateRequest(OPENAPI, 'POST', path, { body: { ...good, doctypeID: 'x' } })).toEqual([
      'body.doctypeID: not allowed',
    ]);
    expect(
      validateRequest(OPENAPI, 'POST', path, { body: { document: '<Invoice/>', documentType: 'XML' } }),
    ).toEqual([
      'body.recipient: required',
      'body.documentType: "XML" is not one of invoice, creditNote, selfBillingInvoice, selfBillingCreditNote, messageLevelResponse, xml',
    ]);
    expect(validateRequest(OPENAPI, 'GET', '/v1/documents', { query: { limit: '500' } })).toEqual([
      'query parameter limit: above 200',
    ]);
  });

  contract('the mock refuses a request its schema refuses, and records it', async (mock) => {
    const response = await fetch(`${mock.url}/v1/verify`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${mock.apiKey}:${mock.apiSecret}`)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ address: BUYER_ADDRESS }),
    });
    expect(response.status).toBe(400);
    expect(mock.problems()).toEqual([
      'POST /v1/verify: body.peppolAddress: required',
      'POST /v1/verify: body.address: not allowed',
    ]);
    mock.requests.length = 0;
  });
});
