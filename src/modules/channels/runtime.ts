// What the channels module needs of the service (AppDeps.channels): the adapters the modules declare, the
// outbound hosts, the credentials key; and the ChannelConnection an adapter is called with.
import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type DeliveryState,
} from '../../delivery-channel';
import type { AppDeps } from '../../deps';
import { guardedFetch } from '../../outbound';
import { DomainError } from '../../shared/errors';
import type { RenderServices } from '../renders';
import { openSecrets } from './credentials';
import type { ChannelConnectionRow } from './schema';
import { scrubbed } from './scrub';

export type ChannelDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'channels'>;

/** What sending needs besides: the issued files (and the compliance check) of the renders module. */
export interface SendDeps extends ChannelDeps {
  services: RenderServices;
}

/**
 * The adapter of a channel id, or undefined when no module offers it. The core calls a channel only
 * through this (or adapterOf): what the adapter answers or throws comes cleaned of the connection's
 * secrets (scrub.ts), whatever the provider echoed.
 */
export function findAdapter(deps: ChannelDeps, channel: string): ChannelAdapter | undefined {
  const adapter = deps.channels.adapters.find((a) => a.id === channel);
  return adapter && scrubbed(adapter);
}

/** The adapter of a channel id (as findAdapter); 404 for one no module offers. */
export function adapterOf(deps: ChannelDeps, channel: string): ChannelAdapter {
  const adapter = findAdapter(deps, channel);
  if (!adapter) {
    throw new DomainError('not_found', `No channel '${channel}': GET /api/v1/channels lists them`, {
      channel,
    });
  }
  return adapter;
}

/** An account's connection opened for one call: its secrets unsealed, its fetch guarded. */
export function connectionOf(
  deps: ChannelDeps,
  adapter: ChannelAdapter,
  row: ChannelConnectionRow,
): ChannelConnection {
  const secrets = openSecrets(deps.channels.credentialsKey, row.accountId, row.sealedSecrets);
  if (secrets === null) {
    throw new ChannelError(
      `the ${adapter.name} secrets do not open under this CREDENTIALS_KEY (changed, or a restore on another installation): set them again`,
      false,
    );
  }
  return {
    baseUrl: (row.baseUrl ?? adapter.defaultBaseUrl).replace(/\/$/, ''),
    settings: row.settings,
    secrets,
    fetch: guardedFetch(deps.channels.outboundHosts),
    now: () => deps.clock.now(),
  };
}

/**
 * The connection with `signal` on every call it makes (beside the call's own signal and time limit): a
 * job's, aborted when its lease is lost or the runtime stops, so a provider's call under way ends with it.
 */
export function boundBy(conn: ChannelConnection, signal: AbortSignal): ChannelConnection {
  return {
    ...conn,
    fetch: (url, init) =>
      conn.fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  };
}

/**
 * How far along a delivery is. A state moves only forward: a report that arrives late (delivered after
 * accepted) is kept in the history without moving it back; rejected, paid and failed are final (Peppol's
 * Invoice Response: nothing after RE or PD, only PD after AP), except that a failed send the network
 * later reports delivered is delivered, and a delivered one the network then refuses as not issued fails.
 */
const RANK: Record<DeliveryState, number> = {
  queued: 0,
  submitted: 1,
  delivered: 2,
  accepted: 3,
  rejected: 3,
  paid: 4,
  failed: 1,
};

export function moves(from: DeliveryState, to: DeliveryState): boolean {
  if (from === to) return false;
  if (from === 'rejected' || from === 'paid') return false;
  if (from === 'failed') return to === 'delivered' || to === 'accepted' || to === 'paid';
  // A network that took the document may still turn it down as not issued (a French platform's 213 Rejetée,
  // 221 Erreur de routage after 202 Reçue par la plateforme): failed, so it may be corrected and sent again.
  // Once the buyer answered (accepted), only the buyer's later answers count.
  if (to === 'failed') return from === 'queued' || from === 'submitted' || from === 'delivered';
  return RANK[to] > RANK[from];
}

/**
 * A provider's failure met during a request, in the spec's envelope: away or rate limited is a 503 with
 * Retry-After (try again), a refusal a 422 with the provider's words; never a 500.
 */
export function requestErrorOf(adapter: ChannelAdapter, what: string, error: unknown): unknown {
  if (!(error instanceof ChannelError)) return error;
  return new DomainError(
    error.transient ? 'service_unavailable' : 'unprocessable_entity',
    `${adapter.name} ${what}: ${error.message}`,
    { channel: adapter.id },
    // The provider's wait, bounded as the jobs bound it (an hour): a day's Retry-After is not passed on.
    error.transient
      ? { 'Retry-After': String(Math.min(error.details.retryAfterSeconds ?? 30, 3_600)) }
      : undefined,
  );
}
