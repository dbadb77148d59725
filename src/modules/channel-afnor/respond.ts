// The buyer's answer to a received invoice, deposited as a lifecycle flow (flowSyntax CDAR): 205 Approuvée,
// 210 Refusée with its reason, 211 Paiement transmis. The trackingId is derived from the received flow
// and the status, so a retried answer finds the flow its first attempt deposited instead of a second one.
import { createHash } from 'node:crypto';
import type { ChannelConnection, InvoiceResponse, RawReceipt } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';
import { buildCdar } from './cdar';
import { fileStem } from './flow-index';
import { type Flows, isDuplicateAck, sha256Hex } from './flows';
import { settingsOf } from './settings';
import { LIFECYCLE_STATUSES, RESPONSE_CODES } from './statuses';

export async function respondWithCdar(
  flows: Flows,
  conn: ChannelConnection,
  received: { providerRef: string; transport: Record<string, string> },
  response: InvoiceResponse,
): Promise<RawReceipt> {
  if (!response.invoiceNumber)
    throw new ChannelError('A lifecycle status names the invoice by its number, and it is unknown', false);
  if (response.state === 'rejected' && !response.reason?.trim())
    throw new ChannelError('A refusal (210 Refusée) states its reason', false);
  const code = RESPONSE_CODES[response.state];
  const label = LIFECYCLE_STATUSES.get(code)?.label ?? code;
  const flowId = received.transport.flowId ?? received.providerRef;
  const trackingId = `cdar-${createHash('sha256').update(`${flowId}\n${code}`).digest('hex').slice(0, 31)}`;

  const earlier = await standing(flows, conn, trackingId);
  if (earlier) return earlier;

  const xml = buildCdar({
    code,
    label,
    invoiceNumber: response.invoiceNumber,
    invoiceTypeCode: response.documentType === 'credit_note' ? '381' : '380',
    invoiceIssueDate: response.issueDate,
    reason: response.reason?.trim() || null,
    buyer: response.sender,
    seller: response.receiver,
    at: conn.now(),
  });
  const bytes = new TextEncoder().encode(xml);
  const fileName = `CDAR_${fileStem(response.invoiceNumber)}_${code}.xml`;
  const created = await flows.create(
    conn,
    {
      trackingId,
      name: fileName,
      processingRule: settingsOf(conn).processing_rule ?? 'B2B',
      flowSyntax: 'CDAR',
      sha256: sha256Hex(bytes),
    },
    { bytes, contentType: 'application/xml', fileName },
  );
  if (created !== 'duplicate') return { contentType: 'application/json', body: created.raw };
  const first = await standing(flows, conn, trackingId);
  if (!first)
    throw new ChannelError(
      `The platform refused the status as already deposited, and none has trackingId ${trackingId}`,
      false,
    );
  return first;
}

async function standing(
  flows: Flows,
  conn: ChannelConnection,
  trackingId: string,
): Promise<RawReceipt | null> {
  const found = (await flows.search(conn, { trackingId, flowDirection: ['Out'] })).filter(
    (flow) => flow.trackingId === trackingId && !isDuplicateAck(flow),
  );
  const flow = found.at(-1);
  return flow ? { contentType: 'application/json', body: JSON.stringify(flow) } : null;
}
