// What the Office page reads of GET /office/overview and /office/exports (docs/office-overview.md). Their
// shapes are written here (api-types.ts names only the schemas its generator lists) and every field the page
// shows is read through this file, so a change of the API is a change here.
import type { ReceivablesFigures } from '../../api-types';

export type OverviewSort =
  | 'name'
  | 'client_number'
  | 'open'
  | 'overdue'
  | 'drafts'
  | 'waiting'
  | 'not_exported';
export type Order = 'asc' | 'desc';

interface LastExport {
  created_at: string;
  from: string;
  to: string;
  entries: number;
}

interface NotExported {
  /** The last export's last day: documents issued after it count; null = never exported. */
  after: string | null;
  count: number;
  from: string | null;
}

export interface OverviewClient {
  account_id: string;
  name: string;
  role: 'owner' | 'admin' | 'member' | 'accountant';
  office: boolean;
  current: boolean;
  consultant_number: number | null;
  client_number: number | null;
  /** Per currency what customers owe today: GET /reports/receivables `currencies`. */
  currencies: ReceivablesFigures[];
  drafts: number;
  waiting: number;
  datev: {
    last_exports: { issued: LastExport | null; received: LastExport | null; master_data: LastExport | null };
    not_exported: { issued: NotExported; received: NotExported };
  };
}

export interface Overview {
  as_of: string;
  sort: OverviewSort;
  order: Order;
  currency: string;
  clients: OverviewClient[];
}

/** The columns a click sorts by, and the order a first click asks for (the API's default for each). */
export const SORTABLE: { sort: OverviewSort; label: string; numeric: boolean; first: Order }[] = [
  { sort: 'name', label: 'Client', numeric: false, first: 'asc' },
  { sort: 'client_number', label: 'Client no.', numeric: true, first: 'asc' },
  { sort: 'open', label: 'Outstanding', numeric: true, first: 'desc' },
  { sort: 'overdue', label: 'Overdue', numeric: true, first: 'desc' },
  { sort: 'drafts', label: 'Drafts', numeric: true, first: 'desc' },
  { sort: 'waiting', label: 'To approve', numeric: true, first: 'desc' },
  { sort: 'not_exported', label: 'Not exported', numeric: true, first: 'desc' },
];

/** Issued and received documents no DATEV export has reached yet. */
export const notExportedCount = (c: OverviewClient) =>
  c.datev.not_exported.issued.count + c.datev.not_exported.received.count;

/** The last day any DATEV export of bookings reached (issued or received), or null when never exported. */
export function lastExportedTo(c: OverviewClient): string | null {
  const days = [c.datev.last_exports.issued?.to, c.datev.last_exports.received?.to].filter(
    (day): day is string => typeof day === 'string',
  );
  return days.length === 0 ? null : (days.sort().at(-1) ?? null);
}

/** The earliest issue date not exported yet: where the next export begins. */
export function notExportedFrom(c: OverviewClient): string | null {
  const days = [c.datev.not_exported.issued.from, c.datev.not_exported.received.from].filter(
    (day): day is string => typeof day === 'string',
  );
  return days.length === 0 ? null : (days.sort()[0] ?? null);
}

/** One client of an office export: its files, or why none (`problem_code` as data, `problem` in English). */
export interface OfficeExportResult {
  account_id: string;
  name: string;
  folder: string;
  files: string[];
  problem: string | null;
  problem_code:
    | 'datev_numbers_missing'
    | 'fiscal_year_span'
    | 'exchange_rate_missing'
    | 'account_disabled'
    | 'not_reached'
    | 'refused'
    | null;
  missing: ('consultant_number' | 'client_number')[];
}

/** POST /office/exports and GET /office/exports/{id}: a DATEV export of many clients, run as a job. */
export interface OfficeExport {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  from: string;
  to: string;
  accounts: string[];
  results: OfficeExportResult[] | null;
  created_at: string;
  completed_at: string | null;
  size_bytes: number | null;
  download_url: string | null;
  error: string | null;
}

export const exportPending = (job: OfficeExport | null) =>
  job !== null && (job.status === 'queued' || job.status === 'running');
