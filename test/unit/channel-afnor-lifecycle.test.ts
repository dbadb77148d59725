// The afnor-pa channel's lifecycle against the French approved platform stand-in (test/mocks/afnor-pa.ts):
// CDAR statuses by poll and by signed callback, received invoices, and the buyer's answers; each test ends
// by asserting the mock saw no contract problem.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { ChannelAdapter, InvoiceResponse } from '../../src/delivery-channel';
import { createAfnorAdapter } from '../../src/modules/channel-afnor/adapter';
import { readCdar } from '../../src/modules/channel-afnor/cdar';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import {
  CII_XML,
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

async function sent(number = 'F-2026/001'): Promise<string> {
  const receipt = await adapter.send(connection(), message({ number }));
  await mock.settle();
  return receipt.providerRef;
}

describe('lifecycle statuses (CDAR) by poll', () => {
  test('200 → 202 → 203 → 205, each with its code and French label; the cursor moves past them', async () => {
    const flowId = await sent();
    for (const code of ['200', '202', '203', '205']) await mock.lifecycle(flowId, code);
    const first = await adapter.poll?.(connection(), null);
    expect(statuses(first?.events ?? [])).toEqual([
      { ref: flowId, state: 'submitted', reason: '200 Déposée' },
      { ref: flowId, state: 'delivered', reason: '202 Reçue par la plateforme' },
      { ref: flowId, state: 'delivered', reason: '203 Mise à disposition' },
      { ref: flowId, state: 'accepted', reason: '205 Approuvée' },
    ]);
    const accepted = first?.events.at(-1);
    expect(accepted?.raw).toMatchObject({ contentType: 'application/xml' });
    expect(accepted?.raw.body).toContain('<ram:ProcessConditionCode>205</ram:ProcessConditionCode>');
    const newest = [...mock.flows.values()]
      .map((f) => f.flow.updatedAt as string)
      .sort()
      .at(-1);
    expect(first?.cursor).toBe(newest ?? 'none');

    const again = await adapter.poll?.(connection(), first?.cursor ?? null);
    expect(again?.events).toEqual([]);
    expect(again?.cursor).toBe(first?.cursor ?? null);
  });

  test('210 Refusée carries the CDAR reason; 207 is a note on delivered; 211 and 212 are paid', async () => {
    const flowId = await sent();
    const start = (await adapter.poll?.(connection(), null))?.cursor ?? null;
    await mock.lifecycle(flowId, '207', {
      label: 'En_litige',
      reasonCode: 'TX_TVA_ERR',
      reason: 'Taux de TVA erroné',
    });
    await mock.lifecycle(flowId, '210', { reasonCode: 'TX_TVA_ERR', reason: 'Taux de TVA erroné' });
    const other = await sent('F-2026/002');
    await mock.lifecycle(other, '211');
    await mock.lifecycle(other, '212');
    const { events } = (await adapter.poll?.(connection(), start)) ?? { events: [] };
    expect(statuses(events)).toEqual([
      { ref: flowId, state: 'delivered', reason: '207 En litige: TX_TVA_ERR: Taux de TVA erroné' },
      { ref: flowId, state: 'rejected', reason: '210 Refusée: TX_TVA_ERR: Taux de TVA erroné' },
      { ref: other, state: 'paid', reason: '211 Paiement transmis' },
      { ref: other, state: 'paid', reason: '212 Encaissée' },
    ]);
  });

  test('after a restart (a new adapter, nothing remembered) a status still finds its flow', async () => {
    const flowId = await sent('F-2026/777');
    // The cursor is past our flow: the restarted adapter never sees it in its own poll.
    const cursor = (await adapter.poll?.(connection(), null))?.cursor ?? null;
    await mock.lifecycle(flowId, '205');
    const restarted = createAfnorAdapter();
    const { events } = (await restarted.poll?.(connection(), cursor)) ?? { events: [] };
    expect(statuses(events)).toEqual([{ ref: flowId, state: 'accepted', reason: '205 Approuvée' }]);
    const scan = mock.requests.find(
      (r) => r.body?.where?.flowDirection?.[0] === 'Out' && r.body.where.updatedAfter,
    );
    expect(scan?.status).toBe(200);
  });

  test('a status about an invoice that is not ours is passed over', async () => {
    const flowId = await sent();
    await mock.lifecycle(flowId, '205', { invoiceNumber: 'SOMEONE-ELSES-1' });
    const { events, cursor } = (await adapter.poll?.(connection(), null)) ?? { events: [], cursor: null };
    expect(events).toEqual([]);
    expect(cursor).not.toBeNull();
  });
});

/** A loopback receiver for the platform's callbacks. */
function startReceiver() {
  const received: { headers: Headers; body: Uint8Array }[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      received.push({ headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      return new Response(null, { status: 200 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hooks/afnor`, received, stop: () => server.stop(true) };
}

async function subscribe(url: string, metadata: Record<string, string>, secret = 'hook-secret') {
  const response = await fetch(`${mock.flowUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.staticToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      callback: { url, signature: { algo: 'HS256', key: Buffer.from(secret).toString('base64') } },
      metadata,
    }),
  });
  expect(response.status).toBe(201);
}

describe('webhook', () => {
  test('a signed callback gives the status; a replay gives the same; a forged one is refused', async () => {
    const receiver = startReceiver();
    try {
      await subscribe(receiver.url, { flowDirection: 'In', flowType: 'CustomerInvoiceLC' });
      const flowId = await sent();
      await mock.lifecycle(flowId, '205');
      expect(receiver.received).toHaveLength(1);
      const callback = receiver.received[0] ?? { headers: new Headers(), body: new Uint8Array() };
      expect(callback.headers.get('signature')).toMatch(/^[A-Za-z0-9+/]+=*$/);

      const events = await adapter.webhook?.(connection(), callback);
      expect(statuses(events ?? [])).toEqual([{ ref: flowId, state: 'accepted', reason: '205 Approuvée' }]);

      expect(await mock.replay(0)).toBe(200);
      const replayed = receiver.received[1] ?? { headers: new Headers(), body: new Uint8Array() };
      expect(Buffer.compare(replayed.body, callback.body)).toBe(0);
      // The same report twice: identical events, which the channels core keeps once (by digest).
      expect(await adapter.webhook?.(connection(), replayed)).toEqual(events ?? []);

      const tampered = new Uint8Array(callback.body);
      tampered[tampered.length - 2] = tampered[tampered.length - 2] === 0x20 ? 0x0a : 0x20;
      const forged = await failure(
        adapter.webhook?.(connection(), { headers: callback.headers, body: tampered }) ?? Promise.resolve(),
      );
      expect(forged).toMatchObject({ transient: false, details: { status: 401 } });
      expect(forged.message).toContain('does not match');

      const unsigned = await failure(
        adapter.webhook?.(connection(), { headers: new Headers(), body: callback.body }) ?? Promise.resolve(),
      );
      expect(unsigned.message).toContain('not signed');
      const otherSecret = connection({
        secrets: { client_secret: mock.clientSecret, webhook_secret: 'another' },
      });
      await failure(adapter.webhook?.(otherSecret, callback) ?? Promise.resolve());
    } finally {
      receiver.stop();
    }
  });

  test('a callback about an incoming invoice gives the received document', async () => {
    const receiver = startReceiver();
    try {
      await subscribe(receiver.url, { flowDirection: 'In', flowType: 'SupplierInvoice' });
      const flow = await mock.incoming({
        bytes: FACTURX_PDF,
        syntax: 'Factur-X',
        name: 'F20180027.pdf',
        invoiceNumber: 'F20180027',
      });
      const events = await adapter.webhook?.(
        connection(),
        receiver.received[0] ?? { headers: new Headers(), body: new Uint8Array() },
      );
      expect(events).toHaveLength(1);
      expect(events?.[0]).toMatchObject({ kind: 'received', providerRef: flow.flowId });
    } finally {
      receiver.stop();
    }
  });
});

describe('received invoices', () => {
  test('an incoming Factur-X supplier invoice arrives byte for byte, with its transport ids', async () => {
    const flow = await mock.incoming({
      bytes: FACTURX_PDF,
      syntax: 'Factur-X',
      name: 'F20180027.pdf',
      invoiceNumber: 'F20180027',
    });
    const { events } = (await adapter.poll?.(connection(), null)) ?? { events: [] };
    expect(events).toHaveLength(1);
    const received = events[0];
    if (received?.kind !== 'received') throw new Error('expected a received document');
    expect(Buffer.compare(received.bytes, FACTURX_PDF)).toBe(0);
    expect(received).toMatchObject({
      providerRef: flow.flowId,
      contentType: 'application/pdf',
      fileName: 'F20180027.pdf',
      transport: {
        flowId: flow.flowId,
        trackingId: 'seller-F20180027',
        flowSyntax: 'Factur-X',
        flowType: 'SupplierInvoice',
      },
    });
    expect(JSON.parse(received.raw.body)).toMatchObject({ flowId: flow.flowId, flowDirection: 'In' });
  });
});

describe('respond (CDAR to the seller)', () => {
  const answer = (over: Partial<InvoiceResponse> = {}): InvoiceResponse => ({
    state: 'accepted',
    reason: null,
    invoiceNumber: 'F20180027',
    issueDate: '2018-06-04',
    documentType: 'invoice',
    sender: { scheme: '0009', value: '10000000900011' },
    receiver: { scheme: '0002', value: '300000007' },
    ...over,
  });

  test('205, 210 with its reason and 211 are deposited as CDAR flows the platform acknowledges', async () => {
    const flow = await mock.incoming({
      bytes: CII_XML,
      syntax: 'CII',
      name: 'F20180027.xml',
      invoiceNumber: 'F20180027',
    });
    const received = { providerRef: flow.flowId, transport: { flowId: flow.flowId } };
    const accepted = await adapter.respond?.(connection(), received, answer());
    const rejected = await adapter.respond?.(
      connection(),
      received,
      answer({ state: 'rejected', reason: 'Taux de TVA erroné' }),
    );
    await adapter.respond?.(connection(), received, answer({ state: 'paid' }));
    expect(JSON.parse(accepted?.body ?? '{}')).toMatchObject({
      flowSyntax: 'CDAR',
      name: 'CDAR_F20180027_205.xml',
    });
    expect(rejected?.contentType).toBe('application/json');

    await mock.settle();
    const deposited = [...mock.flows.values()].filter((f) => f.flow.flowSyntax === 'CDAR');
    expect(deposited.map((f) => f.flow.acknowledgement)).toEqual([
      { status: 'Ok' },
      { status: 'Ok' },
      { status: 'Ok' },
    ]);
    const read = deposited.map((f) => readCdar(new TextDecoder().decode(f.bytes))[0]);
    expect(read).toEqual([
      { invoiceNumber: 'F20180027', typeCode: '380', code: '205', statedLabel: 'Approuvée', reasons: [] },
      {
        invoiceNumber: 'F20180027',
        typeCode: '380',
        code: '210',
        statedLabel: 'Refusée',
        reasons: ['Taux de TVA erroné'],
      },
      {
        invoiceNumber: 'F20180027',
        typeCode: '380',
        code: '211',
        statedLabel: 'Paiement transmis',
        reasons: [],
      },
    ]);
    // Our own CDAR flows are no statuses of any delivery.
    const { events } = (await adapter.poll?.(connection(), null)) ?? { events: [] };
    expect(events.filter((e) => e.kind === 'status')).toEqual([]);
  });

  test('the same answer twice is one flow; a refusal without reason and an unknown number are refused', async () => {
    const flow = await mock.incoming({
      bytes: CII_XML,
      syntax: 'CII',
      name: 'F20180027.xml',
      invoiceNumber: 'F20180027',
    });
    const received = { providerRef: flow.flowId, transport: { flowId: flow.flowId } };
    const first = await adapter.respond?.(connection(), received, answer());
    const second = await adapter.respond?.(connection(), received, answer());
    expect(JSON.parse(second?.body ?? '{}').flowId).toBe(JSON.parse(first?.body ?? '{}').flowId);
    expect(createRequests()).toHaveLength(1);
    await failure(
      adapter.respond?.(connection(), received, answer({ state: 'rejected', reason: ' ' })) ??
        Promise.resolve(),
    );
    await failure(
      adapter.respond?.(connection(), received, answer({ invoiceNumber: null })) ?? Promise.resolve(),
    );
    expect(createRequests()).toHaveLength(1);
  });
});
