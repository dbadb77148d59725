// The Office page (docs/office.md, docs/office-overview.md): every firm the user reaches at a glance (what
// its customers owe and how late, drafts, received invoices waiting for approval, what no DATEV export has
// reached), sorted by a click on a column's head; each row opens the firm or leaves it. An office's owners
// and admins add clients here; a DATEV export of many clients at once is made as a job.
import { useState } from 'preact/hooks';
import { currentAccount, mayAddClients } from '../../accounts';
import { ApiError, get, post } from '../../api';
import { formatDate, formatMoney, t } from '../../i18n';
import type { Me } from '../../me';
import { navigate } from '../../router';
import { ageingLabels, ageingSegments } from '../../ui/ageing';
import { AgeingLegend, MiniStackedBar } from '../../ui/charts';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading } from '../../ui/notice';
import { AddClient } from './add-client';
import { AllClientsExport } from './all-exports';
import { officeCountries, usesDatev } from './datev-use';
import {
  lastExportedTo,
  notExportedCount,
  notExportedFrom,
  type Order,
  type Overview,
  type OverviewClient,
  type OverviewSort,
  SORTABLE,
} from './model';
import { isNotReached, notReached } from './not-reached';

interface Props {
  me: Me;
  onSwitch: (accountId: string) => Promise<boolean>;
  /** /auth/me again; `fresh`: without naming the account on screen (it was just left). */
  onReload: (fresh?: boolean) => Promise<void>;
}

export function OfficePage({ me, onSwitch, onReload }: Props) {
  const [sort, setSort] = useState<{ sort: OverviewSort; order: Order }>({ sort: 'name', order: 'asc' });
  const overview = useLoad(() => get<Overview>('/office/overview', { ...sort }), [sort.sort, sort.order]);
  const action = useAction();
  // The DATEV card only where DATEV is in use (an Irish office without a DATEV client goes without it).
  const countries = useLoad(officeCountries, [me.account.id]);
  // Shown until the countries say otherwise (while they load, or when they cannot be read): a German
  // office's card never waits on them.
  const datev = countries.data === undefined || usesDatev(me.accounts, countries.data);

  const open = async (client: OverviewClient) => {
    if (client.account_id === me.account.id) {
      navigate('dashboard');
      return;
    }
    await action.run(() =>
      onSwitch(client.account_id).catch(async (error: unknown) => {
        // Removed from it meanwhile: the list is read again, without it, and the reason shown.
        if (isNotReached(error, client.account_id)) {
          await onReload();
          overview.reload();
        }
        throw notReached(error, { id: client.account_id, name: client.name });
      }),
    );
  };
  const leave = async (client: OverviewClient) => {
    if (
      !confirm(
        t(
          'Leave {name}? Your access to it ends at once, with your API keys there. Its data stays; only an owner or admin of {name} can invite you again.',
          { name: client.name },
        ),
      )
    )
      return;
    const left = await action.run(() =>
      post(`/accounts/${client.account_id}/leave`).catch((error: unknown) => {
        throw lastOwner(error, client.name);
      }),
    );
    if (left === undefined) return;
    // The firm on screen was left: the session's account (another one) is shown from its dashboard.
    if (client.account_id === me.account.id) {
      await onReload(true);
      navigate('dashboard');
      return;
    }
    await onReload();
    overview.reload();
  };

  return (
    <section class="office">
      <div class="page-head">
        <h1>{t('Office')}</h1>
      </div>
      <p>
        {t(
          'Every firm you work for at a glance, as of today. Open a firm to work in it: the header always names the firm whose data you see.',
        )}
      </p>
      <ErrorNotice error={action.error} />
      <section class="card" aria-labelledby="office-clients-heading">
        <h2 id="office-clients-heading">{t('Clients')}</h2>
        {overview.error ? <ErrorNotice error={overview.error} /> : null}
        {overview.data ? (
          <ClientsTable
            overview={overview.data}
            sort={sort}
            onSort={(next) =>
              setSort((before) => ({
                sort: next,
                order:
                  before.sort === next
                    ? before.order === 'asc'
                      ? 'desc'
                      : 'asc'
                    : (SORTABLE.find((c) => c.sort === next)?.first ?? 'asc'),
              }))
            }
            busy={action.busy}
            onOpen={open}
            // Only a signed-in person leaves an account (an API key acts in its own only).
            onLeave={me.user ? leave : undefined}
          />
        ) : overview.error ? null : (
          <Loading />
        )}
      </section>
      {mayAddClients(me) ? (
        <AddClient
          consultantNumber={currentAccount(me)?.consultant_number ?? null}
          onAdded={async () => {
            await onReload();
            overview.reload();
          }}
        />
      ) : null}
      {datev ? <AllClientsExport me={me} onSwitch={onSwitch} onCompleted={overview.reload} /> : null}
    </section>
  );
}

/**
 * The last owner of an account cannot leave it (409 naming the workspace): said in the console's words, with
 * what to do first; any other refusal as it came.
 */
