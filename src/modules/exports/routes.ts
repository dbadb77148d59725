import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, fileResponse } from '../../http/schemas';
import { renderServicesOf } from '../renders';
import {
  AccountingSettings,
  AccountingSettingsBody,
  ArchiveJob,
  ArchiveJobBody,
  CsvQuery,
  DatevMasterDataQuery,
  DatevQuery,
  PeriodQuery,
  presentArchiveJob,
} from './model';
import { putAccountingSettings, readAccountingSettings } from './use-cases/accounting-settings';
import { archiveExport } from './use-cases/archive';
import { archiveJobDownload, readArchiveJob, startArchiveJob } from './use-cases/archive-job';
import { datevExport } from './use-cases/datev-export';
import { datevMasterData } from './use-cases/datev-master-data';
import { documentsCsv, receivedDocumentsCsv } from './use-cases/documents-csv';

const detail = (summary: string, tag = 'Exports') => ({ summary, tags: [tag] });

/** A streamed download: the body is pulled as the client reads it. */
function download(body: ReadableStream, filename: string, contentType: string): Response {
  return new Response(body, {
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}

const csvBody = (description: string) => fileResponse('text/csv', description);
const withErrors = { ...authErrors, 409: ErrorEnvelope, 422: ErrorEnvelope };

export function exportRoutes(auth: Auth, deps: AppDeps) {
  const services = renderServicesOf(deps);
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .get('/settings/accounting', async ({ ctx }) => ({ data: await readAccountingSettings(ctx) }), {
      auth: true,
      response: { 200: dataOf(AccountingSettings), ...authErrors },
      detail: detail('The accounting settings DATEV exports use (SKR03 defaults until saved)', 'Settings'),
    })
    .put(
      '/settings/accounting',
      async ({ ctx, body }) => ({ data: await putAccountingSettings({ ctx, input: body }) }),
      {
        auth: true,
        body: AccountingSettingsBody,
        response: { 200: dataOf(AccountingSettings), ...authErrors, 422: ErrorEnvelope },
        detail: detail(
          "Replace the accounting settings; omitted fields take their defaults (accounts: the chart's)",
          'Settings',
        ),
      },
    )
    .get(
      '/exports/datev',
      async ({ ctx, query }) => {
        const { filename, body, bookedUntil, leftOut } = await datevExport({
          ctx,
          input: {
            from: query.from,
            to: query.to,
            kind: query.kind ?? 'issued',
            encoding: query.encoding ?? 'windows-1252',
          },
        });
        const charset = query.encoding === 'utf-8' ? 'utf-8' : 'windows-1252';
        const response = download(body, filename, `text/csv; charset=${charset}`);
        // The books kept elsewhere (booked_until): how many bookings of the period the file leaves out.
        if (bookedUntil !== null) {
          response.headers.set('x-datev-booked-until', bookedUntil);
          response.headers.set('x-datev-left-out', String(leftOut));
        }
        return response;
      },
      {
        auth: true,
        query: DatevQuery,
        response: {
          200: csvBody('DATEV EXTF Buchungsstapel, in windows-1252 (or UTF-8 with `encoding=utf-8`)'),
          ...withErrors,
        },
        detail: detail(
          'DATEV Buchungsstapel (EXTF 700, category 21) of the period: one booking per document and tax rate',
        ),
      },
    )
    .get(
      '/exports/documents.csv',
      async ({ ctx, query }) => {
        const { filename, body } = await documentsCsv({ ctx, input: query });
        return download(body, filename, 'text/csv; charset=utf-8');
      },
      {
        auth: true,
        query: CsvQuery,
        response: {
          200: csvBody('CSV, UTF-8, one line per document, in the form `format` names'),
          ...withErrors,
        },
        detail: detail('Issued invoices, credit notes and receipts of the period as CSV'),
      },
    )
    .get(
      '/exports/received-documents.csv',
      async ({ ctx, query }) => {
        const { filename, body } = await receivedDocumentsCsv({ ctx, input: query });
        return download(body, filename, 'text/csv; charset=utf-8');
      },
      {
        auth: true,
        query: CsvQuery,
        response: {
          200: csvBody('CSV, UTF-8, one line per received document, in the form `format` names'),
          ...withErrors,
        },
        detail: detail('Received documents of the period as CSV'),
      },
    )
    .get(
      '/exports/archive.zip',
      async ({ ctx, principal, query }) => {
        const { filename, body } = await archiveExport({
          ctx,
          services,
          input: {
            from: query.from,
            to: query.to,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
          },
        });
        return download(body, filename, 'application/zip');
      },
      {
        auth: true,
        query: PeriodQuery,
        response: { 200: fileResponse('application/zip', 'The archive as a ZIP, streamed'), ...withErrors },
        detail: detail(
          'Every issued PDF and e-invoice XML and every received original of the period, with index.csv',
        ),
      },
    )
    .post(
      '/exports/archive',
      async ({ ctx, body, set }) => {
        set.status = 202;
        return { data: presentArchiveJob(await startArchiveJob({ ctx, input: body })) };
      },
      {
        auth: true,
        body: ArchiveJobBody,
        response: { 202: dataOf(ArchiveJob), ...withErrors },
        detail: detail(
          'Prepare the archive of the period in the background (the same ZIP as archive.zip), to download later',
        ),
      },
    )
    .get(
      '/exports/archive/:archive_id',
      async ({ ctx, params }) => ({ data: presentArchiveJob(await readArchiveJob(ctx, params.archive_id)) }),
      {
        auth: true,
        response: { 200: dataOf(ArchiveJob), ...authErrors, 404: ErrorEnvelope },
        detail: detail('The status of an archive prepared in the background'),
      },
    )
    .get(
      '/exports/archive/:archive_id/download',
      async ({ ctx, params }) => {
        const { filename, body } = await archiveJobDownload(ctx, deps.blobs, params.archive_id);
        return download(body, filename, 'application/zip');
      },
      {
        auth: true,
        response: {
          200: fileResponse('application/zip', 'The archive as a ZIP'),
          ...authErrors,
          404: ErrorEnvelope,
        },
        detail: detail('The ZIP of a completed background archive (404 until it is completed)'),
      },
    )
    .get(
      '/exports/datev-master-data.csv',
      async ({ ctx, query }) => {
        const { filename, body } = await datevMasterData({
          ctx,
          input: { from: query.from, to: query.to, encoding: query.encoding ?? 'windows-1252' },
        });
        const charset = query.encoding === 'utf-8' ? 'utf-8' : 'windows-1252';
        return download(body, filename, `text/csv; charset=${charset}`);
      },
      {
        auth: true,
        query: DatevMasterDataQuery,
        response: {
          200: csvBody('DATEV EXTF Debitoren/Kreditoren, in windows-1252 (or UTF-8 with `encoding=utf-8`)'),
          ...withErrors,
        },
        detail: detail(
          "DATEV master data (EXTF 700, category 16) of the period's debtors and creditors, or of every numbered one",
        ),
      },
    );
}
