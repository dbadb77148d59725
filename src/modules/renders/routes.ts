import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { type Auth, authorize } from '../../http/auth';
import { dataOf, ErrorEnvelope, fileResponse, withConflict, withNotFound } from '../../http/schemas';
import { DomainError, notFound } from '../../shared/errors';
import { findAccountWithPlan } from '../accounts';
import { isActiveKey } from '../api-keys';
import { CreateDocumentBody, findDocument } from '../documents';
import { memberForKey } from '../workspaces';
import {
  ExpiresIn,
  IssuedFile,
  PageSizeSchema,
  presentIssuedFile,
  presentRender,
  Render,
  StatelessRenderBody,
} from './model';
import { findRender, findRenderById, issuedFilesOf } from './repo';
import { downloadUrl, linkHolderOf, pdfResponse, renderResponse, wantsBinary } from './respond';
import { renderServicesOf } from './services';
import { renderDraftPreview } from './use-cases/render-draft-preview';
import { renderStateless, statelessRenderOf } from './use-cases/render-stateless';
import { renderStoredDocument } from './use-cases/render-stored-document';

const detail = (summary: string) => ({ summary, tags: ['Renders'] });
const closed = { additionalProperties: false } as const;
const PdfBinary = fileResponse(
  'application/pdf',
  'PDF bytes (with Accept: application/pdf or delivery: binary)',
);

export function renderRoutes(auth: Auth, deps: AppDeps) {
  const authDeps = deps;
  const services = renderServicesOf(deps);
  return new Elysia()
    .use(auth)
    .post(
      '/api/v1/documents/:document_id/renders',
      async ({ ctx, principal, params, body, request }) => {
        const result = await renderStoredDocument({
          ctx,
          services,
          input: {
            documentId: params.document_id,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
            body: body ?? {},
          },
        });
        return renderResponse(services, request, result, wantsBinary(request), linkHolderOf(ctx));
      },
      {
        auth: true,
        params: t.Object({ document_id: t.String() }),
        body: t.Optional(
          t.Object(
            {
              format: t.Optional(t.Union([t.Literal('pdf'), t.Literal('facturx_pdf')])),
              template_id: t.Optional(t.String()),
              template_version: t.Optional(t.Integer({ minimum: 1 })),
              page_size: t.Optional(PageSizeSchema),
              expires_in: t.Optional(ExpiresIn),
            },
            closed,
          ),
        ),
        response: { 200: t.Union([dataOf(Render), PdfBinary]), ...withConflict, 422: ErrorEnvelope },
        detail: detail(
          'Render a stored document (not a draft) to PDF: its first PDF is kept as issued and served again; another template, version or page size is a copy',
        ),
      },
    )
    .get(
      '/api/v1/documents/:document_id/issued-files',
      async ({ ctx, params }) => {
        if (!(await findDocument(ctx.db, ctx.accountId, params.document_id))) throw notFound('Document');
        const rows = await issuedFilesOf(ctx.db, ctx.accountId, params.document_id);
        return { data: rows.map(presentIssuedFile) };
      },
      {
        auth: true,
        params: t.Object({ document_id: t.String() }),
        response: { 200: dataOf(t.Array(IssuedFile)), ...withNotFound },
        detail: detail(
          "The files a document was issued as (its PDF and e-invoice XML), kept byte for byte from their first use, with each one's SHA-256",
        ),
      },
    )
    .post(
      '/api/v1/documents/render',
      async ({ ctx, principal, body, request }) => {
        const result = await renderStateless({
          ctx,
          services,
          input: {
            accountId: ctx.accountId,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
            render: statelessRenderOf(body),
          },
        });
        return renderResponse(
          services,
          request,
          result,
          wantsBinary(request, body.output?.delivery),
          linkHolderOf(ctx),
        );
      },
      {
        auth: true,
        body: StatelessRenderBody,
        response: { 200: t.Union([dataOf(Render), PdfBinary]), ...withNotFound },
        detail: detail('Render posted document data to PDF without storing a document'),
      },
    )
    .post(
      '/api/v1/documents/preview',
      async ({ ctx, principal, body }) => {
        const result = await renderDraftPreview({
          ctx,
          services,
          input: { body, monthlyQuota: principal.monthlyRenderQuota, planId: principal.planId },
        });
        return pdfResponse(result.bytes, result.row);
      },
      {
        auth: true,
        body: t.Object(
          {
            ...CreateDocumentBody.properties,
            template_id: t.Optional(t.String()),
            template_version: t.Optional(t.Integer({ minimum: 1 })),
          },
          { ...closed, description: 'A create body (POST /documents; number optional) and the template' },
        ),
        response: { 200: PdfBinary, ...withNotFound },
        detail: detail(
          "Preview a draft as it would be stored: the PDF a render of the stored document gives (the document's language, else the business profile's; the profile's page size and logo), without storing the document",
        ),
      },
    )
    .get(
      '/api/v1/renders/:render_id',
      async ({ ctx, params, request }) => {
        const row = await findRender(ctx.db, ctx.accountId, params.render_id);
        if (!row || row.expiresAt <= ctx.clock.now().toISOString()) throw notFound('Render');
        return { data: presentRender(row, downloadUrl(services, request, row, linkHolderOf(ctx))) };
      },
      {
        auth: true,
        params: t.Object({ render_id: t.String() }),
        response: { 200: dataOf(Render), ...withNotFound },
        detail: detail('Get a render (404 once expired)'),
      },
    )
    .get(
      '/api/v1/renders/:render_id/download',
      async ({ params, query, request, set }) => {
        const now = authDeps.clock.now();
        let row = await findRenderById(authDeps.db, params.render_id);
        if (query.token !== undefined) {
          // The signed link is a credential of its own: this one render, until it expires, while its
          // account is enabled and who made it still holds: the key is not revoked, the member not removed.
          const signed = row ? services.signer.verify(row.id, query.token, now) : false;
          if (!row || !signed || !(await linkStillGranted(authDeps.db, row.accountId, signed.keyId))) {
            throw notFound('Render');
          }
        } else {
          const { principal } = await authorize(
            authDeps,
            request.headers,
            set.headers as Record<string, string>,
          );
          if (row?.accountId !== principal.accountId) row = undefined;
        }
        if (!row || row.expiresAt <= now.toISOString()) throw notFound('Render');
        const bytes = await services.blobs.get(row.blobKey);
        if (!bytes) throw new DomainError('not_found', 'Render not found');
        return pdfResponse(bytes, row);
      },
      {
        params: t.Object({ render_id: t.String() }),
        query: t.Object({ token: t.Optional(t.String()) }),
        response: { 200: PdfBinary, 401: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope },
        detail: { ...detail('Download a render: with its signed link, or with an API key'), security: [] },
      },
    );
}

async function linkStillGranted(
  db: AppDeps['db'],
  accountId: string,
  holder: string | null,
): Promise<boolean> {
  const account = await findAccountWithPlan(db, accountId);
  if (!account || account.account.disabledAt !== null) return false;
  if (holder === null) return true;
  // A person's link (made in the console): while they are still that member of the account.
  if (holder.startsWith('wsm_')) return (await memberForKey(db, accountId, holder)) !== undefined;
  return await isActiveKey(db, accountId, holder);
}
