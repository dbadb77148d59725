// Customers and business profiles: one list-and-form screen, described by the fields each resource has.
import { useState } from 'preact/hooks';
import { get, list } from '../../api';
import { formatDate, t } from '../../i18n';
import { canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { Field } from '../../ui/form';
import { useDebounced, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading } from '../../ui/notice';
import { Pager, usePages } from '../../ui/pager';
import { NetworksCard } from '../customer-networks';
import { StatementPanel } from '../statement';
import { PartyForm } from './form';
import { BUSINESS_PROFILES, CUSTOMERS, type Party, type PartyKind } from './kinds';

export const CustomersPage = ({ route }: { route: string[] }) => <PartyPage kind={CUSTOMERS} route={route} />;
export const BusinessProfilesPage = ({ route }: { route: string[] }) => (
  <PartyPage kind={BUSINESS_PROFILES} route={route} />
);

function PartyPage({ kind, route }: { kind: PartyKind; route: string[] }) {
  const [id] = route;
  if (id === 'new') return <PartyForm kind={kind} />;
  if (id) return <PartyEditor kind={kind} id={id} />;
  return <PartyList kind={kind} />;
}

function PartyList({ kind }: { kind: PartyKind }) {
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), 250);
  const pages = usePages<Party>(
    (cursor) => list<Party>(kind.api, { limit: 50, cursor, q: needle }),
    [kind.api, needle],
  );
  const shown = pages.items;
  return (
    <section>
      <div class="page-head">
        <h1>{t(kind.title)}</h1>
        {canWrite() ? (
          <button type="button" class="primary" onClick={() => navigate(kind.route, 'new')}>
            {t(kind.newLabel)}
          </button>
        ) : null}
      </div>
      <search class="filters">
        <Field label={t('Search')} type="search" value={search} onInput={setSearch} />
      </search>
      <ErrorNotice error={pages.error} />
      {/* A narrow window scrolls the table, not the page. */}
      <div class="table-scroll">
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t(kind.fields[0]?.label ?? 'Name')}</th>
              <th scope="col">{t('Email')}</th>
              <th scope="col">{t('Created')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <tr key={item.id}>
                <td>
                  <a href={href(kind.route, item.id)}>{String(item[kind.nameField] ?? item.id)}</a>
                </td>
                <td class="email">{String(item.email ?? '')}</td>
                <td>{formatDate(item.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!pages.loading && shown.length === 0 ? (
        <p class="empty">
          {needle ? t('Nothing matches “{text}”.', { text: needle }) : t('Nothing here yet.')}
        </p>
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}

function PartyEditor({ kind, id }: { kind: PartyKind; id: string }) {
  const loaded = useLoad(() => get<Party>(`${kind.api}/${encodeURIComponent(id)}`), [kind.api, id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  // Keyed by the record: going from one customer straight to another (back, forward, a link) starts a new
  // form instead of keeping the first one's values under the second one's name.
  if (kind !== CUSTOMERS) return <PartyForm key={loaded.data.id} kind={kind} existing={loaded.data} />;
  return (
    <>
      <PartyForm key={loaded.data.id} kind={kind} existing={loaded.data} />
      {loaded.data.electronic_address ? <NetworksCard customerId={loaded.data.id} /> : null}
      <StatementPanel
        key={loaded.data.id}
        customerId={loaded.data.id}
        name={String(loaded.data.name ?? '')}
      />
    </>
  );
}
