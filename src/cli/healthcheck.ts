import type { Config } from '../config';

const TIMEOUT_MS = 3_000;

/**
 * `healthcheck`: asks the server this config describes for `/health` and answers 0 only for a 200 within
 * three seconds (a container's HEALTHCHECK: a stalled server is unhealthy, unlike `version`). A server
 * listening on every interface (0.0.0.0, ::) is asked on loopback.
 */
export async function healthcheckCommand(config: Config, out: (line: string) => void): Promise<number> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/health`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    out(`${url}: ${res.status}`);
    return res.status === 200 ? 0 : 1;
  } catch (error) {
    out(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
