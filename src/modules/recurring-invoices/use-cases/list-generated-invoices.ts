import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { type Page, type PageRequest, toPage } from '../../../shared/pagination';
import { findDelivery } from '../../deliveries';
import { findDocument, presentTotals } from '../../documents';
import { sendErrorCode } from '../error-codes';
import type { GeneratedInvoice } from '../model';
import { findRecurring, listOccurrences, occurrencePageKey } from '../repo';

/**
 * The invoices a schedule generated, newest occurrence first. A generated draft deleted since is left
 * out (its period still counts as generated and is not made again).
 */
export async function listGeneratedInvoices({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; page: PageRequest };
}): Promise<Page<GeneratedInvoice>> {
  if (!(await findRecurring(ctx.db, ctx.accountId, input.id))) throw notFound('Recurring invoice');
  const page = toPage(
    await listOccurrences(ctx.db, input.id, input.page),
    input.page,
    occurrencePageKey,
    (r) => r,
  );
  const data: GeneratedInvoice[] = [];
  for (const occurrence of page.data) {
    const document = await findDocument(ctx.db, ctx.accountId, occurrence.documentId);
    if (!document) continue;
    const delivery =
      occurrence.deliveryId === null
        ? undefined
        : await findDelivery(ctx.db, ctx.accountId, occurrence.deliveryId);
    data.push({
      id: document.id,
      invoice_number: document.number,
      number: document.number,
      status: document.status,
      issue_date: document.issueDate,
      due_date: document.dueDate,
      occurrence_date: occurrence.occurrenceDate,
      ...(occurrence.deliveryId !== null ? { delivery_id: occurrence.deliveryId } : {}),
      ...(delivery ? { delivery_status: delivery.status } : {}),
      ...(occurrence.sendError !== null
        ? { send_error: occurrence.sendError, send_error_code: sendErrorCode(occurrence.sendError) }
        : {}),
      totals: presentTotals(document.totals, document.currency),
      created_at: document.createdAt,
    });
  }
  return { data, pagination: page.pagination };
}
