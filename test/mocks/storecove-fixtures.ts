// What the Storecove channel's tests share (test/http/channel-storecove*.test.ts): a connection to the mock,
// an outgoing message with a UBL invoice, and small readers of what the adapter answered.
import { expect } from 'bun:test';
import type { ChannelConnection, ChannelEvent, OutgoingMessage } from '../../src/delivery-channel';
import { ChannelError } from '../../src/delivery-channel';
import type { StorecoveMock } from './storecove';

export const NOW = new Date('2026-03-05T09:30:00Z');

/** A connection to `mock` as the core would hand it in, with the clock at NOW. */
export function connectionTo(
  mock: StorecoveMock,
  overrides: Partial<ChannelConnection> = {},
  settings: Record<string, unknown> = {},
): ChannelConnection {
  return {
    baseUrl: mock.url,
    settings: { legal_entity_id: mock.legalEntityId, ...settings },
    secrets: { api_key: mock.apiKey },
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    now: () => NOW,
    ...overrides,
  };
}

export const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>RE-2026-0042</cbc:ID>
  <cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="9930">DE111222333</cbc:EndpointID>
    <cac:PartyName><cbc:Name>Müller &amp; Söhne GmbH</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cbc:EndpointID schemeID="0204">991-01234-56</cbc:EndpointID></cac:Party></cac:AccountingCustomerParty>
</Invoice>`;

export function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    deliveryId: 'ndl_test1',
    idempotencyKey: 'delivery:ndl_test1',
    idempotencyUuid: crypto.randomUUID(),
    documentType: 'invoice',
    number: 'RE-2026-0042',
    xml: new TextEncoder().encode(UBL),
    syntax: 'ubl',
    profile: 'xrechnung-ubl',
    pdf: null,
    sender: { scheme: '9930', value: 'DE111222333' },
    receiver: { scheme: '0204', value: '991-01234-56' },
    ...overrides,
  };
}

/** The ChannelError a promise rejects with (fails the test when it resolves). */
export async function channelError(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** Status events as `providerRef state reason`, other events by their kind. */
export const statuses = (events: ChannelEvent[]) =>
  events.map((e) => (e.kind === 'status' ? `${e.providerRef} ${e.state} ${e.reason ?? ''}`.trim() : e.kind));
