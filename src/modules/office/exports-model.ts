import { type Static, t } from 'elysia';
import { closed } from '../../domain/schema-parts';
import type { OfficeExportRow } from './schema';

const date = (description: string) => t.String({ format: 'date', description });

/** The most clients one export takes: an office's whole list, with room, yet one job's work. */
export const MAX_OFFICE_EXPORT_ACCOUNTS = 500;

export const OfficeExportBody = t.Object(
  {
    from: date('First day of the period (YYYY-MM-DD)'),
    to: date('Last day of the period (YYYY-MM-DD), included'),
    account_ids: t.Optional(
      t.Array(t.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: MAX_OFFICE_EXPORT_ACCOUNTS,
        description:
          'The clients, in the order of the ZIP (`acc_` ids of GET /accounts); default: every account the caller reaches that is not disabled',
      }),
    ),
  },
  closed,
);
export type OfficeExportBody = typeof OfficeExportBody.static;

export const OfficeExportResult = t.Object({
  account_id: t.String(),
  name: t.String({ description: "The client's name ('' for one the user no longer reaches)" }),
  folder: t.String({ description: "The client's folder in the ZIP ('' when it has no files)" }),
  files: t.Array(t.String(), { description: 'Paths in the ZIP' }),
  problem: t.Union([t.String(), t.Null()], {
    description: 'Why the client has no files (also in Fehler.txt at the ZIP root)',
  }),
});

export const OfficeExport = t.Object({
  id: t.String(),
  status: t.Union([t.Literal('queued'), t.Literal('running'), t.Literal('completed'), t.Literal('failed')]),
  from: t.String(),
  to: t.String(),
  accounts: t.Array(t.String(), { description: 'The client accounts asked for, in order' }),
  results: t.Union([t.Array(OfficeExportResult), t.Null()], {
    description: 'Per client what went into the ZIP or why not; null until completed',
  }),
  created_at: t.String(),
  completed_at: t.Union([t.String(), t.Null()]),
  size_bytes: t.Union([t.Integer(), t.Null()]),
  download_url: t.Union([t.String(), t.Null()], { description: 'Once completed: where to fetch the ZIP' }),
  error: t.Union([t.String(), t.Null()]),
});

export function presentOfficeExport(row: OfficeExportRow): Static<typeof OfficeExport> {
  return {
    id: row.id,
    status: row.status,
    from: row.from,
    to: row.to,
    accounts: row.clientIds,
    results: row.results,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    size_bytes: row.sizeBytes,
    download_url: row.status === 'completed' ? `/api/v1/office/exports/${row.id}/download` : null,
    error: row.errorMessage,
  };
}
