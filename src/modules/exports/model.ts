import { type Static, t } from 'elysia';
import type { ExportArchiveRow } from './schema';

const Assignment = t.Object(
  {
    account: t.String({ pattern: '^[0-9]{1,9}$', description: 'Sachkonto, digits only', examples: ['8400'] }),
    tax_key: t.Optional(
      t.Union([
        t.String({
          pattern: '^[0-9]{1,4}$',
          description: 'BU-Schlüssel; null (the default) for automatic accounts',
        }),
        t.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);

const caseFields = (description: string) =>
  t.Object(
    {
      standard_19: t.Optional(Assignment),
      reduced_7: t.Optional(Assignment),
      intra_eu: t.Optional(Assignment),
      third_country: t.Optional(Assignment),
      reverse_charge: t.Optional(Assignment),
      reverse_charge_domestic: t.Optional(Assignment),
      reverse_charge_third_country: t.Optional(Assignment),
      small_business: t.Optional(Assignment),
      zero_rated: t.Optional(Assignment),
      exempt: t.Optional(Assignment),
      outside_scope_eu: t.Optional(Assignment),
      outside_scope_third_country: t.Optional(Assignment),
      other: t.Optional(Assignment),
    },
    { additionalProperties: false, description },
  );

const AssignmentOut = t.Object({ account: t.String(), tax_key: t.Union([t.String(), t.Null()]) });
const caseFieldsOut = t.Object({
  standard_19: AssignmentOut,
  reduced_7: AssignmentOut,
  intra_eu: AssignmentOut,
  third_country: AssignmentOut,
  reverse_charge: AssignmentOut,
  reverse_charge_domestic: AssignmentOut,
  reverse_charge_third_country: AssignmentOut,
  small_business: AssignmentOut,
  zero_rated: AssignmentOut,
  exempt: AssignmentOut,
  outside_scope_eu: AssignmentOut,
  outside_scope_third_country: AssignmentOut,
  other: AssignmentOut,
});

export const Chart = t.Union([t.Literal('SKR03'), t.Literal('SKR04')]);

export const AccountingSettings = t.Object({
  chart: Chart,
  consultant_number: t.Union([t.Integer(), t.Null()]),
  client_number: t.Union([t.Integer(), t.Null()]),
  fiscal_year_start: t.String({ description: 'MM-DD' }),
  account_length: t.Integer(),
  revenue_accounts: caseFieldsOut,
  expense_accounts: caseFieldsOut,
  first_debtor_number: t.Integer(),
  first_creditor_number: t.Integer(),
  booked_until: t.Optional(
    t.String({
      format: 'date',
      description:
        'Bereits gebucht bis: the books up to this day are kept elsewhere; DATEV exports leave bookings dated on or before it out (only when set)',
    }),
  ),
});
export type AccountingSettings = typeof AccountingSettings.static;

/** PUT replaces the settings: an omitted field takes its default (accounts: the chart's, per tax case). */
export const AccountingSettingsBody = t.Object(
  {
    chart: t.Optional(Chart),
    consultant_number: t.Optional(
      t.Union([
        t.Integer({ minimum: 1001, maximum: 9_999_999, description: "The tax adviser's Beraternummer" }),
        t.Null(),
      ]),
    ),
    client_number: t.Optional(
      t.Union([t.Integer({ minimum: 1, maximum: 99_999, description: 'Mandantennummer' }), t.Null()]),
    ),
    fiscal_year_start: t.Optional(
      t.String({
        pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
        description: 'MM-DD the fiscal year begins (Wirtschaftsjahresbeginn)',
        examples: ['01-01'],
      }),
    ),
    account_length: t.Optional(
      t.Integer({
        minimum: 4,
        maximum: 8,
        description: 'Sachkontenlänge: digits of a general ledger account',
      }),
    ),
    revenue_accounts: t.Optional(
      caseFields("Revenue accounts of issued documents per tax case; omitted cases take the chart's"),
    ),
    expense_accounts: t.Optional(
      caseFields("Expense accounts of received documents per tax case; omitted cases take the chart's"),
    ),
    first_debtor_number: t.Optional(
      t.Integer({ description: 'The first debtor number given to a customer (default 10000)' }),
    ),
    first_creditor_number: t.Optional(
      t.Integer({ description: 'The first creditor number given to a supplier (default 70000)' }),
    ),
    booked_until: t.Optional(
      t.Union([
        t.String({
          description:
            'YYYY-MM-DD, "Bereits gebucht bis": the books up to this day are kept elsewhere (the tax adviser booked them from the tool used before); DATEV exports leave every booking dated on or before it out. null or omitted: none',
          examples: ['2026-05-31'],
        }),
        t.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type AccountingSettingsBody = typeof AccountingSettingsBody.static;

const date = (description: string) => t.String({ format: 'date', description });

export const PeriodQuery = t.Object({
  from: date('First issue date of the period (YYYY-MM-DD)'),
  to: date('Last issue date of the period (YYYY-MM-DD), included'),
});

/** documents.csv and received-documents.csv: the period and the form (docs/exports.md). */
export const CsvQuery = t.Object({
  ...PeriodQuery.properties,
  format: t.Optional(
    t.Union([t.Literal('machine'), t.Literal('excel-de')], {
      description:
        "machine: UTF-8, ',', decimal points, ISO dates; excel-de: as German Excel reads it, UTF-8 with a " +
        "byte-order mark, ';', decimal commas, DD.MM.YYYY. Default: excel-de when the account's language " +
        '(the default_locale of its oldest business profile stating one) is German, except de-CH and de-LI; ' +
        'else machine',
    }),
  ),
});

export const DatevQuery = t.Object({
  from: date('First document date of the period (YYYY-MM-DD)'),
  to: date('Last document date of the period (YYYY-MM-DD), included'),
  kind: t.Optional(
    t.Union([t.Literal('issued'), t.Literal('received')], {
      description: 'issued (default): revenue bookings of documents; received: expense bookings',
    }),
  ),
  encoding: t.Optional(
    t.Union([t.Literal('windows-1252'), t.Literal('utf-8')], {
      description: 'windows-1252 (default, as DATEV imports it) or utf-8',
    }),
  ),
});

/** The DATEV master data: a period's debtors and creditors, or without one every numbered one. */
export const DatevMasterDataQuery = t.Object({
  from: t.Optional(date("With to: the debtors and creditors of this period's DATEV bookings (YYYY-MM-DD)")),
  to: t.Optional(date('Last document date of the period (YYYY-MM-DD), included')),
  encoding: t.Optional(
    t.Union([t.Literal('windows-1252'), t.Literal('utf-8')], {
      description: 'windows-1252 (default, as DATEV imports it) or utf-8',
    }),
  ),
});

export const ArchiveJobBody = t.Object({
  from: date('First issue date of the period (YYYY-MM-DD)'),
  to: date('Last issue date of the period (YYYY-MM-DD), included'),
});

export const ArchiveJob = t.Object({
  id: t.String(),
  status: t.Union([t.Literal('queued'), t.Literal('running'), t.Literal('completed'), t.Literal('failed')]),
  from: t.String(),
  to: t.String(),
  created_at: t.String(),
  completed_at: t.Union([t.String(), t.Null()]),
  size_bytes: t.Union([t.Integer(), t.Null()]),
  download_url: t.Union([t.String(), t.Null()], { description: 'Once completed: where to fetch the ZIP' }),
  error: t.Union([t.String(), t.Null()]),
});

export function presentArchiveJob(row: ExportArchiveRow): Static<typeof ArchiveJob> {
  return {
    id: row.id,
    status: row.status,
    from: row.from,
    to: row.to,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    size_bytes: row.sizeBytes,
    download_url: row.status === 'completed' ? `/api/v1/exports/archive/${row.id}/download` : null,
    error: row.errorMessage,
  };
}
