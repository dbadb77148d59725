// "DATEV export for all clients" (POST /office/exports): one period, the clients ticked (all to begin with),
// made as a job on the service; the page asks how it stands every two seconds and then offers the ZIP (a
// folder of DATEV files per client, and Fehler.txt naming any client that has none, listed here too).
import { useEffect, useState } from 'preact/hooks';
import { clientNumberText, type ReachedAccount } from '../../accounts';
import { ApiError, blob, get, post } from '../../api';
import { formatDate, locale, t } from '../../i18n';
import type { Me } from '../../me';
import { navigate } from '../../router';
import { Checkbox, Field, Fieldset } from '../../ui/form';
import { saveBlob, useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';
import { clientUsesDatev, officeCountries } from './datev-use';
import { exportProblem } from './export-problems';
import { exportPending, type OfficeExport } from './model';

/**
 * Last month, from its first to its last day, by the browser's own calendar: in Berlin at half past midnight
 * on 1 December (still 30 November in UTC) that is November.
 */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The ZIP refused because it holds files of a client the user no longer reaches (409 naming them): said in
 * the console's words with those clients' names; any other refusal as it came.
 */
function clientsGone(error: unknown, names: (accountId: string) => string): unknown {
  if (error instanceof ApiError && error.status === 409 && Array.isArray(error.details.account_ids)) {
    const gone = (error.details.account_ids as unknown[]).map((id) => names(String(id)));
    // An ApiError still: the period's fields read their problems from it.
    const text = t('This ZIP holds files of {names}, for which you no longer work: start a new export.', {
      names: gone.join(', '),
    });
    return new ApiError(error.status, error.code, text, error.fields, error.details);
  }
  return error;
}

const POLL_MS = 2_000;

export function AllClientsExport({
  me,
  onSwitch,
  onCompleted,
}: {
  me: Me;
  /** Acts in another account the user reaches (then shows its dashboard). */
  onSwitch: (accountId: string) => Promise<boolean>;
  /** The export is made: its files are recorded as the clients' DATEV exports (the overview reads them). */
  onCompleted?: () => void;
}) {
  const clients = me.accounts
    .filter((a) => !a.disabled)
    .sort((a, b) => a.name.localeCompare(b.name, locale(), { sensitivity: 'base', numeric: true }));
  const [period, setPeriod] = useState(lastMonth);
  // The countries of the clients without DATEV numbers (read in each: its business profiles), for the rule
  // of datev-use.ts; one with numbers uses DATEV whatever its country.
  const unnumbered = clients.filter(
    (c) => !c.office && c.consultant_number === null && c.client_number === null,
  );
  const countries = useLoad(
    async () =>
      new Map(
        await Promise.all(
          unnumbered.map(
            async (c) => [c.id, await officeCountries(c.id).catch(() => [] as (string | null)[])] as const,
          ),
        ),
      ),
    [unnumbered.map((c) => c.id).join(' ')],
  );
  // Ticked to begin with: the clients that use DATEV (an Irish firm without DATEV numbers does not: it would
  // only be listed as missing its numbers), never the office itself (it keeps no client's books, and the
  // API's own default leaves offices out, docs/office.md). Until its countries are read, a client counts as
  // using DATEV, as the rule has it for a firm naming no country. A tick set by hand stays as set.
  const [picked, setPicked] = useState<Map<string, boolean>>(() => new Map());
  const byDefault = (client: ReachedAccount) =>
    !client.office && clientUsesDatev(client, countries.data?.get(client.id) ?? []);
  const chosen = new Set(clients.filter((c) => picked.get(c.id) ?? byDefault(c)).map((c) => c.id));
  const [job, setJob] = useState<OfficeExport | null>(null);
  const action = useAction();
  const pending = exportPending(job);

  useEffect(() => {
    if (!job || !pending) return;
    const timer = setTimeout(async () => {
      const next = await action.run(() => get<OfficeExport>(`/office/exports/${job.id}`));
      if (!next) return;
      setJob(next);
      if (next.status === 'completed') onCompleted?.();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const toggle = (id: string, on: boolean) => setPicked((before) => new Map(before).set(id, on));
  const pickAll = (on: boolean) => setPicked(new Map(clients.map((c) => [c.id, on])));
  const start = async (event: Event) => {
    event.preventDefault();
    setJob(null);
    // In the list's order: the ZIP's folders follow it.
    const accountIds = clients.filter((c) => chosen.has(c.id)).map((c) => c.id);
    const started = await action.run(() =>
      post<OfficeExport>('/office/exports', { ...period, account_ids: accountIds }),
    );
    if (started) setJob(started);
  };
  const download = (done: OfficeExport) =>
    action.run(async () => {
      const zip = await blob('GET', `/office/exports/${done.id}/download`).catch((error: unknown) => {
        throw clientsGone(
          error,
          (id) =>
            done.results?.find((r) => r.account_id === id)?.name ||
            clients.find((c) => c.id === id)?.name ||
            id,
        );
      });
      saveBlob(zip, `DATEV_${done.from}_${done.to}.zip`);
    });

  const name = (client: ReachedAccount) => {
    const number = clientNumberText(client);
    return number ? `${client.name} (${number})` : client.name;
  };
  const results = job?.results ?? [];
  const problems = results.filter((r) => r.problem !== null || r.files.length === 0);
  const withFiles = results.length - problems.length;
  /** A client's DATEV settings: on its Exports page, the client acted in first. */
  const openSettings = (accountId: string) =>
    action.run(async () => {
      // Kept on the office (unsaved work kept): its own Exports page would pass for the client's.
      if (accountId !== me.account.id && !(await onSwitch(accountId))) return;
      navigate('exports');
    });

  return (
    <section class="card" aria-labelledby="all-exports-heading">
      <h2 id="all-exports-heading">{t('DATEV export for all clients')}</h2>
      <p class="hint">
        {t(
          "One ZIP with a folder per client: its DATEV bookings (issued and received documents) and master data for the period. A client without DATEV settings is named in the ZIP's Fehler.txt and here.",
        )}
      </p>
      <form onSubmit={start}>
        <Fieldset legend={t('Period')}>
          <div class="inline">
            <Field
              label={t('First day')}
              type="date"
              value={period.from}
              onInput={(from) => setPeriod((p) => ({ ...p, from }))}
              path="from"
              error={action.error as ApiError | null}
              required
            />
            <Field
              label={t('Last day')}
              type="date"
              value={period.to}
              onInput={(to) => setPeriod((p) => ({ ...p, to }))}
              path="to"
              error={action.error as ApiError | null}
              required
            />
          </div>
        </Fieldset>
        <Fieldset legend={t('Clients ({chosen} of {all})', { chosen: chosen.size, all: clients.length })}>
          <div class="toolbar">
            <button type="button" onClick={() => pickAll(true)}>
              {t('Select all')}
            </button>
            <button type="button" onClick={() => pickAll(false)}>
              {t('Select none')}
            </button>
          </div>
          <p class="hint">
            {t(
              'Ticked to begin with: the clients that work with DATEV (with DATEV numbers, or a firm in Germany or Austria).',
            )}
          </p>
          <div class="client-checks">
            {clients.map((client) => (
              <Checkbox
                key={client.id}
                label={name(client)}
                checked={chosen.has(client.id)}
                onChange={(on) => toggle(client.id, on)}
              />
            ))}
          </div>
        </Fieldset>
        <div class="toolbar">
          <button type="submit" class="primary" disabled={action.busy || pending || chosen.size === 0}>
            {t('Start the DATEV export')}
          </button>
          {job?.status === 'completed' ? (
            <button type="button" class="primary" disabled={action.busy} onClick={() => download(job)}>
              {t('Download the ZIP')}
            </button>
          ) : null}
        </div>
      </form>
      {pending ? (
        <p role="status">
          {t('The export of {count} clients is being prepared…', { count: job?.accounts.length ?? 0 })}
        </p>
      ) : null}
      {job?.status === 'completed' ? (
        <Notice kind="ok">
          {t('The export is ready: files for {count} of {all} clients, {from} to {to}.', {
            count: withFiles,
            all: job.accounts.length,
            from: formatDate(job.from),
            to: formatDate(job.to),
          })}
        </Notice>
      ) : null}
      {problems.length > 0 ? (
        <Notice kind="warn">
          <p>{t('Without files:')}</p>
          <ul>
            {problems.map((r) => {
              const problem = exportProblem(r);
              const client = clients.find((c) => c.id === r.account_id);
              return (
                <li key={r.account_id}>
                  <strong>{r.name || client?.name || r.account_id}</strong>: {problem.text}
                  {problem.settings && client && client.role !== 'member' ? (
                    <>
                      {' '}
                      <button
                        type="button"
                        class="link"
                        disabled={action.busy}
                        aria-label={t('Open the DATEV settings of {name}', { name: client.name })}
                        onClick={() => openSettings(client.id)}
                      >
                        {t('Open its DATEV settings')}
                      </button>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Notice>
      ) : null}
      {job?.status === 'failed' ? (
        // In the console's language; the service's own words (English, for support) on hover.
        <Notice kind="warn">
          <span title={job.error ?? undefined}>{t('The export could not be made.')}</span>
        </Notice>
      ) : null}
      <ErrorNotice error={action.error} />
    </section>
  );
}
