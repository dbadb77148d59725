// What one flow means to us, the same whether a poll found it or a callback named it:
// - our invoice flow refused at deposit (acknowledgement Error): the delivery failed, with the platform's
//   reasons (a refusal as duplicate is not a failure: the first deposit stands);
// - a lifecycle flow (CDAR) about an invoice we issued: a status of that delivery (statuses.ts);
// - an invoice deposited for us (direction In): a received document, its original bytes unchanged.
import type { ChannelConnection, ChannelEvent } from '../../delivery-channel';
import { XmlInputError } from '../../einvoicing/xsd/xml-input';
import { XmlLimitError } from '../../einvoicing/xsd/xml-limits';
import { NotACdarError, readCdar } from './cdar';
import type { OutFlowIndex } from './flow-index';
import { ackReason, type Flow, type Flows, isDuplicateAck, SEARCH_LIMIT } from './flows';
import { lifecycleStatus } from './statuses';

export interface EventDeps {
  flows: Flows;
  index: OutFlowIndex;
}

const INVOICE_SYNTAXES = new Set(['Factur-X', 'CII', 'UBL']);
const CONTENT_TYPES: Record<string, string> = {
  'Factur-X': 'application/pdf',
  CII: 'application/xml',
  UBL: 'application/xml',
};

const isLifecycle = (flow: Flow) => flow.flowSyntax === 'CDAR' || /LC$/.test(flow.flowType ?? '');
/** Lifecycle flows about invoices we received (our own answers, the platforms' receipts of them). */
const aboutReceived = (flow: Flow) => /^(State)?SupplierInvoiceLC$/.test(flow.flowType ?? '');

export async function eventsOfFlow(
  deps: EventDeps,
  conn: ChannelConnection,
  flow: Flow,
): Promise<ChannelEvent[]> {
  if (flow.flowDirection === 'Out') {
    deps.index.note(conn, flow);
    if (isLifecycle(flow) || flow.acknowledgement?.status !== 'Error' || isDuplicateAck(flow)) return [];
    return [
      {
        kind: 'status',
        providerRef: flow.flowId,
        state: 'failed',
        at: flow.updatedAt ?? null,
        reason: ackReason(flow),
        raw: { contentType: 'application/json', body: JSON.stringify(flow) },
      },
    ];
  }
  // An incoming flow still being checked (Pending) comes back with its next update; one the platform
  // refused (Error) never reached us as a document.
  if (flow.acknowledgement?.status !== 'Ok') return [];
  if (isLifecycle(flow)) return aboutReceived(flow) ? [] : statusesOf(deps, conn, flow);
  if (INVOICE_SYNTAXES.has(flow.flowSyntax)) return [await receivedOf(deps, conn, flow)];
  return [];
}

async function statusesOf(deps: EventDeps, conn: ChannelConnection, flow: Flow): Promise<ChannelEvent[]> {
  const original = await deps.flows.original(conn, flow.flowId);
  const xml = new TextDecoder().decode(original.bytes);
  let statuses: ReturnType<typeof readCdar>;
  try {
    statuses = readCdar(xml);
  } catch (error) {
    // Not ours to repair, and stopping here would stop every later flow: the flow is passed over.
    if (error instanceof NotACdarError || error instanceof XmlInputError || error instanceof XmlLimitError)
      return [];
    throw error;
  }
  const events: ChannelEvent[] = [];
  for (const status of statuses) {
    const providerRef = await deps.index.resolve(conn, deps.flows, status.invoiceNumber);
    if (!providerRef) continue;
    const known = lifecycleStatus(status.code, status.statedLabel ?? undefined);
    const reasons = status.reasons.length > 0 ? `: ${status.reasons.join('; ')}` : '';
    events.push({
      kind: 'status',
      providerRef,
      state: known.state,
      at: flow.submittedAt ?? null,
      reason: `${known.code} ${known.label}${reasons}`,
      raw: { contentType: 'application/xml', body: xml },
    });
  }
  return events;
}

async function receivedOf(deps: EventDeps, conn: ChannelConnection, flow: Flow): Promise<ChannelEvent> {
  const original = await deps.flows.original(conn, flow.flowId);
  const transport: Record<string, string> = { flowId: flow.flowId };
  for (const key of [
    'trackingId',
    'flowSyntax',
    'flowProfile',
    'flowType',
    'processingRule',
    'name',
  ] as const)
    if (typeof flow[key] === 'string' && flow[key] !== '') transport[key] = flow[key] as string;
  return {
    kind: 'received',
    providerRef: flow.flowId,
    bytes: original.bytes,
    contentType: CONTENT_TYPES[flow.flowSyntax] ?? original.contentType,
    fileName: original.fileName ?? flow.name ?? null,
    sender: null,
    transport,
    raw: { contentType: 'application/json', body: JSON.stringify(flow) },
  };
}

/** A poll starts here when it has no cursor: everything the platform still lists. */
const BEGINNING = '1970-01-01T00:00:00.000Z';
/** Pages one poll reads; the next poll continues from the cursor. */
const PAGES_PER_POLL = 10;

/**
 * Every flow updated strictly after the cursor (XP Z12-013's paging: `updatedAfter`), oldest first; the
 * next cursor is the last `updatedAt` read.
 */
export async function pollFlows(
  deps: EventDeps,
  conn: ChannelConnection,
  cursor: string | null,
): Promise<{ events: ChannelEvent[]; cursor: string | null }> {
  let after = cursor ?? BEGINNING;
  let moved = false;
  const events: ChannelEvent[] = [];
  for (let page = 0; page < PAGES_PER_POLL; page++) {
    const found = await deps.flows.search(conn, { updatedAfter: after });
    for (const flow of found) {
      events.push(...(await eventsOfFlow(deps, conn, flow)));
      if (Date.parse(flow.updatedAt) > Date.parse(after)) {
        after = flow.updatedAt;
        moved = true;
      }
    }
    if (found.length < SEARCH_LIMIT) break;
  }
  return { events, cursor: moved ? after : cursor };
}
