// The Exports screen's downloads for a period (docs/exports.md): DATEV bookings and master data, the CSV
// lists in the form chosen, the archive (now or prepared in the background) and the tax audit's data
// carrier. Each group fetches with the session (or key), hands the answer over as a file and says its own
// progress and problems beside its buttons.
import { useEffect, useState } from 'preact/hooks';
import { blob, blobWithHeaders, get, post, withQuery } from '../api';
import type { ArchiveExport } from '../api-types';
import { formatDate, t } from '../i18n';
import { Fieldset, Select } from '../ui/form';
import { saveBlob, useAction } from '../ui/hooks';
import { ErrorNotice, Notice } from '../ui/notice';

export interface Period {
  from: string;
  to: string;
}

type ExportPath =
  | '/exports/datev'
  | '/exports/datev-master-data.csv'
  | '/exports/documents.csv'
  | '/exports/received-documents.csv'
  | '/exports/archive.zip'
  | '/exports/audit.zip';

/**
 * One group's downloads: one at a time, its progress and error shown in the group; `onHeaders` reads the
 * answer's headers of each file downloaded.
 */
function useDownload(period: Period, onHeaders?: (headers: Headers) => void) {
  const action = useAction();
  const fetchFile = (path: ExportPath, name: string, query: Record<string, string> = {}) =>
    action.run(async () => {
      const file = await blobWithHeaders('GET', withQuery(path, { ...period, ...query }));
      onHeaders?.(file.headers);
      saveBlob(file.blob, name);
    });
  const status = (
    <>
      {action.busy ? <p role="status">{t('Preparing the download…')}</p> : null}
      <ErrorNotice error={action.error} />
    </>
  );
  return { busy: action.busy, fetchFile, status };
}

/**
 * `datev`: whether DATEV is in use (exports.tsx); without it, the CSV lists, the archive and the audit's.
 * `bookedUntil`: the DATEV settings' day up to which the books are kept elsewhere (its files leave it out).
 */
export function Downloads({
  period,
  datev = true,
  bookedUntil = null,
}: {
  period: Period;
  datev?: boolean;
  bookedUntil?: string | null;
}) {
  return (
    <>
      {datev ? <DatevDownloads period={period} bookedUntil={bookedUntil} /> : null}
      <CsvDownloads period={period} />
      <Archive period={period} />
      <AuditDownload period={period} />
    </>
  );
}

function DatevDownloads({ period, bookedUntil }: { period: Period; bookedUntil: string | null }) {
  // How many bookings the last DATEV file left out as booked elsewhere (its X-Datev-Left-Out), once known.
  const [leftOut, setLeftOut] = useState<{ count: number; until: string } | null>(null);
  const { busy, fetchFile, status } = useDownload(period, (headers) => {
    const count = Number(headers.get('x-datev-left-out') ?? '');
    const until = headers.get('x-datev-booked-until');
    setLeftOut(until && Number.isInteger(count) && count > 0 ? { count, until } : null);
  });
  const [kind, setKind] = useState('issued');
  const span = `${period.from}_${period.to}`;
  // The books kept elsewhere reach into the period: its files leave those days out (docs/exports.md).
  const booked = bookedUntil !== null && period.from !== '' && period.from <= bookedUntil;
  return (
    <Fieldset legend={t('DATEV export')}>
      {booked ? (
        <Notice kind="info">
          {t(
            'Your books up to {date} are already kept elsewhere (DATEV settings, "Already booked up to"): the DATEV files leave out every booking dated on or before it.',
            { date: formatDate(bookedUntil) },
          )}
        </Notice>
      ) : null}
      <div class="inline">
        <Select
          label={t('Bookings of')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'issued', label: t('Issued documents (revenue)') },
            { value: 'received', label: t('Received documents (expenses)') },
          ]}
        />
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => fetchFile('/exports/datev', `EXTF_Buchungsstapel_${kind}_${span}.csv`, { kind })}
        >
          {t('Download DATEV file')}
        </button>
      </div>
      <p class="hint">
        {t(
          'Master data: the names, addresses and VAT IDs of the customers and suppliers booked in the period, so the books show more than account numbers. Your tax adviser imports it before the bookings.',
        )}
      </p>
      <div class="toolbar">
        <button
          type="button"
          disabled={busy}
          onClick={() => fetchFile('/exports/datev-master-data.csv', `EXTF_Debitoren_Kreditoren_${span}.csv`)}
        >
          {t('Download DATEV master data (debtors/creditors)')}
        </button>
      </div>
      {leftOut ? (
        <p class="hint" role="status">
          {leftOut.count === 1
            ? t('The file leaves out 1 booking dated on or before {date} (already booked).', {
                date: formatDate(leftOut.until),
              })
            : t('The file leaves out {count} bookings dated on or before {date} (already booked).', {
                count: leftOut.count,
                date: formatDate(leftOut.until),
              })}
        </p>
      ) : null}
      {status}
    </Fieldset>
  );
}

