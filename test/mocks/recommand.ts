// A Recommand stand-in on 127.0.0.1 (random port) for the offline contract tests of the Recommand channel
// (src/modules/channel-recommand). Every request is checked against test/mocks/openapi/recommand.json, a
// trimmed OpenAPI document written by hand from Recommand's zod schemas (Recommand publishes no static
// file: hono-openapi generates it at run time), with the shared validator (openapi-validate.ts); every
// answer of the mock is checked against the same document, so the mock cannot drift from it unnoticed.
// A test fails on any recorded problem (`problems()`).
//
// It plays what the real service does, as its source shows (recommand/recommand-peppol @ f26b74e9):
// Basic auth with key and secret; a synchronous send (AS4 inside the request: a 200 is delivered, a 422 an
// unreachable recipient, a 400 a document refused); documents listed newest first and searched over the
// same text Recommand searches (id, addresses, document type, process, country, and the number of the
// Peppol BIS invoices and credit notes it parses itself); the inbox of unread incoming documents;
// mark-as-read; the SMP lookup; unsigned webhook calls. And what a test drives: the provider down for a
// while (503), rate limited (429 + Retry-After), a send whose answer is lost after the document went out
// (a gateway's 504, an answer later than the client waits), a slow AS4 exchange (stored only at its end),
// a proxy's 502 before Recommand, a validation refusal (400), an unreachable recipient (422).
import type { Server } from 'bun';
import { create } from 'xmlbuilder2';
import recommandOpenApi from './openapi/recommand.json';
import { matchPath, resolve, validateRequest, validateValue } from './openapi-validate';

export const OPENAPI = recommandOpenApi as Record<string, any>;

/** One request the mock received, as the adapter sent it. */
export interface RecordedRequest {
  method: string;
  /** Relative to the API's base (`/v1/documents/doc_1`), without the query. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** What the OpenAPI document says is wrong with it (empty: nothing). */
  problems: string[];
  status: number;
}

export interface MockDocument {
  id: string;
  teamId: string;
  companyId: string;
  direction: 'incoming' | 'outgoing';
  senderId: string;
  receiverId: string | null;
  docTypeId: string;
  processId: string;
  countryC1: string;
  type: string;
  readAt: string | null;
  createdAt: string;
  updatedAt: string;
  xml: string | null;
  parsed: Record<string, unknown> | null;
  validation: null;
  sentOverPeppol: boolean;
  sentOverEmail: boolean;
  emailRecipients: string[];
  labels: never[];
  peppolMessageId: string | null;
  peppolConversationId: string | null;
  receivedPeppolSignalMessage: string | null;
  envelopeId: string | null;
}

export interface RecommandMock {
  /** The API base to configure as the connection's base URL (`http://127.0.0.1:<port>/api`). */
  url: string;
  apiKey: string;
  apiSecret: string;
  companyId: string;
  teamId: string;
  /** The company's own Peppol address (what it sends as and receives on). */
  address: string;
  requests: RecordedRequest[];
  documents: MockDocument[];
  /** Every problem of every request and answer, each prefixed by its request line. */
  problems(): string[];
  /** The outgoing documents, in the order they were sent. */
  sent(): MockDocument[];
  /** The recipient is on Peppol with these document types (`POST /v1/verify`); sends to it succeed. */
  register(address: string, docTypeIds: string[]): void;
  /** Sends to `address` fail as Recommand fails them when the AS4 exchange fails (422). */
  unreachable(address: string): void;
  /** The next `count` requests answer 503 (a deploy, an outage). */
  down(count: number): void;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimit(seconds: number, count?: number): void;
  /**
   * The next send goes out and is stored, but its answer is lost: `gateway` answers 504 as a proxy would,
   * `hang` answers only after `ms` (the client has given up by then).
   */
  loseNextSendAnswer(mode: 'gateway' | 'hang', ms?: number): void;
  /** The next send's AS4 exchange takes `ms`: the document is stored and answered only then. */
  slowNextSend(ms: number): void;
  /** The next send never reaches Recommand: a proxy answers `status` (502, …), nothing is sent. */
  failNextSend(status: number): void;
  /** The next send is refused by Recommand's validation (400), with these errors by field. */
  failValidation(errors: Record<string, string[]>): void;
  /** A document arrives for the company over Peppol: it is stored unread (the inbox). */
  receive(xml: string, from: { senderId: string; docTypeId: string; processId?: string }): MockDocument;
  /** The call Recommand makes to a webhook for a received document: its headers and raw body. */
  webhookCall(documentId: string): { headers: Headers; body: Uint8Array };
  stop(): void;
}

