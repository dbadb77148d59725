// Depositing an invoice: one flow per delivery, whatever the attempts. Our trackingId is the delivery's
// idempotency UUID: before depositing, a search by trackingId finds an earlier attempt's flow (one that
// went through while its answer was lost) and that flow is the delivery's; a platform that refuses the
// flow as AlreadyExistingFlow is answered the same way.
import type { ChannelConnection, OutgoingMessage, SendReceipt } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';
import { fileStem, type OutFlowIndex } from './flow-index';
import { ackReason, type Flow, type FlowSyntax, type Flows, isDuplicateAck, sha256Hex } from './flows';
import { type FlowProfile, settingsOf } from './settings';

/** What a profile deposits: Factur-X as its PDF, the XML syntaxes as their XML. */
const PROFILE_FILES: Record<string, { syntax: FlowSyntax; pdf: boolean }> = {
  // The service's profiles (src/einvoicing/profiles.ts): Factur-X EN 16931 as its PDF/A-3; the Peppol BIS
  // UBL, an EN 16931 invoice in UBL, as its XML.
  factur_x_en16931: { syntax: 'Factur-X', pdf: true },
  peppol_bis_billing_3: { syntax: 'UBL', pdf: false },
};

/**
 * The flow profile: every profile this channel sends is an EN 16931 core invoice, which XP Z12-013 calls
 * CIUS (the French CIUS of EN 16931); Basic would be a reduced data set (Factur-X BASIC), Extended-CTC-FR
 * the extended one. The account may state another (settings.flow_profile).
 */
const DEFAULT_FLOW_PROFILE: FlowProfile = 'CIUS';

export async function sendInvoice(
  deps: { flows: Flows; index: OutFlowIndex },
  conn: ChannelConnection,
  message: OutgoingMessage,
): Promise<SendReceipt> {
  const chosen = PROFILE_FILES[message.profile] ?? {
    syntax: message.syntax === 'ubl' ? 'UBL' : 'CII',
    pdf: false,
  };
  if (chosen.pdf && !message.pdf)
    throw new ChannelError('A Factur-X flow is its PDF, and the delivery has none', false);
  const bytes = chosen.pdf && message.pdf ? message.pdf : message.xml;
  const fileName = `${fileStem(message.number)}.${chosen.pdf ? 'pdf' : 'xml'}`;
  const settings = settingsOf(conn);
  const trackingId = message.idempotencyUuid;

  const earlier = await ourFlow(deps.flows, conn, trackingId);
  if (earlier) return receiptOf(deps, conn, earlier);

  const created = await deps.flows.create(
    conn,
    {
      trackingId,
      name: fileName,
      processingRule: settings.processing_rule ?? 'B2B',
      flowSyntax: chosen.syntax,
      flowProfile: settings.flow_profile ?? DEFAULT_FLOW_PROFILE,
      sha256: sha256Hex(bytes),
    },
    { bytes, contentType: chosen.pdf ? 'application/pdf' : 'application/xml', fileName },
  );
  if (created === 'duplicate') {
    const first = await ourFlow(deps.flows, conn, trackingId);
    if (!first)
      throw new ChannelError(
        `The platform refused the flow as already deposited (AlreadyExistingFlow), and no flow has trackingId ${trackingId}`,
        false,
      );
    return receiptOf(deps, conn, first);
  }
  deps.index.note(conn, { ...created.flow, flowDirection: 'Out', acknowledgement: { status: 'Pending' } });
  return {
    providerRef: created.flow.flowId,
    state: 'submitted',
    raw: { contentType: 'application/json', body: created.raw },
  };
}

/** Our outgoing flow with this trackingId that stands (not itself refused as a duplicate), newest first. */
async function ourFlow(flows: Flows, conn: ChannelConnection, trackingId: string): Promise<Flow | null> {
  const found = await flows.search(conn, { trackingId, flowDirection: ['Out'] });
  const standing = found.filter((flow) => flow.trackingId === trackingId && !isDuplicateAck(flow));
  return standing.sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt))[0] ?? null;
}

/** An earlier attempt's flow: the delivery's, or its failure when the platform refused it at deposit. */
function receiptOf(deps: { index: OutFlowIndex }, conn: ChannelConnection, flow: Flow): SendReceipt {
  deps.index.note(conn, flow);
  const raw = { contentType: 'application/json', body: JSON.stringify(flow) };
  if (flow.acknowledgement?.status === 'Error')
    throw new ChannelError(`The platform refused the flow: ${ackReason(flow)}`, false, { raw });
  return { providerRef: flow.flowId, state: 'submitted', raw };
}
