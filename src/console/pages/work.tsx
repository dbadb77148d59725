import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ApiError, blob, get, list, post } from '../api';
import type { Batch, Import } from '../api-types';
import { formatDate, t } from '../i18n';
import { importRows } from '../import-file';
import { canChange } from '../permissions';
import { href } from '../router';
import { Select } from '../ui/form';
import { saveBlob, useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import type { StoredDocument } from './documents/model';
import { STATUS_LABELS, STATUSES } from './documents/model';
import { fileRow, importProblemPlace, importProblemText } from './import-problems';

const RUNNING = ['queued', 'processing', 'running', 'pending'];

/** Reloads every second while `running` says the work is not done. */
function usePolling(reload: () => void, running: boolean) {
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, 1000);
    return () => clearInterval(timer);
  }, [running, reload]);
}

export function WorkPage({ route }: { route: string[] }) {
  const [id] = route;
  if (id?.startsWith('batch_')) return <BatchView id={id} />;
  return (
    <section>
      <div class="page-head">
        <h1>{t('Batches and imports')}</h1>
      </div>
      <NewImport />
      <NewBatch />
      <BatchList />
    </section>
  );
}

function BatchList() {
  const batches = useLoad(() => list<Batch>('/batches', { limit: 25 }).then((page) => page.data), []);
  usePolling(
    batches.reload,
    (batches.data ?? []).some((batch) => RUNNING.includes(batch.status)),
  );
  return (
    <section class="card" aria-labelledby="batches-heading">
      <h2 id="batches-heading">{t('Batches')}</h2>
      <ErrorNotice error={batches.error} />
      <table class="list">
        <thead>
          <tr>
            <th scope="col">{t('Batch')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Progress')}</th>
            <th scope="col">{t('Created')}</th>
          </tr>
        </thead>
        <tbody>
          {(batches.data ?? []).map((batch) => (
            <tr key={batch.id}>
              <td>
                <a href={href('batches', batch.id)}>{batch.id}</a>
              </td>
              <td>
                <Badge tone={batch.status}>{t(batch.status)}</Badge>
              </td>
              <td>
                <Progress batch={batch} />
              </td>
              <td>{formatDate(batch.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {batches.data?.length === 0 ? <p class="empty">{t('No batches yet.')}</p> : null}
    </section>
  );
}

function Progress({ batch }: { batch: Batch }) {
  const done = batch.completed_items + batch.failed_items;
  return (
    <span class="progress">
      <progress
        max={batch.total_items}
        value={done}
        aria-label={t('{done} of {total} rendered', { done, total: batch.total_items })}
      />{' '}
      {t('{done} of {total}', { done, total: batch.total_items })}
      {batch.failed_items > 0 ? ` · ${t('{n} failed', { n: batch.failed_items })}` : ''}
    </span>
  );
}

function NewBatch() {
  const [status, setStatus] = useState('finalized');
  const [template, setTemplate] = useState('tpl_modern');
  const [started, setStarted] = useState<Batch | null>(null);
  const action = useAction();
  const start = (event: Event) => {
    event.preventDefault();
    action.run(async () => {
      const documents: StoredDocument[] = [];
      let cursor: string | undefined;
      do {
        const page = await list<StoredDocument>('/documents', { limit: 100, cursor, status });
        documents.push(...page.data);
        cursor = page.pagination.next_cursor ?? undefined;
      } while (cursor && documents.length < 10_000);
      if (documents.length === 0) throw new Error(t('No documents with this status.'));
      const items = documents.map((document) => ({
        external_id: document.number,
        document_type: document.document_type,
        data: document.data,
      }));
      setStarted(await post<Batch>('/batches', { template_id: template, items }));
    });
  };
  return (
    <form class="card" onSubmit={start} aria-labelledby="new-batch-heading">
      <h2 id="new-batch-heading">{t('Render documents as a batch')}</h2>
      <p class="hint">
        {t('Draws the PDF of every document with the chosen status; download them as one ZIP.')}
      </p>
      <div class="inline">
        <Select
          label={t('Status')}
          value={status}
          onChange={setStatus}
          options={STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value] ?? value) }))}
        />
        <Select
          label={t('Template')}
          value={template}
          onChange={setTemplate}
          options={['Modern', 'Classic', 'Minimal', 'Compact', 'Bold', 'Refined'].map((name) => ({
            value: `tpl_${name.toLowerCase()}`,
            label: name,
          }))}
        />
        <button type="submit" disabled={action.busy}>
          {t('Start batch')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
      {started ? (
        <Notice kind="ok">
          {t('Batch started.')} <a href={href('batches', started.id)}>{t('Watch its progress')}</a>
        </Notice>
      ) : null}
    </form>
  );
}

function BatchView({ id }: { id: string }) {
  const batch = useLoad(() => get<Batch>(`/batches/${encodeURIComponent(id)}`), [id]);
  const action = useAction();
  const running = batch.data ? RUNNING.includes(batch.data.status) : false;
  usePolling(batch.reload, running);
  if (batch.error) return <ErrorNotice error={batch.error} />;
  if (!batch.data) return <Loading />;
  const download = () =>
    action.run(async () =>
      saveBlob(await blob('GET', `/batches/${id}/download`, { accept: 'application/zip' }), `${id}.zip`),
    );
  const cancel = () =>
    action.run(async () => {
      await post(`/batches/${id}/cancel`);
      batch.reload();
    });
  return (
    <section>
      <div class="page-head">
        <h1>
          {t('Batch')} {id} <Badge tone={batch.data.status}>{t(batch.data.status)}</Badge>
        </h1>
        <a href={href('batches')}>{t('Back to batches and imports')}</a>
      </div>
      <div class="card" aria-live="polite">
        <Progress batch={batch.data} />
        {batch.data.completed_at ? (
          <p>{t('Finished {when}.', { when: formatDate(batch.data.completed_at) })}</p>
        ) : null}
      </div>
      <div class="toolbar">
        <button
          type="button"
          class="primary"
          disabled={action.busy || batch.data.completed_items === 0 || running}
          onClick={download}
        >
          {t('Download ZIP')}
        </button>
        {/* Cancelling is its starter's, or an owner's or admin's (docs/roles.md "Own resources"). */}
        {running && canChange(batch.data) ? (
          <button type="button" class="danger" disabled={action.busy} onClick={cancel}>
            {t('Cancel batch')}
          </button>
        ) : null}
      </div>
      <ErrorNotice error={action.error} />
    </section>
  );
}

/**
 * One problem of an import: where in the file (a column, the header row), then what, in words; rows it
 * names counted as the spreadsheet does (`fileRow`).
 */
function problemLine(problem: { loc: string; msg: string; type?: string }, format: 'csv' | 'json'): string {
  const place = importProblemPlace(problem.loc);
  const words = importProblemText(problem, format);
  const text = /[.!?]$/.test(words) ? words : `${words}.`;
  return place ? `${place}: ${text}` : text;
}

function NewImport() {
  const [resource, setResource] = useState('customers');
  const [current, setCurrent] = useState<Import | null>(null);
  const action = useAction();
  const refresh = useCallback(() => {
    if (current) get<Import>(`/imports/${current.id}`).then(setCurrent, () => undefined);
  }, [current]);
  usePolling(refresh, current?.status === 'processing');
  const choose = (file: File | undefined) =>
    file &&
    action.run(async () => {
      const { format, data } = await importRows(file);
      setCurrent(await post<Import>('/imports', { source_format: format, resource, data }));
    });
  const step = (name: 'confirm' | 'cancel') =>
    current && action.run(async () => setCurrent(await post<Import>(`/imports/${current.id}/${name}`)));
  const problems = (action.error as ApiError | null)?.fields ?? [];
  return (
    <section class="card" aria-labelledby="import-heading">
      <h2 id="import-heading">{t('Import customers, products or documents')}</h2>
      <p class="hint">
        {resource === 'customers'
          ? t(
              'A CSV file with a header row (name, email, tax_id, billing_address.line1, billing_address.postal_code, billing_address.city, billing_address.country, default_tax.rate, default_tax.category, default_tax.exemption_reason, …, or the German names: Kundennummer, Firma, Vorname, Name, Straße, PLZ, Ort, Land, E-Mail, Telefon, USt-IdNr.) or a JSON array of customers.',
            )
          : resource === 'products'
            ? t(
                'A CSV file with a header row (article_number, name, description, unit_code, unit_price, tax_rate, currency, or the German names: Artikelnummer, Bezeichnung, Beschreibung, Einheit, Preis netto, Steuersatz, Währung) or a JSON array of products. An article number already in the catalogue is not imported again.',
              )
            : t(
                'A CSV file with a header row and a row per line item (number, issue_date, currency, business_profile_id, customer_id, line.name, line.quantity, line.unit_price, line.tax_rate, …) or a JSON array of documents.',
              )}
      </p>
      {resource === 'documents' ? (
        <p class="hint">
          {t(
            'Imported documents are drafts: the reports and the DATEV export count them once finalized (Finalize keeps their issue date); then record what was paid with its date. A number already used is not imported again.',
          )}
        </p>
      ) : null}
      <div class="inline">
        <Select
          label={t('What to import')}
          value={resource}
          onChange={setResource}
          options={[
            { value: 'customers', label: t('Customers') },
            { value: 'products', label: t('Products') },
            { value: 'documents', label: t('Documents') },
          ]}
        />
        <label class="button file">
          {t('Choose file to import')}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => choose(event.currentTarget.files?.[0])}
          />
        </label>
      </div>
      <ErrorNotice error={action.error} />
      {problems.length > 0 ? (
        <ul class="problems">
          {problems.slice(0, 20).map((problem, i) => (
            <li key={`${i}:${problem.loc}`}>{problemLine(problem, 'csv')}</li>
          ))}
        </ul>
      ) : null}
      {current ? (
        <div aria-live="polite">
          <p>
            {t('Import {id}', { id: current.id })}: <Badge tone={current.status}>{t(current.status)}</Badge>{' '}
            {t(
              current.total_rows === 1
                ? '1 row, {imported} imported, {failed} rejected'
                : '{total} rows, {imported} imported, {failed} rejected',
              {
                total: current.total_rows,
                imported: current.imported_rows,
                failed: current.failed_rows,
              },
            )}
          </p>
          {current.errors && current.errors.length > 0 ? (
            <ul class="problems">
              {current.errors.slice(0, 50).map((problem) => (
                <li key={problem.row}>
                  {t('Row {n}', { n: fileRow(problem, current.source_format) })}:{' '}
                  {problem.fields.map((field) => problemLine(field, current.source_format)).join(' ')}
                </li>
              ))}
            </ul>
          ) : null}
          {current.status === 'pending' ? (
            <div class="toolbar">
              <button type="button" class="primary" disabled={action.busy} onClick={() => step('confirm')}>
                {t('Confirm import')}
              </button>
              <button type="button" disabled={action.busy} onClick={() => step('cancel')}>
                {t('Cancel import')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
