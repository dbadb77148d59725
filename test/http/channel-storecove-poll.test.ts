// The Storecove channel's receiving side against the Storecove stand-in (test/mocks/storecove.ts, every
// request checked against Storecove's published OpenAPI): the pull queue acknowledged one poll late, both
// readings of the queue's order, replays, failures mid-poll, received documents, buyers' Invoice Responses
// and our answers to received invoices, and the lenient reading of webhook bodies.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { ChannelConnection, ChannelEvent } from '../../src/delivery-channel';
import { storecoveAdapter as adapter } from '../../src/modules/channel-storecove';
import { readWebhookBody } from '../../src/modules/channel-storecove/webhook-body';
import { SI_12_CUSTOMIZATION, type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { channelError, connectionTo, message, statuses, UBL } from '../mocks/storecove-fixtures';

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

const poll = (cursor: string | null) => {
  if (!adapter.poll) throw new Error('the adapter polls');
  return adapter.poll(connection(), cursor);
};

describe('poll: the pull queue, acknowledged on the next poll', () => {
  test('accepted then delivered; the instance is deleted only by the next poll', async () => {
    const receipt = await adapter.send(connection(), message());
    const instance = mock.queue[0]?.guid ?? '';
    const first = await poll(null);
    expect(statuses(first.events)).toEqual([`${receipt.providerRef} delivered`]);
    expect(first.cursor).toBe(JSON.stringify([instance]));
    expect(mock.deleted).toEqual([]);
    const second = await poll(first.cursor);
    expect(mock.deleted).toEqual([instance]);
    expect(second).toEqual({ events: [], cursor: null });
    const status = first.events[0];
    if (status?.kind !== 'status') throw new Error('expected a status event');
    expect(JSON.parse(status.raw.body).event).toBe('succeeded');
  });

  test('a crash before the events were stored loses nothing: the same instance comes again', async () => {
    const receipt = await adapter.send(connection(), message());
    const first = await poll(null);
    // The core crashed before storing the events and the cursor: it polls again with the old cursor.
    const again = await poll(null);
    expect(statuses(again.events)).toEqual(statuses(first.events));
    expect(statuses(again.events)).toEqual([`${receipt.providerRef} delivered`]);
    expect(mock.deleted).toEqual([]);
  });

  test('a queue that hands out its head until deleted: one instance per poll, stopping at the repeat', async () => {
    const guids = ['a', 'b', 'c'].map(() => crypto.randomUUID());
    for (const guid of guids) mock.deliver(guid);
    let cursor: string | null = null;
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      const answer: { events: ChannelEvent[]; cursor: string | null } = await poll(cursor);
      seen.push(...statuses(answer.events));
      cursor = answer.cursor;
    }
    expect(seen).toEqual(guids.map((guid) => `${guid} delivered`));
    expect(mock.queue).toEqual([]);
    expect(mock.deleted).toHaveLength(3);
    // Each taking poll asked twice: the instance, then the same instance again.
    expect(mock.requests.filter((r) => r.method === 'GET').length).toBe(3 * 2 + 1);
  });

  test('a queue that hands out the next instance: one poll takes them all', async () => {
    mock.handOut = 'each';
    const guids = ['a', 'b', 'c'].map(() => crypto.randomUUID());
    for (const guid of guids) mock.deliver(guid);
    const first = await poll(null);
    expect(statuses(first.events)).toEqual(guids.map((guid) => `${guid} delivered`));
    expect(JSON.parse(first.cursor ?? '[]')).toHaveLength(3);
    await poll(first.cursor);
    expect(mock.deleted).toHaveLength(3);
  });

  test('a replayed instance reports the same events again (the core stores them once)', async () => {
    const receipt = await adapter.send(connection(), message());
    const [instance] = mock.queue;
    const first = await poll(null);
    await poll(first.cursor);
    mock.replay(instance?.guid ?? '');
    const replayed = await poll(null);
    expect(statuses(replayed.events)).toEqual([`${receipt.providerRef} delivered`]);
    expect(replayed.cursor).toBe(first.cursor);
    expect(await poll(replayed.cursor)).toEqual({ events: [], cursor: null });
  });

  test('a failed delivery with its reason', async () => {
    mock.outcome = 'failed';
    const receipt = await adapter.send(connection(), message());
    const { events } = await poll(null);
    expect(statuses(events)).toEqual([`${receipt.providerRef} failed Delivery failed`]);
  });

  test("the buyer's Invoice Responses: accepted, rejected with reason, paid", async () => {
    mock.outcome = 'none';
    mock.handOut = 'each';
    const receipt = await adapter.send(connection(), message());
    mock.buyerResponds(receipt.providerRef, 'AP');
    mock.buyerResponds(receipt.providerRef, 'RE', 'Order number missing');
    mock.buyerResponds(receipt.providerRef, 'PD');
    mock.buyerResponds(receipt.providerRef, 'IP');
    const { events, cursor } = await poll(null);
    expect(statuses(events)).toEqual([
      `${receipt.providerRef} accepted`,
      `${receipt.providerRef} rejected Order number missing`,
      `${receipt.providerRef} paid`,
    ]);
    const rejected = events[1];
    expect(rejected?.kind === 'status' && rejected.at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse(cursor ?? '[]')).toHaveLength(4);
  });

  test('a received document: its bytes intact, the sender, the transport ids', async () => {
    const bytes = new TextEncoder().encode(UBL);
    const { documentGuid, receiveGuid, instanceGuid } = mock.receive(bytes);
    const { events, cursor } = await poll(null);
    expect(events).toHaveLength(1);
    const received = events[0];
    if (received?.kind !== 'received') throw new Error('expected a received event');
    expect(received.bytes).toEqual(bytes);
    expect(new TextDecoder().decode(received.bytes)).toContain('Müller &amp; Söhne GmbH');
    expect(received).toMatchObject({
      providerRef: documentGuid,
      contentType: 'application/xml',
      fileName: `${documentGuid}.xml`,
      sender: { scheme: '9930', value: 'DE111222333' },
      transport: {
        storecove_document_guid: documentGuid,
        storecove_receive_guid: receiveGuid,
        storecove_webhook_instance: instanceGuid,
      },
    });
    expect(mock.requests.filter((r) => r.path.startsWith('/purchase_invoices/')).map((r) => r.path)).toEqual([
      `/purchase_invoices/${documentGuid}/ubl/original`,
    ]);
    expect(cursor).toBe(JSON.stringify([instanceGuid]));
  });

  test("a received document is the seller's original, not Storecove's SI-UBL 1.2 rendering; an API without it gives the rendering", async () => {
    const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    const bytes = new TextEncoder().encode(
      UBL.replace('<cbc:ID>', `<cbc:CustomizationID>${XRECHNUNG}</cbc:CustomizationID>\n  <cbc:ID>`),
    );
    mock.receive(bytes);
    const first = await poll(null);
    const original = first.events[0];
    if (original?.kind !== 'received') throw new Error('expected a received event');
    expect(original.bytes).toEqual(bytes);
    expect(new TextDecoder().decode(original.bytes)).toContain(XRECHNUNG);
    mock.originals = false;
    const { documentGuid } = mock.receive(bytes);
    const second = await poll(first.cursor);
    const rendered = second.events.find((e) => e.providerRef === documentGuid);
    if (rendered?.kind !== 'received') throw new Error('expected a received event');
    expect(new TextDecoder().decode(rendered.bytes)).toContain(SI_12_CUSTOMIZATION);
    expect(mock.requests.filter((r) => r.path.includes(documentGuid)).map((r) => [r.path, r.status])).toEqual(
      [
        [`/purchase_invoices/${documentGuid}/ubl/original`, 404],
        [`/purchase_invoices/${documentGuid}/ubl`, 200],
      ],
    );
    expect(mock.problems()).toEqual([]);
    // A document it keeps no original of (a 422 on the versioned path): the rendering too.
    mock.originals = true;
    const noOriginal = mock.receive(bytes);
    mock.failNext(
      422,
      [{ source: 'package_version', details: 'no original' }],
      (method, path) =>
        method === 'GET' && path === `/purchase_invoices/${noOriginal.documentGuid}/ubl/original`,
    );
    const third = await poll(second.cursor);
    const rendering = third.events.find((e) => e.providerRef === noOriginal.documentGuid);
    if (rendering?.kind !== 'received') throw new Error('expected a received event');
    expect(new TextDecoder().decode(rendering.bytes)).toContain(SI_12_CUSTOMIZATION);
  });

  test('bodies we cannot read, and a received document that is gone, are acknowledged without events', async () => {
    mock.handOut = 'each';
    const notJson = mock.enqueue('not json at all');
    const other = mock.enqueue({ event_type: 'legal_entity_updated', legal_entity_id: 4711 });
    const gone = mock.enqueue({ event_type: 'received_document', document_guid: crypto.randomUUID() });
    const cleared = mock.enqueue({
      event_type: 'document_submission',
      event: 'cleared',
      guid: crypto.randomUUID(),
    });
    const first = await poll(null);
    expect(first.events).toEqual([]);
    expect(JSON.parse(first.cursor ?? '[]')).toEqual([notJson, other, gone, cleared]);
    await poll(first.cursor);
    expect(mock.queue).toEqual([]);
  });

  test('a received document answered without its UBL is handed on as it came and does not hold up the queue', async () => {
    mock.handOut = 'each';
    const broken = mock.receive(UBL);
    const next = mock.receive(UBL);
    mock.failNext(
      200,
      { guid: broken.documentGuid, note: 'no ubl here' },
      (method, path) => method === 'GET' && path === `/purchase_invoices/${broken.documentGuid}/ubl/original`,
    );
    const first = await poll(null);
    expect(first.events.map((e) => e.providerRef)).toEqual([broken.documentGuid, next.documentGuid]);
    const unreadable = first.events[0];
    if (unreadable?.kind !== 'received') throw new Error('expected a received event');
    // The core refuses these bytes as any unreadable file, logged with the guid, and the instance goes.
    expect(unreadable).toMatchObject({
      contentType: 'application/json',
      fileName: `${broken.documentGuid}.json`,
    });
    expect(JSON.parse(new TextDecoder().decode(unreadable.bytes))).toEqual({
      guid: broken.documentGuid,
      note: 'no ubl here',
    });
    expect(JSON.parse(first.cursor ?? '[]')).toEqual([broken.instanceGuid, next.instanceGuid]);
    await poll(first.cursor);
    expect(mock.deleted).toEqual([broken.instanceGuid, next.instanceGuid]);
  });

  test('a provider down fails the poll (transient) and acknowledges nothing', async () => {
    await adapter.send(connection(), message());
    const first = await poll(null);
    mock.down({ requests: 1, retryAfter: 60 });
    const error = await channelError(poll(first.cursor));
    expect(error).toMatchObject({ transient: true, details: { retryAfterSeconds: 60 } });
    expect(mock.deleted).toEqual([]);
    await poll(first.cursor);
    expect(mock.deleted).toHaveLength(1);
  });

  test('a failure on a later instance keeps the earlier ones; the failing one comes next time', async () => {
    mock.handOut = 'each';
    const submission = crypto.randomUUID();
    const delivered = mock.deliver(submission);
    const { documentGuid, instanceGuid } = mock.receive(UBL);
    mock.failNext(
      500,
      undefined,
      (method, path) => method === 'GET' && path.startsWith('/purchase_invoices/'),
    );
    const first = await poll(null);
    expect(statuses(first.events)).toEqual([`${submission} delivered`]);
    expect(first.cursor).toBe(JSON.stringify([delivered]));
    const second = await poll(first.cursor);
    expect(second.events.map((e) => e.providerRef)).toEqual([documentGuid]);
    expect(second.cursor).toBe(JSON.stringify([instanceGuid]));
  });
});