/** The CSVs' form: no `format` is the account's default (Excel when its business profile is German). */
function CsvDownloads({ period }: { period: Period }) {
  const { busy, fetchFile, status } = useDownload(period);
  const [format, setFormat] = useState('');
  const span = `${period.from}_${period.to}`;
  const query = { format }; // withQuery leaves out an empty one
  return (
    <Fieldset legend={t('Lists (CSV)')}>
      <div class="inline">
        <Select
          label={t('File format')}
          value={format}
          onChange={setFormat}
          options={[
            { value: '', label: t('Account default') },
            { value: 'excel-de', label: t('Excel (Germany)') },
            { value: 'machine', label: t('Machine-readable (UTF-8, comma)') },
          ]}
        />
      </div>
      <ul>
        <li>
          <strong>{t('Excel (Germany)')}</strong>:{' '}
          {t(
            'opens with a double-click in Excel: in columns, umlauts intact, amounts as numbers to add up (1469,06).',
          )}
        </li>
        <li>
          <strong>{t('Machine-readable (UTF-8, comma)')}</strong>:{' '}
          {t('for accounting software and import dialogs (separated by commas, 1469.06).')}
        </li>
        <li>
          <strong>{t('Account default')}</strong>:{' '}
          {t(
            'Excel (Germany) when the default locale of your business profile is German (e.g. de-DE), otherwise machine-readable.',
          )}
        </li>
      </ul>
      <div class="toolbar">
        <button
          type="button"
          disabled={busy}
          onClick={() => fetchFile('/exports/documents.csv', `documents_${span}.csv`, query)}
        >
          {t('Download documents CSV')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            fetchFile('/exports/received-documents.csv', `received-documents_${span}.csv`, query)
          }
        >
          {t('Download received documents CSV')}
        </button>
      </div>
      {status}
    </Fieldset>
  );
}

/**
 * The archive streamed now, or prepared as a background job (POST /exports/archive): polled until done,
 * then downloadable.
 */
function Archive({ period }: { period: Period }) {
  const now = useDownload(period);
  const action = useAction();
  const [job, setJob] = useState<ArchiveExport | null>(null);
  const pending = job !== null && (job.status === 'queued' || job.status === 'running');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(async () => {
      const next = await action.run(() => get<ArchiveExport>(`/exports/archive/${job.id}`));
      if (next) setJob(next);
    }, 2_000);
    return () => clearTimeout(timer);
  }, [job]);
  const start = async () => {
    const started = await action.run(() => post<ArchiveExport>('/exports/archive', period));
    if (started) setJob(started);
  };
  const span = `${period.from}_${period.to}`;
  return (
    <Fieldset legend={t('Archive (ZIP)')}>
      <p>{t("The period's PDFs and e-invoices, the received originals and an index of them.")}</p>
      <div class="toolbar">
        <button
          type="button"
          disabled={now.busy}
          onClick={() => now.fetchFile('/exports/archive.zip', `archive_${span}.zip`)}
        >
          {t('Download archive (ZIP)')}
        </button>
        <button type="button" disabled={action.busy || pending} onClick={start}>
          {t('Prepare archive in the background')}
        </button>
        {job?.status === 'completed' ? (
          <button
            type="button"
            class="primary"
            disabled={action.busy}
            onClick={() =>
              action.run(async () =>
                saveBlob(await blob('GET', `/exports/archive/${job.id}/download`), `archive_${span}.zip`),
              )
            }
          >
            {t('Download the prepared archive')}
          </button>
        ) : null}
      </div>
      <p class="hint">
        {t('For a long period: the same archive, prepared while you work on, to download when it is ready.')}
      </p>
      {now.status}
      {pending ? <p role="status">{t('The archive is being prepared…')}</p> : null}
      {job?.status === 'failed' ? (
        // In the console's language; the service's own words (English, for support) on hover.
        <Notice kind="warn">
          <span title={job.error ?? undefined}>{t('The archive could not be made.')}</span>
        </Notice>
      ) : null}
      <ErrorNotice error={action.error} />
    </Fieldset>
  );
}

/** GET /exports/audit.zip: the GoBD "Z3" data carrier a tax auditor's software imports (index.xml). */
function AuditDownload({ period }: { period: Period }) {
  const { busy, fetchFile, status } = useDownload(period);
  return (
    <Fieldset legend={t('Data carrier for a tax audit (GoBD, Z3)')}>
      <p>
        {t(
          "For the tax auditor: the period's invoices, their lines and payments, customers, received invoices and suppliers as tables with an index.xml the audit software reads, and every PDF, e-invoice and received original.",
        )}
      </p>
      <div class="toolbar">
        <button
          type="button"
          disabled={busy}
          onClick={() => fetchFile('/exports/audit.zip', `audit_${period.from}_${period.to}.zip`)}
        >
          {t('Download the data carrier (ZIP)')}
        </button>
      </div>
      {status}
    </Fieldset>
  );
}
