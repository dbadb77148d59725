// One call to a PA's Flow or Directory Service: the bearer token, the optional Organization-Id, a
// Request-Id for the platform's logs, and the answer judged (http-errors.ts). A 401 to a cached OAuth token
// fetches a new one and tries once more: a platform may revoke tokens before their stated expiry.
import type { ChannelConnection } from '../../delivery-channel';
import type { TokenCache } from './auth';
import { errorOf, reach } from './http-errors';
import { directoryBase, flowBase, settingsOf } from './settings';

export type Service = 'flow' | 'directory';

export interface CallOptions {
  method?: string;
  /** A JSON body (sent as application/json). */
  json?: unknown;
  /** Any other body, with its content type. */
  body?: { bytes: Uint8Array; contentType: string };
  query?: Record<string, string>;
  /** Statuses besides 2xx the caller reads itself (a directory's 404, a duplicate's 409 or 422). */
  allow?: readonly number[];
  /** How much of the answer may be read (src/outbound.ts): more than MAX_ANSWER_BYTES for a file. */
  maxAnswerBytes?: number;
}

export class AfnorClient {
  constructor(private readonly tokens: TokenCache) {}

  async call(conn: ChannelConnection, service: Service, path: string, options: CallOptions = {}) {
    const base = service === 'flow' ? flowBase(conn) : directoryBase(conn);
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const what = service === 'flow' ? 'the Flow Service' : 'the Directory Service';

    for (let attempt = 0; ; attempt++) {
      const auth = await this.tokens.bearer(conn);
      const response = await reach(conn, url.toString(), {
        method: options.method ?? (options.json === undefined && !options.body ? 'GET' : 'POST'),
        headers: this.headersOf(conn, auth.header, options),
        body: options.json !== undefined ? JSON.stringify(options.json) : options.body?.bytes,
        ...(options.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: options.maxAnswerBytes }),
      });
      if (response.status === 401 && auth.fromCache && attempt === 0) {
        await response.body?.cancel();
        this.tokens.forget(conn);
        continue;
      }
      if (response.ok || options.allow?.includes(response.status)) return response;
      throw await errorOf(response, what);
    }
  }

  private headersOf(conn: ChannelConnection, authorization: string, options: CallOptions): Headers {
    const headers = new Headers({ authorization, 'request-id': crypto.randomUUID() });
    const organization = settingsOf(conn).organization_id;
    if (organization) headers.set('organization-id', organization);
    if (options.json !== undefined) headers.set('content-type', 'application/json');
    else if (options.body) headers.set('content-type', options.body.contentType);
    return headers;
  }
}