function lastOwner(error: unknown, name: string): unknown {
  if (error instanceof ApiError && error.status === 409 && typeof error.details.workspace_id === 'string') {
    const text = t(
      'You are the last owner of {name}: make someone else an owner there first (Settings, Teams and members), then leave.',
      { name },
    );
    return new ApiError(error.status, error.code, text, error.fields, error.details);
  }
  return error;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function ClientsTable(props: {
  overview: Overview;
  sort: { sort: OverviewSort; order: Order };
  onSort: (sort: OverviewSort) => void;
  busy: boolean;
  onOpen: (client: OverviewClient) => void;
  onLeave?: (client: OverviewClient) => void;
}) {
  const { overview, sort } = props;
  if (overview.clients.length === 0) return <p class="empty">{t('No firm to show.')}</p>;
  const head = (column: OverviewSort) => {
    const found = SORTABLE.find((c) => c.sort === column);
    if (!found) return null;
    const active = sort.sort === column;
    return (
      <th
        scope="col"
        class={found.numeric ? 'num' : undefined}
        aria-sort={active ? ARIA_SORT[sort.order] : undefined}
      >
        <button type="button" class="sort" onClick={() => props.onSort(column)}>
          {t(found.label)}
          <span class="sort-mark" aria-hidden="true">
            {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  return (
    <>
      <div class="ageing-legend">
        <AgeingLegend labels={ageingLabels()} />
      </div>
      <div class="table-scroll">
        <table class="list office-clients">
          <caption class="visually-hidden">
            {t('Clients, sorted by {column}', {
              column: t(SORTABLE.find((c) => c.sort === sort.sort)?.label ?? ''),
            })}
          </caption>
          <thead>
            <tr>
              {head('name')}
              {head('client_number')}
              {head('open')}
              {head('overdue')}
              <th scope="col" class="ageing">
                {t('Ageing')}
              </th>
              {head('drafts')}
              {head('waiting')}
              {head('not_exported')}
              <th scope="col">
                <span class="visually-hidden">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.clients.map((client) => (
              <ClientRow
                key={client.account_id}
                client={client}
                busy={props.busy}
                onOpen={props.onOpen}
                onLeave={props.onLeave}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Amounts per currency, one line each (a firm invoicing in EUR and USD shows both). */
function PerCurrency({ client, figure }: { client: OverviewClient; figure: 'open' | 'overdue' }) {
  if (client.currencies.length === 0) return <span class="muted">–</span>;
  return (
    <>
      {client.currencies.map((c) => {
        const zero = /^-?0(\.0+)?$/.test(c[figure]);
        return (
          <div key={c.currency} class={figure === 'overdue' && !zero ? 'alert' : undefined}>
            {formatMoney(c[figure], c.currency)}
          </div>
        );
      })}
    </>
  );
}

function ClientRow(props: {
  client: OverviewClient;
  busy: boolean;
  onOpen: (client: OverviewClient) => void;
  onLeave?: (client: OverviewClient) => void;
}) {
  const { onLeave } = props;
  const { client } = props;
  const count = notExportedCount(client);
  const since = notExportedFrom(client);
  const lastTo = lastExportedTo(client);
  return (
    <tr aria-current={client.current ? 'true' : undefined}>
      <th scope="row">
        <span class="client-name">{client.name}</span>
        {client.office ? <span class="badge">{t('Office')}</span> : null}
        {client.current ? <span class="badge badge-ok">{t('current')}</span> : null}
        <div class="hint">{t('Your role: {role}', { role: t(client.role) })}</div>
      </th>
      <td class="num">{client.client_number ?? ''}</td>
      <td class="num">
        <PerCurrency client={client} figure="open" />
      </td>
      <td class="num">
        <PerCurrency client={client} figure="overdue" />
      </td>
      <td class="ageing">
        {client.currencies.length === 0 ? <span class="muted">–</span> : null}
        {client.currencies.map((c) => (
          <MiniStackedBar
            key={c.currency}
            title={t('Ageing of receivables of {name} ({currency})', {
              name: client.name,
              currency: c.currency,
            })}
            segments={ageingSegments(c)}
          />
        ))}
      </td>
      <td class="num">{client.drafts}</td>
      <td class="num">{client.waiting}</td>
      <td class="num">
        {count}
        <div class="hint">
          {lastTo === null
            ? t('never exported')
            : count > 0 && since
              ? t('since {date}', { date: formatDate(since) })
              : t('exported to {date}', { date: formatDate(lastTo) })}
        </div>
      </td>
      <td class="row-actions">
        <button
          type="button"
          class="primary"
          disabled={props.busy}
          aria-label={t('Open {name}', { name: client.name })}
          onClick={() => props.onOpen(client)}
        >
          {t('Open')}
        </button>
        {onLeave ? (
          <button
            type="button"
            class="danger"
            disabled={props.busy}
            aria-label={t('Leave {name}', { name: client.name })}
            onClick={() => onLeave(client)}
          >
            {t('Leave')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
