// What the afnor-pa channel's tests hand the adapter (test/unit/channel-afnor*.test.ts): the files (a
// real Factur-X PDF and a CII invoice from the shared rule pack's examples), a directory, a connection to
// the stand-in (afnor-pa.ts), an outgoing message, and small readers of what the adapter answers.
import { readFileSync } from 'node:fs';
import {
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
  type OutgoingMessage,
} from '../../src/delivery-channel';
import { sharedPath } from '../shared-material';
import type { AfnorMock, DirectoryLine } from './afnor-pa';

export const FACTURX_PDF = new Uint8Array(
  readFileSync(sharedPath('rulesets/examples/facturx-pdf/Facture_F20180027.pdf')),
);
export const CII_XML = new Uint8Array(
  readFileSync(sharedPath('rulesets/examples/factur_x_en16931/CII_example1.xml')),
);

export const DIRECTORY: DirectoryLine[] = [
  {
    addressingIdentifier: '100000009',
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    siren: '100000009',
  },
  {
    addressingIdentifier: '100000009_00011_ACHATS',
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    siren: '100000009',
    siret: '10000000900011',
    routingCode: { routingIdentifier: 'ACHATS', routingIdentifierType: '0224' },
  },
  {
    addressingIdentifier: '200000008',
    platformType: 'DFH',
    directoryLineStatus: 'Disabled',
    siren: '200000008',
  },
  {
    addressingIdentifier: '30000000700015',
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    siren: '300000007',
    siret: '30000000700015',
  },
];

export interface ConnectionOptions {
  settings?: Record<string, unknown>;
  secrets?: Record<string, string>;
  baseUrl?: string;
}

/** A connection to the mock: OAuth2 client credentials and a webhook secret unless the options say otherwise. */
export function connectionTo(mock: AfnorMock, options: ConnectionOptions = {}): ChannelConnection {
  return {
    baseUrl: options.baseUrl ?? mock.flowUrl,
    settings: options.settings ?? { token_url: mock.tokenUrl, client_id: mock.clientId },
    secrets: options.secrets ?? { client_secret: mock.clientSecret, webhook_secret: 'hook-secret' },
    fetch: (url, init) => fetch(url, init),
    now: () => new Date(),
  };
}

export function message(over: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    deliveryId: 'ndl_test1',
    idempotencyKey: 'delivery:ndl_test1',
    idempotencyUuid: crypto.randomUUID(),
    documentType: 'invoice',
    number: 'F-2026/001',
    xml: CII_XML,
    syntax: 'cii',
    profile: 'factur_x_en16931',
    pdf: FACTURX_PDF,
    sender: { scheme: '0002', value: '300000007' },
    receiver: { scheme: '0002', value: '100000009' },
    ...over,
  };
}

/** The ChannelError `promise` fails with (anything else fails the test). */
export async function failure(promise: Promise<unknown>): Promise<ChannelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error('expected a ChannelError');
}

/** The status events, as ref, state and reason. */
export const statuses = (events: ChannelEvent[]) =>
  events.flatMap((e) =>
    e.kind === 'status' ? [{ ref: e.providerRef, state: e.state, reason: e.reason }] : [],
  );
/** The createFlow requests the mock saw. */
export const createRequests = (mock: AfnorMock) =>
  mock.requests.filter((r) => r.path === '/v1/flows' && r.method === 'POST');
