import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, withConflict } from '../../http/schemas';
import type { SystemCtx } from '../../shared/context';
import { DomainError } from '../../shared/errors';
import { sha256Hex } from '../../shared/secrets';
import { receivingDepsOf } from '../receiving';
import { renderServicesOf } from '../renders';
import {
  Channel,
  ChannelTestAnswer,
  CreateDeliveryBody,
  CustomerNetworks,
  Lookup,
  NetworkCheck,
  NetworkDelivery,
  Participant,
  PutChannelBody,
  RespondBody,
  Transport,
} from './model';
import { findConnectionByWebhook } from './repo';
import { adapterOf } from './runtime';
import {
  connectionRow,
  listChannels,
  makeWebhookToken,
  putConnection,
  removeConnection,
  testChannel,
} from './use-cases/connections';
import {
  createNetworkDelivery,
  lookupOn,
  networkDeliveriesOf,
  readNetworkDelivery,
} from './use-cases/deliveries';
import { applyEvents } from './use-cases/events';
import { customerNetworks, documentNetworkCheck } from './use-cases/networks';
import { respondToReceived, transportOf } from './use-cases/respond';
import { webhookEvents } from './use-cases/webhook';

const detail = (summary: string) => ({ summary, tags: ['Channels'] });
const channelParams = t.Object({ channel: t.String() });
const withErrors = { ...withConflict, 422: ErrorEnvelope, 503: ErrorEnvelope };

/**
 * Delivery channels (docs/channels.md): an account's connections to access points and platforms, the
 * network deliveries of its documents with their receipts, answers to received documents, the providers'
 * webhooks.
 */
