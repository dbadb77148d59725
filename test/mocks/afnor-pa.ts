// A French approved platform (PA) on 127.0.0.1 for the afnor-pa channel's contract tests: the Flow Service,
// the Directory Service (XP Z12-013 1.2.0) and an OAuth2 client-credentials token endpoint.
// Every JSON request is checked against our trimmed OpenAPI documents (openapi/afnor-flow.json,
// openapi/afnor-directory.json) with openapi-validate.ts; createFlow's multipart body is taken apart here
// (the flowInfo part must be JSON with its own Content-Type, the file part must be there, the sha256 must
// be the file's) and its fields validated the same way. A mismatch is recorded in `problems()` and answered
// 400, so a test that asserts `problems()` is empty fails on any drift from the contract.
// Then it plays the platform: flows acknowledged on `settle()` (Ok, or Error with a reason code when the
// file is not what its flowInfo says), lifecycle CDAR flows about our invoices, incoming supplier invoices,
// a directory, webhook callbacks signed HS256 (and replayed), and the scenarios a test drives (down, rate
// limited, a search that lags, duplicates refused as AlreadyExistingFlow, revoked tokens).
// Its CDAR files are written out in afnor-pa-files.ts on purpose, not with the adapter's builder.
import { createHash, createHmac } from 'node:crypto';
import type { Server } from 'bun';
import { cdarOf, LABELS, type MultipartPart, parseMultipart, verdictOf } from './afnor-pa-files';
import directorySpec from './openapi/afnor-directory.json';
import flowSpec from './openapi/afnor-flow.json';
import { type OpenApiDoc, validateRequest } from './openapi-validate';

const FLOW_DOC = flowSpec as OpenApiDoc;
const DIRECTORY_DOC = directorySpec as OpenApiDoc;
const FLOW_BASE = '/flow-service';
const DIRECTORY_BASE = '/directory-service';
const TOKEN_PATH = '/auth/token';

export interface RecordedRequest {
  service: 'flow' | 'directory' | 'token';
  method: string;
  /** Below the service's base: `/v1/flows/search`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, the token form's fields, or createFlow's `{flowInfo, file}`. */
  body: any;
  /** createFlow's parts as sent: name, Content-Type, file name. */
  parts?: { name: string; contentType: string | null; fileName: string | null; size: number }[];
  problems: string[];
  status: number;
}

export interface MockFlow {
  /** The Flow object the platform answers (metadata). */
  flow: Record<string, any>;
  bytes: Uint8Array;
}

export interface DirectoryLine {
  addressingIdentifier: string;
  platformType: 'WK' | 'DFH';
  directoryLineStatus: 'Enabled' | 'Disabled' | 'Upcoming';
  siren: string;
  siret?: string;
  routingCode?: { routingIdentifier: string; routingIdentifierType?: string; routingCodeName?: string };
  legalUnit?: { siren: string; businessName: string };
}

export interface Callback {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  status: number | null;
}

export interface AfnorMock {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The connection's base URL: `<origin>/flow-service` (the Directory Service is `<origin>/directory-service`). */
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  staticToken: string;
  requests: RecordedRequest[];
  /** Every contract problem seen, `METHOD /path: problem`. */
  problems(): string[];
  flows: Map<string, MockFlow>;
  /** Tokens the token endpoint issued. */
  tokensIssued: number;
  /** Forgets every issued token (a platform revoking them before their expiry). */
  revokeTokens(): void;
  /** Acknowledges every Pending outgoing flow: Ok, or Error with the reason its file gives. */
  settle(): Promise<void>;
  /** A lifecycle flow (CDAR) about our flow `flowId`, from the buyer's side; answers its Flow. */
  lifecycle(
    flowId: string,
    code: string,
    options?: { label?: string; reasonCode?: string; reason?: string; invoiceNumber?: string },
  ): Promise<Record<string, any>>;
  /** A supplier invoice deposited for us; answers its Flow. */
  incoming(options: {
    bytes: Uint8Array;
    syntax: 'Factur-X' | 'CII' | 'UBL';
    name: string;
    invoiceNumber: string;
  }): Promise<Record<string, any>>;
  /** 503 with Retry-After for the next `requests` requests. */
  down(requests: number, retryAfterSeconds?: number): void;
  /** 429 with Retry-After for the next `requests` requests. */
  rateLimit(requests: number, retryAfterSeconds: number): void;
  /** The next `searches` searches by trackingId find nothing (a platform whose search index lags). */
  lagSearch(searches: number): void;
  /** Callbacks posted (and replayed), in order. */
  callbacks: Callback[];
  /** Posts callback `index` again, the same bytes and headers (a platform retrying, or an attacker). */
  replay(index: number): Promise<number>;
  stop(): void;
}

