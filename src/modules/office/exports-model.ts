import { type Static, t } from 'elysia';
import { closed } from '../../domain/schema-parts';
import type {
  OfficeExportProblemCode,
  OfficeExportResult as OfficeExportResultRow,
  OfficeExportRow,
} from './schema';

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
    description: 'Why the client has no files, in English (in German in Fehler.txt at the ZIP root)',
  }),
  problem_code: t.Union(
    [
      t.Literal('datev_numbers_missing'),
      t.Literal('fiscal_year_span'),
      t.Literal('exchange_rate_missing'),
      t.Literal('account_disabled'),
      t.Literal('not_reached'),
      t.Literal('refused'),
      t.Null(),
    ],
    {
      description:
        "The problem as data: DATEV numbers not set (`missing` names which), a period across two of the client's fiscal years, a foreign-currency document without its rate to the euro, the client disabled, the client no longer reached by who asked, another refusal; null with files",
    },
  ),
  missing: t.Array(t.Union([t.Literal('consultant_number'), t.Literal('client_number')]), {
    description: 'For `datev_numbers_missing`: the DATEV numbers the client has not set; else empty',
  }),
  booked_until: t.Optional(
    t.String({
      description:
        "The client's books kept elsewhere up to this day (its DATEV settings' booked_until): only when set",
    }),
  ),
  left_out: t.Optional(
    t.Object(
      { issued: t.Integer(), received: t.Integer() },
      { description: 'With booked_until: the bookings dated on or before it that the two files leave out' },
    ),
  ),
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

type PresentedResult = Static<typeof OfficeExportResult>;

/**
 * A result as the API gives it. Exports made before codes were kept carry the English problem only: its
 * code is read back from the few sentences the export wrote then (anything else was another refusal).
 */
function presentResult(result: OfficeExportResultRow): PresentedResult {
  const coded = result.problem_code !== undefined ? null : legacyCode(result.problem);
  const code = result.problem_code ?? coded?.code ?? null;
  const missing = (result.missing ?? coded?.missing ?? []).filter(
    (m): m is 'consultant_number' | 'client_number' => m === 'consultant_number' || m === 'client_number',
  );
  return { ...result, problem_code: code, missing };
}

const LEGACY_MISSING =
  /^Set ((?:consultant_number|client_number)(?: and (?:consultant_number|client_number))?) in PUT /;

function legacyCode(problem: string | null): { code: OfficeExportProblemCode; missing: string[] } | null {
  if (problem === null) return null;
  const missing = LEGACY_MISSING.exec(problem);
  if (missing) return { code: 'datev_numbers_missing', missing: (missing[1] ?? '').split(' and ') };
  if (problem === 'the account is disabled') return { code: 'account_disabled', missing: [] };
  if (problem.startsWith('no longer reached by the user who asked'))
    return { code: 'not_reached', missing: [] };
  if (problem.includes('within one fiscal year')) return { code: 'fiscal_year_span', missing: [] };
  if (problem.startsWith('DATEV needs the rate to the euro'))
    return { code: 'exchange_rate_missing', missing: [] };
  return { code: 'refused', missing: [] };
}

export function presentOfficeExport(row: OfficeExportRow): Static<typeof OfficeExport> {
  return {
    id: row.id,
    status: row.status,
    from: row.from,
    to: row.to,
    accounts: row.clientIds,
    results: row.results?.map(presentResult) ?? null,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    size_bytes: row.sizeBytes,
    download_url: row.status === 'completed' ? `/api/v1/office/exports/${row.id}/download` : null,
    error: row.errorMessage,
  };
}
