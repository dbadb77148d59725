import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, notFound, validationError } from '../../../shared/errors';
import { changeReceived, findReceived, refuseCredit } from '../../receiving';
import { keptReceipt } from '../receipts';
import { findConnection, findTransportOf, updateReceivedTransport } from '../repo';
import { adapterOf, type ChannelDeps, connectionOf, requestErrorOf } from '../runtime';
import type { NetworkReceivedRow } from '../schema';

export function presentTransport(row: NetworkReceivedRow) {
  return {
    received_id: row.receivedId,
    channel: row.channel,
    provider_ref: row.providerRef,
    sender: row.senderScheme && row.senderValue ? { scheme: row.senderScheme, value: row.senderValue } : null,
    transport: row.transport,
    response:
      row.response && row.respondedAt
        ? {
            state: row.response,
            reason: row.responseReason,
            at: row.respondedAt,
            receipt: row.responseReceipt,
          }
        : null,
  };
}

export async function transportOf(ctx: AccountCtx, receivedId: string) {
  if (!(await findReceived(ctx.db, ctx.accountId, receivedId))) throw notFound('Received document');
  const row = await findTransportOf(ctx.db, ctx.accountId, receivedId);
  if (!row)
    throw new DomainError('not_found', 'This document did not come over a channel', {
      received_id: receivedId,
    });
  return presentTransport(row);
}

const STATUS = { accepted: 'approved', rejected: 'rejected', paid: 'paid' } as const;

/**
 * POST /received-documents/{id}/response: the buyer's answer goes back to the seller over the channel the
 * invoice came by (a Peppol Invoice Response, a French lifecycle status), and the received document takes
 * the matching status (approved, rejected, paid). A rejection needs its reason; `paid` on a credit note or a
 * negative invoice is the PATCH's 409 (nothing is paid on it), refused before the seller is told.
 */
export async function respondToReceived(
  ctx: AccountCtx,
  deps: ChannelDeps,
  receivedId: string,
  input: { state: 'accepted' | 'rejected' | 'paid'; reason?: string },
) {
  const received = await findReceived(ctx.db, ctx.accountId, receivedId);
  if (!received) throw notFound('Received document');
  const transport = await findTransportOf(ctx.db, ctx.accountId, receivedId);
  if (!transport) {
    throw new DomainError(
      'conflict',
      'This document did not come over a channel: change its status with PATCH instead',
      { received_id: receivedId },
    );
  }
  if (input.state === 'rejected' && !input.reason?.trim()) {
    throw validationError([{ loc: 'body.reason', msg: 'a rejection states its reason', type: 'missing' }]);
  }
  if (input.state === 'paid') refuseCredit(received, 'mark-paid');
  const adapter = adapterOf(deps, transport.channel);
  const connection = await findConnection(ctx.db, ctx.accountId, transport.channel);
  if (!adapter.respond || !connection?.enabled) {
    throw new DomainError(
      'conflict',
      `${adapter.name} cannot answer received documents for this account now`,
      { channel: adapter.id },
    );
  }
  let receipt: { contentType: string; body: string };
  try {
    receipt = await adapter.respond(
      connectionOf(deps, adapter, connection),
      { providerRef: transport.providerRef, transport: transport.transport },
      {
        state: input.state,
        reason: input.reason?.trim() ?? null,
        invoiceNumber: received.invoiceNumber,
        issueDate: received.issueDate,
        documentType: received.documentType,
        // From us, the buyer (the connection's own identity), to the invoice's seller.
        sender: null,
        receiver:
          transport.senderScheme && transport.senderValue
            ? { scheme: transport.senderScheme, value: transport.senderValue }
            : (received.sellerElectronicAddress ?? null),
      },
    );
  } catch (error) {
    throw requestErrorOf(adapter, 'did not take the answer', error);
  }
  await updateReceivedTransport(ctx.db, transport.id, {
    response: input.state,
    responseReason: input.reason?.trim() ?? null,
    respondedAt: isoNow(ctx.clock),
    responseReceipt: keptReceipt(receipt).body,
  });
  await changeReceived({
    ctx,
    input: { id: receivedId, changes: { status: STATUS[input.state] }, answered: true },
  });
  return presentTransport((await findTransportOf(ctx.db, ctx.accountId, receivedId)) ?? transport);
}