export interface AfnorMockOptions {
  directory?: DirectoryLine[];
  tokenLifetimeSeconds?: number;
}

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const paError = (
  status: number,
  errorCode: string,
  errorMessage: string,
  headers: Record<string, string> = {},
) => json({ errorCode, errorMessage }, status, headers);

export function startAfnorMock(options: AfnorMockOptions = {}): AfnorMock {
  const clientId = 'od-client-42';
  const clientSecret = 'od-secret-very-secret';
  const staticToken = 'static-bearer-token-0001';
  const tokens = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const flows = new Map<string, MockFlow>();
  const directory = options.directory ?? [];
  const webhooks: { url: string; key: Buffer | null; metadata: Record<string, string> }[] = [];
  const callbacks: Callback[] = [];
  const pendingCallbacks: Promise<unknown>[] = [];
  const invoiceNumbersIn = new Set<string>();
  let outage: { status: 503 | 429; requests: number; retryAfter: number } | null = null;
  let lagging = 0;
  let lastStamp = 0;

  /** Strictly increasing times, so `updatedAfter` paging never sees two flows at once by accident. */
  const stamp = () => {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  };

  function authorized(headers: Headers): boolean {
    const header = headers.get('authorization') ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token) return false;
    if (token === staticToken) return true;
    const expiry = tokens.get(token);
    return expiry !== undefined && expiry > Date.now();
  }

  function record(entry: Omit<RecordedRequest, 'status'>, response: Response): Response {
    requests.push({ ...entry, status: response.status });
    return response;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method;
    if (url.pathname === TOKEN_PATH && method === 'POST') return token(request);
    const service: 'flow' | 'directory' | null = url.pathname.startsWith(`${FLOW_BASE}/`)
      ? 'flow'
      : url.pathname.startsWith(`${DIRECTORY_BASE}/`)
        ? 'directory'
        : null;
    if (!service) return paError(404, 'NOT_FOUND', `no such path ${url.pathname}`);
    const path = url.pathname.slice((service === 'flow' ? FLOW_BASE : DIRECTORY_BASE).length);
    const doc = service === 'flow' ? FLOW_DOC : DIRECTORY_DOC;
    const entry = {
      service,
      method,
      path,
      query: url.searchParams,
      headers: request.headers,
      body: undefined as any,
    };
    const problems: string[] = [];
    const done = (response: Response) => record({ ...entry, problems }, response);

    if (outage && outage.requests > 0) {
      outage.requests--;
      const { status, retryAfter } = outage;
      return done(
        paError(
          status,
          status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE',
          status === 429 ? 'slow down' : 'maintenance',
          { 'retry-after': String(retryAfter) },
        ),
      );
    }
    if (path === '/v1/healthcheck' && method === 'GET') return done(new Response(null, { status: 200 }));
    if (!authorized(request.headers))
      return done(paError(401, 'UNAUTHORIZED', 'a valid bearer token is required'));

    // The body, as the validator reads it: JSON, or createFlow's multipart fields.
    const contentType = request.headers.get('content-type') ?? '';
    let parsed: any;
    let multipart: MultipartPart[] | null = null;
    if (contentType.startsWith('multipart/form-data')) {
      const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
      multipart = boundary ? parseMultipart(new Uint8Array(await request.arrayBuffer()), boundary) : null;
      if (!multipart) problems.push('body: not a multipart/form-data body');
      else {
        const flowInfoPart = multipart.find((p) => p.name === 'flowInfo');
        const filePart = multipart.find((p) => p.name === 'file');
        let flowInfo: unknown;
        if (flowInfoPart) {
          if (flowInfoPart.contentType?.split(';')[0]?.trim() !== 'application/json')
            problems.push(
              `flowInfo part: Content-Type ${flowInfoPart.contentType ?? 'none'}, application/json wanted`,
            );
          try {
            flowInfo = JSON.parse(new TextDecoder().decode(flowInfoPart.bytes));
          } catch {
            problems.push('flowInfo part: not JSON');
          }
        }
        if (filePart && !filePart.fileName) problems.push('file part: no filename');
        parsed = { flowInfo, file: filePart?.bytes };
        entry.body = parsed;
      }
    } else if (method !== 'GET') {
      const text = await request.text();
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
        entry.body = parsed;
      } catch {
        problems.push('body: not JSON');
      }
    }
    problems.push(
      ...validateRequest(doc, method, path, {
        headers: request.headers,
        query: url.searchParams,
        body: parsed,
      }),
    );
    const recordedParts = multipart?.map((p) => ({
      name: p.name,
      contentType: p.contentType,
      fileName: p.fileName,
      size: p.bytes.length,
    }));
    if (recordedParts) Object.assign(entry, { parts: recordedParts });
    if (problems.length > 0) return done(paError(400, 'INVALID_REQUEST', problems.join('; ')));

    if (service === 'directory') return done(searchDirectory(parsed));
    if (path === '/v1/flows' && method === 'POST') return done(createFlow(parsed, multipart ?? [], problems));
    if (path === '/v1/flows/search' && method === 'POST') return done(searchFlows(parsed));
    if (path === '/v1/webhooks' && method === 'POST') {
      const signature = parsed.callback.signature;
      webhooks.push({
        url: parsed.callback.url,
        key: signature?.algo === 'HS256' ? Buffer.from(signature.key, 'base64') : null,
        metadata: parsed.metadata,
      });
      return done(json({ webhookId: crypto.randomUUID() }, 201));
    }
    const flowPath = /^\/v1\/flows\/([^/]+)$/.exec(path);
    if (flowPath?.[1] && method === 'GET')
      return done(getFlow(decodeURIComponent(flowPath[1]), url.searchParams));
    return done(paError(404, 'NOT_FOUND', `${method} ${path}`));
  }

  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const fields = Object.fromEntries(form);
    const basic = /^Basic (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const id = fields.client_id ?? basicId;
    const secret = fields.client_secret ?? basicSecret;
    const problems: string[] = [];
    if (!(request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      problems.push('token: the body must be application/x-www-form-urlencoded');
    if (fields.grant_type !== 'client_credentials')
      problems.push('token: grant_type must be client_credentials');
    const entry = {
      service: 'token' as const,
      method: 'POST',
      path: TOKEN_PATH,
      query: new URLSearchParams(),
      headers: request.headers,
      body: { ...fields, client_secret: fields.client_secret ? '(set)' : undefined },
      problems,
    };
    if (problems.length > 0) return record(entry, json({ error: 'invalid_request' }, 400));
    if (id !== clientId || secret !== clientSecret)
      return record(entry, json({ error: 'invalid_client' }, 401));
    const accessToken = `at-${crypto.randomUUID()}`;
    const lifetime = options.tokenLifetimeSeconds ?? 3600;
    tokens.set(accessToken, Date.now() + lifetime * 1000);
    mock.tokensIssued++;
    return record(entry, json({ access_token: accessToken, token_type: 'Bearer', expires_in: lifetime }));
  }

  function createFlow(body: any, parts: MultipartPart[], problems: string[]): Response {
    const info = body.flowInfo as Record<string, any>;
    const file = body.file as Uint8Array;
    const filePart = parts.find((p) => p.name === 'file');
    const wantedType = info.flowSyntax === 'Factur-X' ? 'application/pdf' : 'application/xml';
    if (filePart?.contentType?.split(';')[0]?.trim() !== wantedType)
      problems.push(
        `file part: Content-Type ${filePart?.contentType ?? 'none'} for ${info.flowSyntax}, ${wantedType} wanted`,
      );
    if (info.sha256 !== undefined && info.sha256 !== createHash('sha256').update(file).digest('hex'))
      problems.push('flowInfo.sha256: not the SHA-256 of the file part');
    if (problems.length > 0) return paError(400, 'INVALID_REQUEST', problems.join('; '));
    if (file.length === 0) return paError(422, 'EmptyFlow', 'the file is empty');
    if (info.trackingId !== undefined) {
      const twin = [...flows.values()].find(
        (f) => f.flow.flowDirection === 'Out' && f.flow.trackingId === info.trackingId,
      );
      if (twin)
        return paError(
          422,
          'AlreadyExistingFlow',
          `a flow with trackingId ${info.trackingId} exists: ${twin.flow.flowId}`,
        );
    }
    const now = stamp();
    const flow = {
      ...info,
      processingRule: info.processingRule ?? 'B2B',
      flowId: crypto.randomUUID(),
      submittedAt: now,
      updatedAt: now,
      flowType: info.flowSyntax === 'CDAR' ? 'SupplierInvoiceLC' : 'CustomerInvoice',
      processingRuleSource: info.processingRule ? 'Input' : 'Computed',
      flowDirection: 'Out',
      acknowledgement: { status: 'Pending' },
    };
    flows.set(flow.flowId, { flow, bytes: file });
    const {
      updatedAt: _u,
      flowType: _t,
      processingRuleSource: _p,
      flowDirection: _d,
      acknowledgement: _a,
      ...full
    } = flow;
    return json(full, 202);
  }

  function searchFlows(body: any): Response {
    const where = body.where as Record<string, any>;
    if (Object.keys(where).length === 0)
      return paError(400, 'MISSING_REQUIRED_FIELD', 'where: at least one filter');
    const limit = body.limit ?? 25;
    if (where.trackingId !== undefined && lagging > 0) {
      lagging--;
      return json({ limit, filters: where, results: [] });
    }
    const after = where.updatedAfter ? Date.parse(where.updatedAfter) : null;
    const before = where.updatedBefore ? Date.parse(where.updatedBefore) : null;
    const results = [...flows.values()]
      .map((f) => f.flow)
      .filter((f) => after === null || Date.parse(f.updatedAt) > after)
      .filter((f) => before === null || Date.parse(f.updatedAt) < before)
      .filter((f) => !where.flowDirection || where.flowDirection.includes(f.flowDirection))
      .filter((f) => !where.flowType || where.flowType.includes(f.flowType))
      .filter((f) => !where.processingRule || where.processingRule.includes(f.processingRule))
      .filter((f) => where.trackingId === undefined || f.trackingId === where.trackingId)
      .filter((f) => where.ackStatus === undefined || f.acknowledgement.status === where.ackStatus)
      .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt))
      .slice(0, limit);
    return json({ limit, filters: where, results });
  }

  function getFlow(flowId: string, query: URLSearchParams): Response {
    const found = flows.get(flowId);
    if (!found) return paError(404, 'NOT_FOUND', `no flow ${flowId}`);
    const docType = query.get('docType') ?? 'Metadata';
    if (docType === 'Metadata') return json(found.flow);
    if (docType !== 'Original') return paError(404, 'NOT_FOUND', `no ${docType} file for this flow`);
    return new Response(found.bytes, {
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment;filename="${found.flow.name}"`,
      },
    });
  }

  function searchDirectory(body: any): Response {
    const filters = (body?.filters ?? {}) as Record<string, { op: string; value: string }>;
    if (Object.keys(filters).length === 0)
      return paError(400, 'MISSING_REQUIRED_FIELD', 'filters: at least one');
    const fieldOf = (line: DirectoryLine, name: string): string | undefined =>
      name === 'routingIdentifier'
        ? line.routingCode?.routingIdentifier
        : ((line as any)[name] as string | undefined);
    const results = directory.filter((line) =>
      Object.entries(filters).every(([name, { op, value }]) => {
        const have = fieldOf(line, name);
        return have !== undefined && (op === 'contains' ? have.includes(value) : have === value);
      }),
    );
    if (results.length === 0) return new Response(null, { status: 204 });
    return json({ search: body, totalNumberOfResults: results.length, results });
  }

  function notify(flow: Record<string, any>): void {
    for (const hook of webhooks) {
      const m = hook.metadata;
      if (m.flowDirection !== flow.flowDirection || m.flowType !== flow.flowType) continue;
      if (m.ackStatus && m.ackStatus !== flow.acknowledgement.status) continue;
      const body = new TextEncoder().encode(JSON.stringify(flow));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (hook.key) headers.signature = createHmac('sha256', hook.key).update(body).digest('base64');
      const callback: Callback = { url: hook.url, headers, body, status: null };
      callbacks.push(callback);
      pendingCallbacks.push(post(callback));
    }
  }

  async function post(callback: Callback): Promise<number> {
    const response = await fetch(callback.url, {
      method: 'POST',
      headers: callback.headers,
      body: callback.body,
    });
    await response.body?.cancel();
    callback.status = response.status;
    return response.status;
  }

  async function flush(): Promise<void> {
    while (pendingCallbacks.length > 0) await Promise.allSettled(pendingCallbacks.splice(0));
  }

  function add(flow: Record<string, any>, bytes: Uint8Array): Record<string, any> {
    flows.set(flow.flowId, { flow, bytes });
    notify(flow);
    return flow;
  }

  const server: Server<undefined> = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle });
  const origin = `http://127.0.0.1:${server.port}`;

  const mock: AfnorMock = {
    origin,
    flowUrl: `${origin}${FLOW_BASE}`,
    directoryUrl: `${origin}${DIRECTORY_BASE}`,
    tokenUrl: `${origin}${TOKEN_PATH}`,
    clientId,
    clientSecret,
    staticToken,
    requests,
    problems: () => requests.flatMap((r) => r.problems.map((p) => `${r.method} ${r.path}: ${p}`)),
    flows,
    tokensIssued: 0,
    revokeTokens: () => tokens.clear(),
    async settle() {
      for (const found of flows.values()) {
        if (found.flow.flowDirection !== 'Out' || found.flow.acknowledgement.status !== 'Pending') continue;
        const refused = verdictOf(found.flow, found.bytes, invoiceNumbersIn);
        found.flow.acknowledgement = refused
          ? { status: 'Error', details: [{ level: 'Error', item: found.flow.name, ...refused }] }
          : { status: 'Ok' };
        found.flow.updatedAt = stamp();
        notify(found.flow);
      }
      await flush();
    },
    async lifecycle(flowId, code, opts = {}) {
      const ours = flows.get(flowId);
      if (!ours) throw new Error(`mock: no flow ${flowId}`);
      const invoiceNumber = opts.invoiceNumber ?? String(ours.flow.name).replace(/\.(pdf|xml)$/, '');
      const now = stamp();
      const xml = cdarOf({ invoiceNumber, code, label: opts.label ?? LABELS[code] ?? code, ...opts });
      const flow = add(
        {
          flowId: crypto.randomUUID(),
          name: `CDV_${invoiceNumber}_${code}.xml`,
          processingRule: 'B2B',
          flowSyntax: 'CDAR',
          submittedAt: now,
          updatedAt: now,
          flowType: 'CustomerInvoiceLC',
          processingRuleSource: 'Computed',
          flowDirection: 'In',
          acknowledgement: { status: 'Ok' },
        },
        new TextEncoder().encode(xml),
      );
      await flush();
      return flow;
    },
    async incoming({ bytes, syntax, name, invoiceNumber }) {
      invoiceNumbersIn.add(invoiceNumber);
      const now = stamp();
      const flow = add(
        {
          flowId: crypto.randomUUID(),
          trackingId: `seller-${invoiceNumber}`.slice(0, 36),
          name,
          processingRule: 'B2B',
          flowSyntax: syntax,
          flowProfile: 'CIUS',
          sha256: createHash('sha256').update(bytes).digest('hex'),
          submittedAt: now,
          updatedAt: now,
          flowType: 'SupplierInvoice',
          processingRuleSource: 'Input',
          flowDirection: 'In',
          acknowledgement: { status: 'Ok' },
        },
        bytes,
      );
      await flush();
      return flow;
    },
    down: (count, retryAfter = 30) => {
      outage = { status: 503, requests: count, retryAfter };
    },
    rateLimit: (count, retryAfter) => {
      outage = { status: 429, requests: count, retryAfter };
    },
    lagSearch: (count) => {
      lagging = count;
    },
    callbacks,
    async replay(index) {
      const original = callbacks[index];
      if (!original) throw new Error(`mock: no callback ${index}`);
      const again: Callback = { ...original, status: null };
      callbacks.push(again);
      return post(again);
    },
    stop: () => server.stop(true),
  };
  return mock;
}
