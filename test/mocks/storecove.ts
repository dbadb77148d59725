// A Storecove stand-in on 127.0.0.1 for the channel's contract tests. Every request is checked against the
// trimmed copy of Storecove's published OpenAPI (openapi/storecove.json) with openapi-validate.ts: a
// mismatch is recorded in `problems()` and answered 422 (400 for a body that is not JSON, 404 for a path
// the API does not have), so a test that asserts `problems()` is empty fails on any drift from the contract.
// Then it plays the provider's side: the bearer key, the legal entity, discovery, submissions with their
// idempotencyGuid, the pull queue of webhook instances, received documents, Invoice Responses, and the
// scenarios a test drives (down, rate limited, a chosen failure, replayed instances).
//
// The webhook bodies it queues follow the shapes ASSUMED in src/modules/channel-storecove/webhook-body.ts
// (Storecove does not publish them); they are written out here on purpose rather than imported.
import type { Server } from 'bun';
import spec from './openapi/storecove.json';
import { matchPath, type OpenApiDoc, validateRequest } from './openapi-validate';

const OPENAPI = spec as OpenApiDoc;
const BASE_PATH = '/api/v2';

export interface RecordedRequest {
  method: string;
  /** Below the base path: `/document_submissions`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body (undefined: none). */
  body: any;
  problems: string[];
  status: number;
}

export interface Submission {
  guid: string;
  idempotencyGuid: string;
  body: any;
  /** The decoded rawDocumentData.document, as bytes. */
  document: Uint8Array | null;
}

export interface Instance {
  guid: string;
  body: string;
}

export interface StorecoveMock {
  /** The base URL to configure: `http://127.0.0.1:<port>/api/v2`. */
  url: string;
  apiKey: string;
  legalEntityId: number;
  requests: RecordedRequest[];
  /** Every contract problem seen, `METHOD /path: problem`. */
  problems(): string[];
  /** Invoices processed (a duplicate idempotencyGuid is refused and not listed). */
  submissions: Submission[];
  /** Invoice Responses processed. */
  responses: Submission[];
  /** Instances waiting in the pull queue (not yet deleted), oldest first. */
  queue: Instance[];
  /** Instance guids deleted, in order. */
  deleted: string[];
  /**
   * `head`: GET /webhook_instances/ answers the oldest instance until it is deleted (the reading of the
   * spec's "DELETE it and GET the next one"); `each`: every GET hands out the instance queued after the one
   * handed out last, wrapping around at the end (an instance not deleted comes again, as from a queue with a
   * visibility timeout).
   */
  handOut: 'head' | 'each';
  /** What follows an accepted invoice: a queued `succeeded` or `failed` instance, or nothing. */
  outcome: 'delivered' | 'failed' | 'none';
  addParticipant(
    scheme: string,
    identifier: string,
    options?: { documentTypes?: string[]; email?: boolean },
  ): void;
  /** 503 with Retry-After for the next `requests` requests, or for `seconds`. */
  down(options: { requests?: number; seconds?: number; retryAfter?: number }): void;
  /** 429 with Retry-After for the next `requests` requests. */
  rateLimit(requests: number, retryAfterSeconds: number): void;
  /** The next request that `match` selects (any when omitted) is answered `status` with `body`. */
  failNext(status: number, body?: unknown, match?: (method: string, path: string) => boolean): void;
  /**
   * The next `times` requests `match` selects are answered by `respond`, which may call `answer()` for the
   * mock's own answer (after a pause, say) or make any other (a body cut short, a huge one).
   */
  intercept(
    match: (method: string, path: string) => boolean,
    respond: (answer: () => Response) => Response | Promise<Response>,
    times?: number,
  ): void;
  /** Queues an instance with this body (a string as is, anything else as JSON); answers its guid. */
  enqueue(body: unknown): string;
  /** Queues the outcome of a submission. */
  deliver(submissionGuid: string, event?: 'succeeded' | 'failed', details?: string): string;
  /** Queues a buyer's Invoice Response to a submission. */
  buyerResponds(submissionGuid: string, code: string, reason?: string): string;
  /** Whether `/purchase_invoices/{guid}/ubl/original` answers (false: a 404, as from an older API). */
  originals: boolean;
  /** A document received for the legal entity, announced in the queue. */
  /** A received document queued for `options.legalEntityId` (default: the mock's own). */
  receive(
    xml: Uint8Array | string,
    options?: { legalEntityId?: number },
  ): { documentGuid: string; receiveGuid: string; instanceGuid: string };
  /** Queues an instance again after it was deleted (the provider delivering it twice). */
  replay(instanceGuid: string): void;
  stop(): void;
}