describe('respond (Invoice Response to a received invoice)', () => {
  async function receivedOne() {
    const { documentGuid, receiveGuid } = mock.receive(UBL);
    const { events } = await poll(null);
    const received = events[0];
    if (received?.kind !== 'received') throw new Error('expected a received event');
    return { received: { providerRef: documentGuid, transport: received.transport }, receiveGuid };
  }
  const response = (state: 'accepted' | 'rejected' | 'paid', reason: string | null = null) => ({
    state,
    reason,
    invoiceNumber: 'RE-2026-0042',
    issueDate: '2026-03-01',
    documentType: 'invoice' as const,
    sender: null,
    receiver: null,
  });

  test('accepted, rejected with reason, paid: one submission each, by the receive guid', async () => {
    const { received, receiveGuid } = await receivedOne();
    const raw = await adapter.respond?.(connection(), received, response('accepted'));
    expect(JSON.parse(raw?.body ?? '')).toEqual({ guid: mock.responses[0]?.guid });
    await adapter.respond?.(connection(), received, response('rejected', 'Order number missing'));
    await adapter.respond?.(connection(), received, response('paid'));
    expect(mock.responses.map((r) => r.body.receiveGuid)).toEqual([receiveGuid, receiveGuid, receiveGuid]);
    expect(mock.responses.map((r) => r.body.document.invoiceResponse)).toEqual([
      { receivedInvoiceGuid: receiveGuid, responseCode: 'AP', effectiveDate: '2026-03-05' },
      {
        receivedInvoiceGuid: receiveGuid,
        responseCode: 'RE',
        effectiveDate: '2026-03-05',
        note: 'Order number missing',
        clarifications: [
          {
            clarificationCodeType: 'OPStatusReason',
            clarificationCode: 'OTH',
            clarification: 'Order number missing',
          },
        ],
      },
      { receivedInvoiceGuid: receiveGuid, responseCode: 'PD', effectiveDate: '2026-03-05' },
    ]);
    expect(mock.responses.every((r) => r.body.document.documentType === 'invoice_response')).toBe(true);
  });

  test('the same response sent again is not sent twice and is no error', async () => {
    const { received } = await receivedOne();
    await adapter.respond?.(connection(), received, response('accepted'));
    const again = await adapter.respond?.(connection(), received, response('accepted'));
    expect(mock.responses).toHaveLength(1);
    expect(again?.body).toContain('idempotencyGuid');
  });

  test('an unknown received document is a permanent error; the provider down a transient one', async () => {
    const unknown = { providerRef: crypto.randomUUID(), transport: {} };
    const refused = await channelError(
      adapter.respond?.(connection(), unknown, response('accepted')) as Promise<unknown>,
    );
    expect(refused.transient).toBe(false);
    expect(refused.message).toContain('No received document');
    const { received } = await receivedOne();
    mock.down({ requests: 1 });
    const down = await channelError(
      adapter.respond?.(connection(), received, response('paid')) as Promise<unknown>,
    );
    expect(down.transient).toBe(true);
  });
});

