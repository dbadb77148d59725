// Storecove's answer to a send that names no submission (JSON without a guid) with a 200: the document
// was taken, so the delivery is submitted under its idempotencyGuid, never failed (a failed delivery
// invites a second send the buyer would get twice). A 200 it cannot read (JSON cut short, a page) may
// have taken it too: transient, tried again under the same idempotencyGuid. A refusal took nothing.
import { expect, test } from 'bun:test';
import { type ChannelConnection, ChannelError, type OutgoingMessage } from '../../src/delivery-channel';
import { storecoveAdapter } from '../../src/modules/channel-storecove';

const message: OutgoingMessage = {
  deliveryId: 'ndl_1',
  idempotencyKey: 'ndl_1',
  idempotencyUuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  documentType: 'invoice',
  number: 'RE-2026-0001',
  xml: new TextEncoder().encode('<Invoice/>'),
  syntax: 'ubl',
  profile: 'xrechnung-ubl',
  pdf: null,
  receiver: { scheme: '0204', value: '991-12345-67' },
  sender: null,
} as unknown as OutgoingMessage;

/** A connection whose provider answers every request with `status` and `body`. */
const answering = (status: number, body: string): ChannelConnection => ({
  baseUrl: 'https://api.storecove.example/api/v2',
  settings: { legal_entity_id: 4711 },
  secrets: { api_key: 'key' },
  fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
  now: () => new Date('2026-12-06T10:00:00Z'),
});

test('a 200 in JSON without a guid is submitted under the idempotencyGuid; one it cannot read is tried again', async () => {
  for (const body of ['{}', '{"guid":null}']) {
    const receipt = await storecoveAdapter.send(answering(200, body), message);
    expect(receipt).toMatchObject({ state: 'submitted', providerRef: message.idempotencyUuid });
  }
  for (const body of ['<html>ok</html>', '', '{"guid": "abc']) {
    const error = await storecoveAdapter.send(answering(200, body), message).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).transient).toBe(true);
  }
  const named = await storecoveAdapter.send(answering(200, '{"guid":"sub-1"}'), message);
  expect(named).toMatchObject({ state: 'submitted', providerRef: 'sub-1' });
});

test('a refusal is still a failure the core acts on', async () => {
  await expect(storecoveAdapter.send(answering(400, '{"errors":["bad"]}'), message)).rejects.toBeInstanceOf(
    ChannelError,
  );
});
