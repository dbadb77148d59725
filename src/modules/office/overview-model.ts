import { t } from 'elysia';
import { nullable } from '../../domain/schema-parts';
import { ReceivablesReport } from '../reports';
import { RoleSchema } from '../workspaces';

// Literal unions, not t.UnionEnum: in a query string Elysia fills an omitted UnionEnum with its first value.
const SORTS = [
  t.Literal('name'),
  t.Literal('client_number'),
  t.Literal('open'),
  t.Literal('overdue'),
  t.Literal('drafts'),
  t.Literal('waiting'),
  t.Literal('not_exported'),
] as const;
const SortSchema = (options: { description?: string } = {}) => t.Union([...SORTS], options);
const OrderSchema = (options: { description?: string } = {}) =>
  t.Union([t.Literal('asc'), t.Literal('desc')], options);
export type OverviewSort = ReturnType<typeof SortSchema>['static'];

export const OverviewQuery = t.Object({
  sort: t.Optional(
    SortSchema({
      description:
        'The order of the clients (default overdue): open and overdue by the amount in `currency`; not_exported by issued and received documents together',
    }),
  ),
  order: t.Optional(
    OrderSchema({
      description: 'Default: asc for name and client_number, desc for the amounts and counts',
    }),
  ),
  currency: t.Optional(
    t.String({
      pattern: '^[A-Z]{3}$',
      description:
        'ISO 4217: the currency whose amounts sort=open and sort=overdue compare (default EUR; a client with none counts as 0)',
      examples: ['EUR'],
    }),
  ),
});
export type OverviewQuery = typeof OverviewQuery.static;

/**
 * A day in an answer: no `format` (answers are checked against their schemas on the way out, and a DATEV
 * export recorded by a version before 2026-12-06 kept its period as asked, 2026-11-31 included; received
 * invoices before 2026-12-05 their dates as written): the overview must not fail for one such row.
 */
const Day = (description: string) => t.String({ description: `${description} (YYYY-MM-DD)` });

const LastExport = nullable(
  t.Object({
    created_at: t.String({ format: 'date-time', description: 'When the file was downloaded' }),
    from: Day('First day of its period'),
    to: Day('Last day of its period (a master-data file of everyone: the day it was made)'),
    entries: t.Integer({ description: 'Bookings (or master-data rows) it held' }),
  }),
);

const NotExported = t.Object({
  after: nullable(
    Day("The last export's `to`: documents issued after it count; null = never exported, all count"),
  ),
  count: t.Integer({ description: 'Documents a DATEV Buchungsstapel books, issued after `after`' }),
  from: nullable(Day('The earliest issue date among them (where the next export begins); null when none')),
});

const Currencies = ReceivablesReport.properties.currencies;

export const OverviewClient = t.Object({
  account_id: t.String({ description: '`acc_` id (the `Account` header acts in it)' }),
  name: t.String(),
  role: RoleSchema,
  office: t.Boolean({ description: 'The account is an office itself' }),
  current: t.Boolean({ description: 'The account this request acts in' }),
  consultant_number: nullable(t.Integer({ description: 'DATEV Beraternummer' })),
  client_number: nullable(t.Integer({ description: 'DATEV Mandantennummer' })),
  as_of: Day(
    "The client's today (its business profiles' time zone, as its own receivables report's default): the day its amounts are for",
  ),
  currencies: t.Array(Currencies.items, {
    description:
      "Per currency what customers owe on `as_of`: the client's GET /reports/receivables `currencies`, figure for figure",
  }),
  drafts: t.Integer({ description: 'Documents in draft, any type' }),
  waiting: t.Integer({ description: "Received documents waiting for approval (status 'received')" }),
  datev: t.Object({
    last_exports: t.Object(
      { issued: LastExport, received: LastExport, master_data: LastExport },
      { description: 'Per kind the export reaching furthest (latest `to`); null = never exported' },
    ),
    not_exported: t.Object(
      { issued: NotExported, received: NotExported },
      { description: 'Per kind what no DATEV export has reached yet (docs/office.md)' },
    ),
  }),
});
export type OverviewClient = typeof OverviewClient.static;

export const Overview = t.Object({
  as_of: Day(
    'The firm’s today in the account the request acts in (its business profiles’ time zone; UTC when they name none); each client’s amounts are for its own `as_of`',
  ),
  sort: SortSchema(),
  order: OrderSchema(),
  currency: t.String({ description: 'The currency the amounts were sorted by' }),
  clients: t.Array(OverviewClient, {
    description: 'Every account the caller reaches and that is not disabled (an API key: its own)',
  }),
});
export type Overview = typeof Overview.static;
