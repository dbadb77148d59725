import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, ErrorEnvelope, fileResponse } from '../../http/schemas';
import { renderServicesOf } from '../renders';
import { PeriodQuery } from './model';
import { auditExport } from './use-cases/audit-export';

/**
 * The tax audit export (GoBD Z3, docs/exports.md): a read, so any key of the account may make it, as the
 * other exports; the PDFs it has to draw count against the plan's render quota as the archive's do.
 */
export function auditRoutes(auth: Auth, deps: AppDeps) {
  const services = renderServicesOf(deps);
  return new Elysia({ prefix: '/api/v1' }).use(auth).get(
    '/exports/audit.zip',
    async ({ ctx, principal, query }) => {
      const { filename, body } = await auditExport({
        ctx,
        services,
        input: {
          from: query.from,
          to: query.to,
          monthlyQuota: principal.monthlyRenderQuota,
          planId: principal.planId,
        },
      });
      return new Response(body, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
          'cache-control': 'no-store',
        },
      });
    },
    {
      auth: true,
      query: PeriodQuery,
      response: {
        200: fileResponse('application/zip', 'A ZIP, streamed: CSV tables, index.xml, originals'),
        ...authErrors,
        409: ErrorEnvelope,
        422: ErrorEnvelope,
      },
      detail: {
        summary:
          'Tax audit data carrier of the period (GoBD Z3): CSV tables described by a GDPdU index.xml, with the issued and received originals',
        tags: ['Exports'],
      },
    },
  );
}