const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const MLR_DOCTYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:mlr:3::2.1';
const PEPPOL_BIS =
  /^urn:oasis:names:specification:ubl:schema:xsd:(Invoice-2::Invoice|CreditNote-2::CreditNote)##urn:cen\.eu:en16931:2017#compliant#urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const refuse = (
  status: number,
  message: string | Record<string, string[]>,
  headers: Record<string, string> = {},
) =>
  json(
    { success: false, errors: typeof message === 'string' ? { root: [message] } : message },
    status,
    headers,
  );

/** The root element's local name and the first child texts Recommand's detection and parser read. */
function readXml(xml: string): { root: string; customizationId?: string; id?: string } | null {
  try {
    const root = create(xml).root().node as unknown as {
      localName: string;
      childNodes: ArrayLike<{ nodeType: number; localName?: string; textContent: string | null }>;
    };
    const child = (name: string) =>
      Array.from(root.childNodes)
        .find((n) => n.nodeType === 1 && n.localName === name)
        ?.textContent?.trim();
    return { root: root.localName, customizationId: child('CustomizationID'), id: child('ID') };
  } catch {
    return null;
  }
}

export function startRecommandMock(): RecommandMock {
  const apiKey = 'key_test_0123456789';
  const apiSecret = 'secret_test_abcdefghij';
  const companyId = 'c_01JTESTCOMPANY';
  const teamId = 'team_01JTESTTEAM';
  const address = '0208:0123456789';
  const requests: RecordedRequest[] = [];
  const documents: MockDocument[] = [];
  const answerProblems: string[] = [];
  const recipients = new Map<string, string[]>();
  const unreachable = new Set<string>();
  let downFor = 0;
  let rateLimited = { count: 0, seconds: 0 };
  let lose: { mode: 'gateway' | 'hang'; ms: number } | null = null;
  let invalid: Record<string, string[]> | null = null;
  let slow = 0;
  let proxyFailure: number | null = null;
  let counter = 0;
  // Strictly increasing times, so "newest first" is a fixed order whatever the clock does.
  const clock = Date.parse('2026-12-01T09:00:00.000Z');
  const next = () => {
    counter += 1;
    return {
      id: `doc_01JMOCK${String(counter).padStart(10, '0')}`,
      at: new Date(clock + counter * 1000).toISOString(),
    };
  };

  const company = {
    id: companyId,
    teamId,
    name: 'Mock Supplies BV',
    address: 'Kerkstraat 1',
    postalCode: '1000',
    city: 'Brussel',
    country: 'BE',
    enterpriseNumberScheme: '0208',
    enterpriseNumber: '0123456789',
    vatNumber: 'BE0123456789',
    email: null,
    phone: null,
    isSmpRecipient: true,
    isVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  const withoutXml = ({ xml: _xml, ...rest }: MockDocument) => rest;
  const forInbox = ({ xml: _xml, parsed: _parsed, ...rest }: MockDocument) => rest;
  const searchText = (d: MockDocument) =>
    [
      d.id,
      d.senderId,
      d.receiverId,
      d.docTypeId,
      d.processId,
      d.countryC1,
      d.parsed?.invoiceNumber,
      d.parsed?.creditNoteNumber,
    ]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' ')
      .toLowerCase();

  function store(
    fields: Partial<MockDocument> &
      Pick<MockDocument, 'direction' | 'senderId' | 'receiverId' | 'docTypeId' | 'processId' | 'xml'>,
  ): MockDocument {
    const { id, at } = next();
    const facts = fields.xml === null ? null : readXml(fields.xml);
    // Recommand parses (and so knows the number of) Peppol BIS invoices and credit notes only.
    const bis = PEPPOL_BIS.exec(fields.docTypeId);
    const type = bis
      ? bis[1]?.startsWith('Invoice')
        ? 'invoice'
        : 'creditNote'
      : fields.docTypeId === MLR_DOCTYPE
        ? 'messageLevelResponse'
        : 'unknown';
    const parsed =
      type === 'invoice'
        ? { invoiceNumber: facts?.id ?? '' }
        : type === 'creditNote'
          ? { creditNoteNumber: facts?.id ?? '' }
          : null;
    const doc: MockDocument = {
      id,
      teamId,
      companyId,
      countryC1: 'BE',
      type,
      readAt: null,
      createdAt: at,
      updatedAt: at,
      parsed,
      validation: null,
      sentOverPeppol: true,
      sentOverEmail: false,
      emailRecipients: [],
      labels: [],
      peppolMessageId: `${id}-as4@mock.recommand`,
      peppolConversationId: `${id}-conversation`,
      receivedPeppolSignalMessage:
        fields.direction === 'outgoing' ? '<eb:SignalMessage>receipt</eb:SignalMessage>' : null,
      envelopeId: crypto.randomUUID(),
      ...fields,
    };
    documents.push(doc);
    return doc;
  }

  async function send(companyPath: string, body: any): Promise<Response> {
    if (companyPath !== companyId) return refuse(404, 'Company not found');
    if (body.documentType !== 'xml') return refuse(400, 'The mock takes documentType xml only');
    if (typeof body.document !== 'string') return refuse(400, 'Document could not be parsed.');
    const facts = readXml(body.document);
    if (facts === null) return refuse(400, 'Document could not be parsed.');
    let doctypeId: string | undefined = body.doctypeId;
    if (doctypeId === undefined) {
      // Recommand's detectDoctypeId: any ApplicationResponse is taken for a Message Level Response.
      if (facts.root === 'ApplicationResponse') doctypeId = MLR_DOCTYPE;
      else if (facts.root === 'Invoice' || facts.root === 'CreditNote')
        doctypeId = `urn:oasis:names:specification:ubl:schema:xsd:${facts.root}-2::${facts.root}##${facts.customizationId ?? ''}::2.1`;
      else
        return refuse(
          400,
          'Document type could not be detected automatically from your XML document. Please provide the doctypeId manually.',
        );
    }
    let processId: string | undefined = body.processId;
    if (processId === undefined) {
      if (PEPPOL_BIS.test(doctypeId)) processId = BILLING_PROCESS;
      else if (doctypeId === MLR_DOCTYPE) processId = 'urn:fdc:peppol.eu:poacc:bis:mlr:3';
      else return refuse(400, 'Failed to detect process id. Please provide the processId manually.');
    }
    if (invalid !== null) {
      const errors = invalid;
      invalid = null;
      return refuse(400, {
        root: [
          'Document validation failed. Please ensure your document complies with EN16931 and PEPPOL BIS 3.0 requirements.',
        ],
        ...errors,
      });
    }
    if (slow > 0) {
      const ms = slow;
      slow = 0;
      await Bun.sleep(ms);
    }
    let recipient: string = body.recipient;
    if (!recipient.includes(':')) recipient = `0208:${recipient.replace(/[^0-9]/g, '')}`;
    if (unreachable.has(recipient)) {
      return refuse(
        422,
        `Failed to send document over Peppol network. No SMP entry for participant ${recipient}`,
      );
    }
    const doc = store({
      direction: 'outgoing',
      senderId: address,
      receiverId: recipient,
      docTypeId: doctypeId,
      processId,
      xml: body.document,
    });
    const answer = {
      success: true,
      teamId,
      companyId,
      id: doc.id,
      peppolMessageId: doc.peppolMessageId,
      envelopeId: doc.envelopeId,
      sentOverPeppol: true,
      sentOverEmail: false,
      emailRecipients: [],
    };
    const lost = lose;
    lose = null;
    if (lost?.mode === 'gateway') return refuse(504, 'Gateway timeout');
    if (lost?.mode === 'hang') await Bun.sleep(lost.ms);
    return json(answer);
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: any,
  ): Response | Promise<Response> {
    const parts = path.split('/').slice(1);
    if (method === 'GET' && parts[0] === 'v1' && parts[1] === 'companies' && parts.length === 3) {
      return parts[2] === companyId ? json({ success: true, company }) : refuse(404, 'Company not found');
    }
    if (method === 'POST' && path === '/v1/verify') {
      const types = recipients.get(body.peppolAddress);
      if (!types) return json({ success: true, isValid: false });
      return json({
        success: true,
        isValid: true,
        smpUrl: `http://smp.mock/${encodeURIComponent(`iso6523-actorid-upis::${body.peppolAddress}`)}`,
        serviceMetadataReferences: [],
        smpHostnames: ['smp.mock'],
        supportedDocuments: types.map((docTypeId) => ({
          name: docTypeId.split('##')[0] ?? docTypeId,
          docTypeId,
        })),
      });
    }
    if (method === 'POST' && parts.length === 3 && parts[0] === 'v1' && parts[2] === 'send') {
      if (proxyFailure !== null) {
        const status = proxyFailure;
        proxyFailure = null;
        return new Response('<html><body>Bad gateway</body></html>', {
          status,
          headers: { 'content-type': 'text/html' },
        });
      }
      return send(decodeURIComponent(parts[1] ?? ''), body);
    }
    if (method === 'GET' && path === '/v1/documents') {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      const search = query.get('search')?.trim().toLowerCase();
      const found = documents
        .filter((d) => !query.get('companyId') || d.companyId === query.get('companyId'))
        .filter((d) => !query.get('direction') || d.direction === query.get('direction'))
        .filter((d) => !query.get('type') || d.type === query.get('type'))
        .filter((d) => !query.get('envelopeId') || d.envelopeId === query.get('envelopeId'))
        .filter(
          (d) => query.get('isUnread') === null || (d.readAt === null) === (query.get('isUnread') === 'true'),
        )
        .filter((d) => !search || searchText(d).includes(search))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return json({
        success: true,
        documents: found.slice((page - 1) * limit, page * limit).map(withoutXml),
        pagination: { total: found.length, page, limit, totalPages: Math.ceil(found.length / limit) },
      });
    }
    if (method === 'GET' && path === '/v1/inbox') {
      const wanted = query.get('companyId');
      const unread = documents
        .filter((d) => d.direction === 'incoming' && d.readAt === null && (!wanted || d.companyId === wanted))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return json({ success: true, documents: unread.map(forInbox) });
    }
    if (parts[0] === 'v1' && parts[1] === 'documents' && parts.length >= 3) {
      const doc = documents.find((d) => d.id === decodeURIComponent(parts[2] ?? ''));
      if (method === 'GET' && parts.length === 3) {
        return doc ? json({ success: true, document: doc }) : refuse(404, 'Document not found');
      }
      if (method === 'POST' && parts.length === 4 && parts[3] === 'mark-as-read') {
        if (!doc) return refuse(404, 'Document not found');
        const read = body?.read ?? true;
        doc.readAt = read ? (doc.readAt ?? new Date().toISOString()) : null;
        return json({ success: true });
      }
    }
    return refuse(404, 'Not found');
  }

  /** Checks an answer against the operation's response schema for its status. */
  async function checkAnswer(method: string, path: string, response: Response): Promise<void> {
    const match = matchPath(OPENAPI, path);
    const operation = match ? resolve(OPENAPI, match.item)[method.toLowerCase()] : undefined;
    if (!operation) return;
    const declared = operation.responses?.[String(response.status)];
    const where = `${method} ${path} answer ${response.status}`;
    if (!declared) {
      answerProblems.push(`${where}: status not declared`);
      return;
    }
    const schema = resolve(OPENAPI, declared).content?.['application/json']?.schema;
    if (schema) answerProblems.push(...validateValue(OPENAPI, schema, await response.clone().json(), where));
  }

  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api(?=\/)/, '');
      const text = await request.text();
      let body: unknown;
      let badJson = false;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          badJson = true;
        }
      }
      const recorded: RecordedRequest = {
        method: request.method,
        path,
        query: url.searchParams,
        headers: request.headers,
        body,
        problems: badJson
          ? ['body: not JSON']
          : validateRequest(OPENAPI, request.method, path, {
              headers: request.headers,
              query: url.searchParams,
              body,
            }),
        status: 0,
      };
      if (!url.pathname.startsWith('/api/'))
        recorded.problems.push(`${url.pathname}: outside the API base /api`);
      requests.push(recorded);

      let response: Response;
      if (downFor > 0) {
        downFor -= 1;
        response = refuse(503, 'Service unavailable');
      } else if (rateLimited.count > 0) {
        rateLimited.count -= 1;
        response = refuse(429, 'Too many requests', { 'retry-after': String(rateLimited.seconds) });
      } else if (request.headers.get('authorization') !== `Basic ${btoa(`${apiKey}:${apiSecret}`)}`) {
        response = refuse(401, 'Unauthorized');
      } else if (recorded.problems.length > 0) {
        // Recommand's zod validator refuses what its schema refuses.
        response = refuse(400, { root: recorded.problems });
      } else {
        response = await route(request.method, path, url.searchParams, body);
      }
      recorded.status = response.status;
      // Recommand's own answers are checked; those of what stands before it (429, 502-504) are not the API's.
      if (response.status < 429 || response.status === 500) await checkAnswer(request.method, path, response);
      return response;
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/api`,
    apiKey,
    apiSecret,
    companyId,
    teamId,
    address,
    requests,
    documents,
    problems: () => [
      ...requests.flatMap((r) => r.problems.map((p) => `${r.method} ${r.path}: ${p}`)),
      ...answerProblems,
    ],
    sent: () => documents.filter((d) => d.direction === 'outgoing'),
    register: (peppolAddress, docTypeIds) => {
      recipients.set(peppolAddress, docTypeIds);
    },
    unreachable: (peppolAddress) => {
      unreachable.add(peppolAddress);
    },
    down: (count) => {
      downFor = count;
    },
    rateLimit: (seconds, count = 1) => {
      rateLimited = { count, seconds };
    },
    loseNextSendAnswer: (mode, ms = 2000) => {
      lose = { mode, ms };
    },
    slowNextSend: (ms) => {
      slow = ms;
    },
    failNextSend: (status) => {
      proxyFailure = status;
    },
    failValidation: (errors) => {
      invalid = errors;
    },
    receive: (xml, from) =>
      store({
        direction: 'incoming',
        senderId: from.senderId,
        receiverId: address,
        docTypeId: from.docTypeId,
        processId: from.processId ?? BILLING_PROCESS,
        xml,
        sentOverPeppol: false,
        receivedPeppolSignalMessage: null,
      }),
    webhookCall: (documentId) => {
      const event = { eventType: 'document.received', documentId, teamId, companyId };
      answerProblems.push(
        ...validateValue(OPENAPI, OPENAPI.components.schemas.WebhookEvent, event, 'webhook'),
      );
      return {
        headers: new Headers({ 'content-type': 'application/json' }),
        body: new TextEncoder().encode(JSON.stringify(event)),
      };
    },
    stop: () => {
      server.stop(true);
    },
  };
}