interface Participant {
  documentTypes: string[];
  email: boolean;
}

/** The SI-UBL 1.2 CustomizationID Storecove's unversioned `/ubl` rendering carries. */
export const SI_12_CUSTOMIZATION =
  'urn:www.cenbii.eu:transaction:biitrns010:ver2.0:extended:urn:www.peppol.eu:bis:peppol4a:ver2.0:extended:urn:www.simplerinvoicing.org:si:si-ubl:ver1.2';

/** The document as Storecove's SI-1.2 rendering states it: another CustomizationID (the rest kept here). */
function siRendering(xml: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(xml);
  return new TextEncoder().encode(
    text.replace(/(<cbc:CustomizationID>)[^<]*(<\/cbc:CustomizationID>)/, `$1${SI_12_CUSTOMIZATION}$2`),
  );
}

const errors = (...items: Array<[string, string]>) =>
  Response.json(
    items.map(([source, details]) => ({ source, details })),
    { status: 422 },
  );

export function startStorecoveMock(options: { apiKey?: string; legalEntityId?: number } = {}): StorecoveMock {
  const apiKey = options.apiKey ?? 'sc-test-key-0123456789';
  const legalEntityId = options.legalEntityId ?? 4711;
  const participants = new Map<string, Participant>();
  const usedIdempotency = new Set<string>();
  const receivedDocs = new Map<string, { receiveGuid: string; xml: Uint8Array; legalEntityId: number }>();
  const instances = new Map<string, Instance>();
  // Queue order for `each`: an instance's place, renewed when it is replayed.
  const order = new Map<string, number>();
  let placed = 0;
  let lastHanded = -1;
  let downRequests = 0;
  let downUntil = 0;
  let downRetryAfter = 5;
  let limited = 0;
  let limitRetryAfter = 1;
  const failures: Array<{
    status: number;
    body: unknown;
    match?: (method: string, path: string) => boolean;
  }> = [];
  const intercepts: Array<{
    match: (method: string, path: string) => boolean;
    respond: (answer: () => Response) => Response | Promise<Response>;
  }> = [];

  const key = (scheme: string, identifier: string) => `${scheme.toUpperCase()}|${identifier}`;

  function enqueue(body: unknown): string {
    const instance = {
      guid: crypto.randomUUID(),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    };
    instances.set(instance.guid, instance);
    order.set(instance.guid, placed++);
    mock.queue.push(instance);
    return instance.guid;
  }

  function deliver(submissionGuid: string, event: 'succeeded' | 'failed' = 'succeeded', details?: string) {
    return enqueue({
      event_type: 'document_submission',
      event,
      document_submission_guid: submissionGuid,
      timestamp: new Date().toISOString(),
      ...(event === 'failed'
        ? { details: [{ source: 'peppol', details: details ?? 'Delivery failed' }] }
        : {}),
    });
  }

  function submit(record: RecordedRequest, body: any): Response {
    const document = body.document ?? {};
    if ((body.legalEntityId === undefined) === (body.receiveGuid === undefined))
      return problem(record, 'body: exactly one of legalEntityId and receiveGuid is mandatory');
    if (body.idempotencyGuid !== undefined && usedIdempotency.has(body.idempotencyGuid))
      return errors([
        'idempotencyGuid',
        `A document with idempotencyGuid ${body.idempotencyGuid} has already been submitted`,
      ]);
    if (document.documentType === 'invoice') {
      if (body.legalEntityId !== legalEntityId) return new Response(null, { status: 403 });
      const raw = document.rawDocumentData;
      if (!raw || raw.parse === false || !raw.parseStrategy)
        return problem(
          record,
          'body.document.rawDocumentData: parse true with a parseStrategy is the supported way',
        );
      if (!body.routing?.eIdentifiers?.length && !body.routing?.emails?.length)
        return problem(record, 'body.routing: an eIdentifier or an email is needed to route the invoice');
      const bytes = new Uint8Array(Buffer.from(raw.document, 'base64'));
      if (!new TextDecoder().decode(bytes).trimStart().startsWith('<'))
        return errors(['document', 'The document could not be parsed as XML']);
      return accepted(body, bytes, mock.submissions, true);
    }
    if (document.documentType === 'invoice_response') {
      if (!body.receiveGuid || !document.invoiceResponse)
        return problem(record, 'body: an invoice_response needs receiveGuid and document.invoiceResponse');
      const known = [...receivedDocs.values()].some((doc) => doc.receiveGuid === body.receiveGuid);
      if (!known) return errors(['receiveGuid', `No received document ${body.receiveGuid}`]);
      return accepted(body, null, mock.responses, false);
    }
    return errors(['document.documentType', `${document.documentType} is not supported by this mock`]);
  }

  function accepted(body: any, document: Uint8Array | null, list: Submission[], invoice: boolean): Response {
    const guid = crypto.randomUUID();
    if (body.idempotencyGuid !== undefined) usedIdempotency.add(body.idempotencyGuid);
    list.push({ guid, idempotencyGuid: body.idempotencyGuid ?? '', body, document });
    if (invoice && mock.outcome !== 'none')
      deliver(guid, mock.outcome === 'delivered' ? 'succeeded' : 'failed');
    return Response.json({ guid });
  }

  // A semantic contract problem (one the schema cannot say): recorded like a schema problem.
  function problem(record: RecordedRequest, text: string): Response {
    record.problems.push(text);
    const [source = '', details = text] = text.split(': ');
    return errors([source, details]);
  }

  function nextInstance(): Response {
    const place = (instance: Instance) => order.get(instance.guid) ?? 0;
    const instance =
      mock.handOut === 'head'
        ? mock.queue[0]
        : (mock.queue.find((candidate) => place(candidate) > lastHanded) ?? mock.queue[0]);
    if (!instance) return new Response(null, { status: 204 });
    lastHanded = place(instance);
    return Response.json(instance);
  }

  function route(record: RecordedRequest, method: string, path: string, body: any): Response {
    const params = matchPath(OPENAPI, path)?.params ?? {};
    if (method === 'GET' && path.startsWith('/legal_entities/')) {
      if (Number(params.id) !== legalEntityId) return new Response(null, { status: 404 });
      return Response.json({
        id: legalEntityId,
        party_name: 'Muster Handel GmbH',
        line1: 'Hauptstraße 1',
        city: 'Berlin',
        zip: '10115',
        country: 'DE',
        advertisements: ['invoice', 'invoice_response'],
        peppol_identifiers: [
          { superscheme: 'iso6523-actorid-upis', scheme: 'DE:VAT', identifier: 'DE123456789' },
        ],
      });
    }
    if (method === 'POST' && path === '/discovery/receives') {
      const found = participants.get(key(body.scheme, body.identifier));
      const wanted: string[] = body.documentTypes ?? ['invoice', 'creditnote'];
      const ok = !!found && wanted.every((type) => found.documentTypes.includes(type));
      return Response.json({ code: ok ? 'OK' : 'NOK', email: ok && found.email });
    }
    if (method === 'POST' && path === '/document_submissions') return submit(record, body);
    if (method === 'GET' && path.startsWith('/purchase_invoices/')) {
      const doc = receivedDocs.get(params.guid ?? '');
      if (!doc || params.packaging !== 'ubl') return new Response(null, { status: 404 });
      // `/ubl/original` is the document as the seller sent it; the unversioned `/ubl` is Storecove's own
      // SI-UBL 1.2 rendering of it ("a Base64-encoded SI-1.2 UBL string"), played here by its CustomizationID.
      const version = params.package_version;
      if (version !== undefined && (version !== 'original' || !mock.originals))
        return new Response(null, { status: 404 });
      return Response.json({
        guid: params.guid,
        legal_entity_id: doc.legalEntityId,
        ubl: Buffer.from(version === 'original' ? doc.xml : siRendering(doc.xml)).toString('base64'),
        tax_system: 'tax_line_percentages',
        system_generated_primary_image: false,
      });
    }
    if (method === 'GET' && path === '/webhook_instances/') return nextInstance();
    if (method === 'DELETE' && path.startsWith('/webhook_instances/')) {
      const at = mock.queue.findIndex((instance) => instance.guid === params.guid);
      if (at < 0) return new Response(null, { status: 404 });
      mock.queue.splice(at, 1);
      mock.deleted.push(params.guid ?? '');
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    const text = await request.text();
    let body: any;
    let notJson = false;
    if (text)
      try {
        body = JSON.parse(text);
      } catch {
        notJson = true;
      }
    const record: RecordedRequest = {
      method: request.method,
      path,
      query: url.searchParams,
      headers: request.headers,
      body,
      problems: [],
      status: 0,
    };
    mock.requests.push(record);

    if (downRequests > 0 || Date.now() < downUntil) {
      if (downRequests > 0) downRequests--;
      return new Response('Service Unavailable', {
        status: 503,
        headers: { 'Retry-After': String(downRetryAfter) },
      });
    }
    if (limited > 0) {
      limited--;
      return new Response('Too Many Requests', {
        status: 429,
        headers: { 'Retry-After': String(limitRetryAfter) },
      });
    }
    if (request.headers.get('authorization') !== `Bearer ${apiKey}`)
      return new Response(null, { status: 401 });
    if (!url.pathname.startsWith(BASE_PATH)) {
      record.problems.push(`${path}: outside the API's base path ${BASE_PATH}`);
      return new Response(null, { status: 404 });
    }
    if (notJson) {
      record.problems.push('body: not JSON');
      return new Response('Bad Request', { status: 400 });
    }
    record.problems.push(
      ...validateRequest(OPENAPI, request.method, path, {
        headers: request.headers,
        query: url.searchParams,
        body,
      }),
    );
    if (record.problems.length) {
      if (!matchPath(OPENAPI, path)) return new Response(null, { status: 404 });
      return errors(...record.problems.map((text): [string, string] => ['request', text]));
    }
    const hook = intercepts.findIndex((h) => h.match(request.method, path));
    if (hook >= 0) {
      const [chosen] = intercepts.splice(hook, 1);
      if (chosen) return chosen.respond(() => route(record, request.method, path, body));
    }
    const failure = failures.findIndex((f) => !f.match || f.match(request.method, path));
    if (failure >= 0) {
      const [chosen] = failures.splice(failure, 1);
      if (chosen)
        return chosen.body === undefined
          ? new Response(null, { status: chosen.status })
          : Response.json(chosen.body, { status: chosen.status });
    }
    return route(record, request.method, path, body);
  }

  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    // A held answer (intercept) stays held: Bun's 10 s idle cut-off would end a call the service should end.
    idleTimeout: 0,
    fetch: async (request) => {
      const response = await handle(request);
      const last = mock.requests.at(-1);
      if (last) last.status = response.status;
      return response;
    },
  });

  const mock: StorecoveMock = {
    url: `http://127.0.0.1:${server.port}${BASE_PATH}`,
    apiKey,
    legalEntityId,
    requests: [],
    problems: () =>
      mock.requests.flatMap((r) =>
        r.problems.map((p) => (p.startsWith(`${r.method} `) ? p : `${r.method} ${r.path}: ${p}`)),
      ),
    submissions: [],
    responses: [],
    queue: [],
    deleted: [],
    handOut: 'head',
    originals: true,
    outcome: 'delivered',
    addParticipant(scheme, identifier, options = {}) {
      participants.set(key(scheme, identifier), {
        documentTypes: options.documentTypes ?? ['invoice', 'creditnote', 'invoice_response'],
        email: options.email ?? false,
      });
    },
    down({ requests = 0, seconds = 0, retryAfter = 5 }) {
      downRequests = requests;
      downUntil = seconds ? Date.now() + seconds * 1000 : 0;
      downRetryAfter = retryAfter;
    },
    rateLimit(requests, retryAfterSeconds) {
      limited = requests;
      limitRetryAfter = retryAfterSeconds;
    },
    failNext(status, body, match) {
      failures.push({ status, body, match });
    },
    intercept(match, respond, times = 1) {
      for (let time = 0; time < times; time++) intercepts.push({ match, respond });
    },
    enqueue,
    deliver,
    buyerResponds(submissionGuid, code, reason) {
      return enqueue({
        event_type: 'document_submission',
        event: 'invoice_response',
        document_submission_guid: submissionGuid,
        invoice_response: {
          responseCode: code,
          effectiveDate: new Date().toISOString().slice(0, 10),
          ...(reason
            ? {
                clarifications: [
                  {
                    clarificationCodeType: 'OPStatusReason',
                    clarificationCode: 'OTH',
                    clarification: reason,
                  },
                ],
              }
            : {}),
        },
      });
    },
    receive(xml, options = {}) {
      const documentGuid = crypto.randomUUID();
      const receiveGuid = crypto.randomUUID();
      const bytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
      const entity = options.legalEntityId ?? legalEntityId;
      receivedDocs.set(documentGuid, { receiveGuid, xml: bytes, legalEntityId: entity });
      const instanceGuid = enqueue({
        event_type: 'received_document',
        event: 'received',
        document_guid: documentGuid,
        receive_guid: receiveGuid,
        legal_entity_id: entity,
        document_type: 'invoice',
      });
      return { documentGuid, receiveGuid, instanceGuid };
    },
    replay(instanceGuid) {
      const instance = instances.get(instanceGuid);
      if (!instance) throw new Error(`no instance ${instanceGuid}`);
      if (mock.queue.includes(instance)) return;
      order.set(instanceGuid, placed++);
      mock.queue.push(instance);
    },
    stop() {
      server.stop(true);
    },
  };
  return mock;
}