describe('webhook bodies are read leniently', () => {
  test('camelCase, a bare guid, a code at the top level, our idempotencyGuid', () => {
    expect(
      readWebhookBody('{"eventType":"document_submission","event":"SUCCEEDED","guid":"g1"}'),
    ).toMatchObject({
      kind: 'submission',
      submissionGuid: 'g1',
      state: 'delivered',
    });
    expect(
      readWebhookBody(
        '{"event_type":"invoice_response","document_submission_guid":"g2","responseCode":"re","note":"Wrong VAT"}',
      ),
    ).toMatchObject({
      kind: 'response',
      submissionGuid: 'g2',
      code: 'RE',
      state: 'rejected',
      reason: 'Wrong VAT',
    });
    expect(readWebhookBody('{"event_type":"received_document","guid":"d1"}')).toEqual({
      kind: 'received',
      documentGuid: 'd1',
      receiveGuid: 'd1',
      documentType: null,
    });
    expect(readWebhookBody('[]')).toMatchObject({ kind: 'unknown' });
  });

  test('a status naming our idempotencyGuid reaches a delivery that kept it as its providerRef', async () => {
    mock.enqueue({
      event_type: 'document_submission',
      event: 'succeeded',
      document_submission_guid: 'sc-guid',
      idempotency_guid: 'our-guid',
    });
    const { events } = await poll(null);
    expect(events.map((e) => e.providerRef)).toEqual(['sc-guid', 'our-guid']);
  });
});