export function channelRoutes(auth: Auth, deps: AppDeps) {
  const receiving = { ...receivingDepsOf(deps), blobs: deps.blobs };
  const sending = { ...deps, services: renderServicesOf(deps) };
  return new Elysia({ prefix: '/api/v1' })
    .post(
      '/channels/webhooks/:token',
      async ({ params, request, body: raw }) => {
        const system: SystemCtx = { db: deps.db, clock: deps.clock };
        const row = await findConnectionByWebhook(system.db, sha256Hex(params.token));
        if (!row?.enabled) throw new DomainError('not_found', 'Unknown webhook');
        const adapter = adapterOf(deps, row.channel);
        if (!adapter.webhook) throw new DomainError('not_found', 'Unknown webhook');
        // The exact bytes sent (a signature covers them): never re-serialised.
        const body = new Uint8Array(raw as ArrayBuffer);
        const events = await webhookEvents(deps, adapter, row, { headers: request.headers, body });
        const ctx = { ...system, accountId: row.accountId, actor: { kind: 'cli' as const } };
        return { data: await applyEvents(ctx, { receiving }, adapter, events) };
      },
      {
        params: t.Object({ token: t.String({ minLength: 20, maxLength: 100 }) }),
        parse: 'arrayBuffer',
        body: t.Any({ description: "The provider's callback, as it sends it" }),
        response: {
          200: dataOf(t.Object({ statuses: t.Integer(), received: t.Integer(), unknown: t.Integer() })),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          422: ErrorEnvelope,
          503: ErrorEnvelope,
        },
        detail: {
          ...detail(
            "A provider's callback (its URL made by POST /channels/{channel}/webhook): the token is the credential",
          ),
          security: [],
        },
      },
    )
    .use(auth)
    .get('/channels', async ({ ctx }) => ({ data: await listChannels(ctx, deps) }), {
      auth: true,
      response: { 200: dataOf(t.Array(Channel)), ...authErrors },
      detail: detail('The channels this installation offers, each with the account’s connection'),
    })
    .put(
      '/channels/:channel',
      async ({ ctx, params, body }) => ({ data: await putConnection(ctx, deps, params.channel, body) }),
      {
        auth: true,
        params: channelParams,
        body: PutChannelBody,
        response: { 200: dataOf(Channel), ...withErrors },
        detail: detail('Connect the account to a channel (opt in), or change its settings and secrets'),
      },
    )
    .delete(
      '/channels/:channel',
      async ({ ctx, params }) => {
        await removeConnection(ctx, deps, params.channel);
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params: channelParams,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withErrors },
        detail: detail('Remove the account’s connection to a channel, its secrets with it'),
      },
    )
    .post(
      '/channels/:channel/test',
      async ({ ctx, params }) => ({ data: await testChannel(ctx, deps, params.channel) }),
      {
        auth: true,
        params: channelParams,
        response: {
          200: dataOf(ChannelTestAnswer),
          ...withErrors,
        },
        detail: detail('Test connection: the provider answers with these credentials'),
      },
    )
    .post(
      '/channels/:channel/webhook',
      async ({ ctx, params, set }) => {
        const token = await makeWebhookToken(ctx, deps, params.channel);
        set.headers['cache-control'] = 'no-store';
        return { data: { url: `${deps.ownOrigin().replace(/\/$/, '')}/api/v1/channels/webhooks/${token}` } };
      },
      {
        auth: true,
        params: channelParams,
        response: { 200: dataOf(t.Object({ url: t.String({ description: 'Shown once' }) })), ...withErrors },
        detail: detail('A new webhook URL for the provider to call (replaces the old one)'),
      },
    )
    .post(
      '/channels/:channel/lookup',
      async ({ ctx, params, body }) => {
        const adapter = adapterOf(deps, params.channel);
        const answer = await lookupOn(deps, adapter, await connectionRow(ctx, params.channel), body);
        if (!answer)
          throw new DomainError('conflict', `${adapter.name} looks nobody up`, { channel: adapter.id });
        return {
          data: {
            channel: adapter.id,
            ...body,
            reachable: answer.reachable,
            invoice: answer.invoice,
            credit_note: answer.creditNote,
            detail: answer.detail,
            checked_at: deps.clock.now().toISOString(),
          },
        };
      },
      {
        auth: true,
        params: channelParams,
        body: Participant,
        response: { 200: dataOf(Lookup), ...withErrors },
        detail: detail('Whether a participant can receive invoices and credit notes over this channel'),
      },
    )
    .post(
      '/documents/:document_id/network-deliveries',
      async ({ ctx, params, body, set }) => {
        set.status = 202;
        return { data: await createNetworkDelivery(ctx, sending, params.document_id, body) };
      },
      {
        auth: true,
        body: CreateDeliveryBody,
        response: { 202: dataOf(NetworkDelivery), ...withErrors },
        detail: detail(
          "Send an issued invoice or credit note over a network (Peppol, a French platform): its e-invoice checked by the profile's official rules (422 compliance_failed naming them), queued, then sent once by a job; 409 while another delivery of it is live",
        ),
      },
    )
    .get(
      '/documents/:document_id/network-deliveries',
      async ({ ctx, params }) => ({ data: await networkDeliveriesOf(ctx, params.document_id) }),
      {
        auth: true,
        response: { 200: dataOf(t.Array(NetworkDelivery)), ...withErrors },
        detail: detail('The document’s network deliveries, each with its timeline and receipts'),
      },
    )
    .get(
      '/customers/:id/networks',
      async ({ ctx, params, query }) => ({
        data: await customerNetworks(ctx, deps, params.id, query.refresh === 'true'),
      }),
      {
        auth: true,
        query: t.Object({
          refresh: t.Optional(
            t.Union([t.Literal('true'), t.Literal('false')], {
              description: 'true: ask the network again now instead of answering the last check',
            }),
          ),
        }),
        response: { 200: dataOf(CustomerNetworks), ...withErrors },
        detail: detail(
          'Whether the customer can receive over Peppol (the service’s own SML/SMP lookup) and each connected channel, and when that was checked',
        ),
      },
    )
    .get(
      '/documents/:document_id/network-check',
      async ({ ctx, params }) => ({ data: await documentNetworkCheck(ctx, deps, params.document_id) }),
      {
        auth: true,
        response: { 200: dataOf(NetworkCheck), ...withErrors },
        detail: detail(
          'Before finalizing: a warning when the buyer must be reached over Peppol and is not (docs/channels.md)',
        ),
      },
    )
    .get(
      '/network-deliveries/:delivery_id',
      async ({ ctx, params }) => ({ data: await readNetworkDelivery(ctx, params.delivery_id) }),
      {
        auth: true,
        response: { 200: dataOf(NetworkDelivery), ...withErrors },
        detail: detail('A network delivery: its state, timeline and the channel’s receipts, unchanged'),
      },
    )
    .get(
      '/received-documents/:received_id/transport',
      async ({ ctx, params }) => ({ data: await transportOf(ctx, params.received_id) }),
      {
        auth: true,
        response: { 200: dataOf(Transport), ...withErrors },
        detail: detail('Where a received document came from: its channel, sender and transport identifiers'),
      },
    )
    .post(
      '/received-documents/:received_id/response',
      async ({ ctx, params, body }) => ({
        data: await respondToReceived(ctx, deps, params.received_id, body),
      }),
      {
        auth: true,
        body: RespondBody,
        response: { 200: dataOf(Transport), ...withErrors },
        detail: detail(
          'Accept, reject (with reason) or mark paid a received document: the answer goes back to its seller over its channel',
        ),
      },
    );
}
