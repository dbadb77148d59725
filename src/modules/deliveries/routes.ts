import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { dataOf, ErrorEnvelope, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { findDocument } from '../documents';
import type { RenderRow } from '../renders';
import { linkKeyOf, renderServicesOf, renderStoredDocument, signedDownloadUrl } from '../renders';
import { Delivery, ListDeliveriesQuery, presentDelivery, SendDocumentBody } from './model';
import { findDelivery, listDeliveries } from './repo';
import { retryDelivery } from './use-cases/retry-delivery';
import { prepareEInvoiceRender, sendDocument } from './use-cases/send-document';

const detail = (summary: string) => ({ summary, tags: ['Deliveries'] });
const sendErrors = { ...withConflict, 501: ErrorEnvelope };

/** /documents/{id}/send and .../deliveries live here, not in documents: the module owns its table. */
export function deliveryRoutes(auth: Auth, deps: AppDeps) {
  // E-mailed links use the service's own origin, never the request's Host header: a caller could put any
  // host into a customer's e-mail otherwise.
  const linkFor = (ctx: AccountCtx) => (render: RenderRow) =>
    signedDownloadUrl(deps.signer, deps.ownOrigin(), render, linkKeyOf(ctx));
  const services = renderServicesOf(deps);
  return new Elysia()
    .use(auth)
    .post(
      '/api/v1/documents/:document_id/send',
      async ({ ctx, principal, params, body }) => {
        await prepareEInvoiceRender(ctx, {
          documentId: params.document_id,
          body,
          produce: (render) =>
            renderStoredDocument({
              ctx,
              services,
              input: {
                documentId: params.document_id,
                monthlyQuota: principal.monthlyRenderQuota,
                planId: principal.planId,
                body: render,
              },
            }),
        });
        const row = await sendDocument({
          ctx,
          input: { documentId: params.document_id, body, smtpUrl: deps.smtpUrl, link: linkFor(ctx) },
        });
        return { data: presentDelivery(row) };
      },
      {
        auth: true,
        params: t.Object({ document_id: t.String() }),
        body: SendDocumentBody,
        response: { 200: dataOf(Delivery), ...sendErrors },
        detail: detail(
          'Email a finalized document (queued; the newest current render is linked and attached). 501 without SMTP_URL',
        ),
      },
    )
    .get(
      '/api/v1/documents/:document_id/deliveries',
      async ({ ctx, params, query }) => {
        const page = readPageRequest(query);
        if (!(await findDocument(ctx.db, ctx.accountId, params.document_id))) throw notFound('Document');
        const rows = await listDeliveries(ctx.db, ctx.accountId, { documentId: params.document_id }, page);
        return toPage(rows, page, (r) => r.id, presentDelivery);
      },
      {
        auth: true,
        params: t.Object({ document_id: t.String() }),
        query: t.Object(PageQuery),
        response: { 200: pageOf(Delivery), ...withNotFound },
        detail: detail("List a document's deliveries, newest first"),
      },
    )
    .get(
      '/api/v1/deliveries',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listDeliveries(ctx.db, ctx.accountId, { status: query.status }, page);
        return toPage(rows, page, (r) => r.id, presentDelivery);
      },
      {
        auth: true,
        query: ListDeliveriesQuery,
        response: { 200: pageOf(Delivery), ...withNotFound },
        detail: detail('List all deliveries of the account, newest first, optionally by status'),
      },
    )
    .get(
      '/api/v1/deliveries/:delivery_id',
      async ({ ctx, params }) => {
        const row = await findDelivery(ctx.db, ctx.accountId, params.delivery_id);
        if (!row) throw notFound('Delivery');
        return { data: presentDelivery(row) };
      },
      {
        auth: true,
        params: t.Object({ delivery_id: t.String() }),
        response: { 200: dataOf(Delivery), ...withNotFound },
        detail: detail('Get a delivery with its status and, when it failed or bounced, the reason'),
      },
    )
    .post(
      '/api/v1/deliveries/:delivery_id/retry',
      async ({ ctx, params }) => {
        const row = await retryDelivery({
          ctx,
          input: { id: params.delivery_id, smtpUrl: deps.smtpUrl, link: linkFor(ctx) },
        });
        return { data: presentDelivery(row) };
      },
      {
        auth: true,
        params: t.Object({ delivery_id: t.String() }),
        response: { 200: dataOf(Delivery), ...sendErrors },
        detail: detail('Retry a failed or bounced delivery as a new delivery (409 from any other status)'),
      },
    );
}
