import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
} from '../../../delivery-channel';
import { DomainError } from '../../../shared/errors';
import { type ChannelDeps, connectionOf, requestErrorOf } from '../runtime';
import type { ChannelConnectionRow } from '../schema';

/**
 * A provider's callback through its adapter, its failures in the spec's envelope (never a 500). An adapter
 * checks the callback itself (its signature, its body) before it asks the provider anything; so a refusal
 * met before any call to the provider is the callback's own fault: 401 for a signature that does not hold
 * (the adapter says 401), else 400. Once the provider was asked (the document or flow the callback names is
 * read from it), its failure is the provider's: 503 with Retry-After when it is away (the provider calls
 * again), 422 with its words otherwise.
 */
export async function webhookEvents(
  deps: ChannelDeps,
  adapter: ChannelAdapter,
  row: ChannelConnectionRow,
  request: { headers: Headers; body: Uint8Array },
): Promise<ChannelEvent[]> {
  if (!adapter.webhook) throw new DomainError('not_found', 'Unknown webhook');
  let asked = false;
  let conn: ChannelConnection;
  try {
    conn = connectionOf(deps, adapter, row);
  } catch (error) {
    // The account's secrets do not open (CREDENTIALS_KEY changed): ours to fix, not the caller's.
    throw requestErrorOf(adapter, 'could not take the callback', error);
  }
  const watched: ChannelConnection = {
    ...conn,
    fetch: (url, init) => {
      asked = true;
      return conn.fetch(url, init);
    },
  };
  try {
    return await adapter.webhook(watched, request);
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    if (asked || error.transient) throw requestErrorOf(adapter, 'could not take the callback', error);
    const unsigned = error.details.status === 401;
    throw new DomainError(
      unsigned ? 'unauthorized' : 'bad_request',
      `${adapter.name} callback refused: ${error.message}`,
      { channel: adapter.id },
    );
  }
}
