import { useState } from 'preact/hooks';
import { blob, get, list, post } from '../api';
import type { Batch } from '../api-types';
import { formatDate, t } from '../i18n';
import { canChange } from '../permissions';
import { href } from '../router';
import { Select } from '../ui/form';
import { saveBlob, useAction, useLoad, usePolling } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import type { StoredDocument } from './documents/model';
import { STATUS_LABELS, STATUSES } from './documents/model';
import { NewImport } from './imports';

const RUNNING = ['queued', 'processing', 'running', 'pending'];

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
