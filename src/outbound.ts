import { ChannelError } from './delivery-channel';

/** How long one call to a provider may take before it counts as the provider being away. */
export const CALL_TIMEOUT_MS = 30_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The only fetch a channel gets (docs/channels.md): HTTPS (plain HTTP to loopback only, for a local mock
 * or relay), and, with OUTBOUND_HOSTS set, only to the hosts it names, so an air-gapped site opens the one
 * host of its provider and nothing else. Refusals are permanent ChannelErrors; a timeout or a network
 * failure is transient.
 */
export function guardedFetch(
  allowed: readonly string[] | null,
  options: { plainHttp?: boolean } = {},
): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ChannelError(`not a URL: ${url}`, false);
    }
    const host = target.hostname.toLowerCase();
    // Peppol's SMPs answer over plain HTTP (their answers are public, and signed): the lookup may use it.
    const plain = target.protocol === 'http:' && (options.plainHttp === true || LOOPBACK.has(host));
    if (target.protocol !== 'https:' && !plain) {
      throw new ChannelError(`${target.protocol} is refused: channels speak HTTPS only`, false);
    }
    if (allowed !== null && !allowed.includes(host) && !allowed.includes(target.host.toLowerCase())) {
      throw new ChannelError(
        `${host} is not in OUTBOUND_HOSTS: the service may reach ${allowed.join(', ') || 'no host'}`,
        false,
      );
    }
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)])
      : AbortSignal.timeout(CALL_TIMEOUT_MS);
    try {
      return await fetch(url, { ...init, signal, redirect: 'manual' });
    } catch (error) {
      throw new ChannelError(`${host} did not answer: ${(error as Error).message}`, true);
    }
  };
}
