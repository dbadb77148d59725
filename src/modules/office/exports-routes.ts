import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, fileResponse } from '../../http/schemas';
import { OfficeExport, OfficeExportBody, presentOfficeExport } from './exports-model';
import { officeExportDownload, readOfficeExport, startOfficeExport } from './use-cases/office-export';

const detail = (summary: string) => ({ summary, tags: ['Office'] });
const withNotFound = { ...authErrors, 404: ErrorEnvelope };
const ExportParams = t.Object({ export_id: t.String() });

/**
 * An office's export of many clients' DATEV files for one period, made in the background
 * (docs/office.md): one ZIP, a folder per client named by its Mandantennummer.
 */
export function officeExportRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .post(
      '/office/exports',
      async ({ ctx, principal, body, set }) => {
        set.status = 202;
        return { data: presentOfficeExport(await startOfficeExport({ ctx, principal, input: body })) };
      },
      {
        auth: true,
        body: OfficeExportBody,
        response: { 202: dataOf(OfficeExport), ...withNotFound, 422: ErrorEnvelope },
        detail: detail(
          "Prepare one ZIP of many clients' DATEV files for a period (issued, received, master data), each client's in a folder named by its Mandantennummer",
        ),
      },
    )
    .get(
      '/office/exports/:export_id',
      async ({ ctx, principal, params }) => ({
        data: presentOfficeExport(await readOfficeExport(ctx, principal, params.export_id)),
      }),
      {
        auth: true,
        params: ExportParams,
        response: { 200: dataOf(OfficeExport), ...withNotFound },
        detail: detail("The status of an office export, with each client's files or problem once completed"),
      },
    )
    .get(
      '/office/exports/:export_id/download',
      async ({ ctx, principal, params }) => {
        const { filename, body } = await officeExportDownload(ctx, principal, deps.blobs, params.export_id);
        return new Response(body, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'no-store',
          },
        });
      },
      {
        auth: true,
        params: ExportParams,
        response: {
          200: fileResponse('application/zip', "The clients' DATEV files as one ZIP"),
          ...withNotFound,
          409: ErrorEnvelope,
        },
        detail: detail(
          'The ZIP of a completed office export (404 until it is completed; 409 once the user no longer reaches a client whose files it holds)',
        ),
      },
    );
}
