import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { documentActionsBy, type PaymentAction } from '../../domain/document-actions';
import type { Auth } from '../../http/auth';
import { type ModuleLink, withLinkFields, withLinkValues } from '../../http/links';
import { dataOf, pageOf, withConflict, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { findDocument, readDocument, StoredDocument } from '../documents';
import { CreatePaymentBody, ListPaymentsQuery, Payment, presentPayment } from './model';
import { listPayments, paymentsOfDocument } from './repo';
import { deletePayment } from './use-cases/delete-payment';
import { markPaid } from './use-cases/mark-paid';
import { markUnpaid } from './use-cases/mark-unpaid';
import { recordPayment } from './use-cases/record-payment';

const detail = (summary: string, tag = 'Payments') => ({ summary, tags: [tag] });
const documentParams = t.Object({ document_id: t.String() });

/**
 * `links`: the fields other modules link to documents (`links.to('documents')`, handed in by module.ts), so
 * the documents mark-paid and mark-unpaid answer carry them as every answer of /api/v1/documents does.
 */
export function paymentRoutes(auth: Auth, _deps: AppDeps, links: readonly ModuleLink[] = []) {
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .post(
      '/documents/:document_id/payments',
      async ({ ctx, params, body, set }) => {
        const { payment } = await recordPayment({
          ctx,
          input: { documentId: params.document_id, payment: body },
        });
        set.status = 201;
        return { data: presentPayment(payment) };
      },
      {
        auth: true,
        params: documentParams,
        body: CreatePaymentBody,
        response: { 201: dataOf(Payment), ...withConflict },
        detail: detail(
          'Record a payment against a finalized, sent or paid invoice; one that settles it makes it paid',
        ),
      },
    )
    .get(
      '/documents/:document_id/payments',
      async ({ ctx, params }) => {
        const document = await findDocument(ctx.db, ctx.accountId, params.document_id);
        if (!document) throw notFound('Document');
        return { data: (await paymentsOfDocument(ctx.db, ctx.accountId, document.id)).map(presentPayment) };
      },
      {
        auth: true,
        params: documentParams,
        response: { 200: dataOf(t.Array(Payment)), ...withNotFound },
        detail: detail("A document's payments, newest first"),
      },
    )
    .get(
      '/payments',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const filters = {
          dateFrom: query.date_from,
          dateTo: query.date_to,
          customerId: query.customer_id,
        };
        return toPage(
          await listPayments(ctx.db, ctx.accountId, filters, page),
          page,
          (r) => r.id,
          presentPayment,
        );
      },
      {
        auth: true,
        query: ListPaymentsQuery,
        response: { 200: pageOf(Payment), ...withNotFound },
        detail: detail("The account's payments, newest first, filtered by payment date and customer"),
      },
    )
    .delete(
      '/payments/:payment_id',
      async ({ ctx, params }) => {
        await deletePayment({ ctx, input: { id: params.payment_id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params: t.Object({ payment_id: t.String() }),
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withConflict },
        detail: detail(
          'Delete a payment; an invoice it no longer leaves settled goes back to sent or finalized',
        ),
      },
    )
    .use(paymentActionRoutes(auth, links));
}

/** The lifecycle actions a payment drives (src/domain/document-actions.ts), each with its use-case. */
const PAYMENT_ACTIONS: Record<PaymentAction, { run: typeof markPaid; summary: string }> = {
  'mark-paid': { run: markPaid, summary: 'records what is still due as a payment dated today' },
  'mark-unpaid': { run: markUnpaid, summary: 'removes the payments that settled it' },
};

function paymentActionRoutes(auth: Auth, links: readonly ModuleLink[]) {
  // Documents' own answer schema with the links' fields (the very StoredDocument without links); typed as
  // declared, as documents' routes type theirs.
  const answer = withLinkFields(StoredDocument, links, 'answer') as unknown as typeof StoredDocument;
  // Mounted inside paymentRoutes' /api/v1.
  let app = new Elysia({ prefix: '/documents' }).use(auth);
  for (const action of documentActionsBy('payments')) {
    const { run, summary } = PAYMENT_ACTIONS[action];
    app = app.post(
      `/:document_id/${action}`,
      async ({ ctx, params }) => {
        const document = await readDocument(ctx, await run({ ctx, input: { id: params.document_id } }));
        const [linked] = await withLinkValues(ctx.db, ctx.accountId, links, [document]);
        return { data: linked ?? document };
      },
      {
        auth: true,
        params: documentParams,
        response: { 200: dataOf(answer), ...withConflict },
        detail: detail(`Lifecycle action: ${action} (${summary})`, 'Documents'),
      },
      // The handler is typed by the chain; only the loop's variable forgets the routes it adds.
    ) as unknown as typeof app;
  }
  return app;
}
