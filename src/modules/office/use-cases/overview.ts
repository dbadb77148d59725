// The office overview (docs/office.md): per account the caller reaches, what its customers owe,
// what waits to be done and where it stands with DATEV, each read in that account's own context.
import type { Principal } from '../../../http/auth';
import type { AccountCtx, Actor } from '../../../shared/context';
import { firmToday } from '../../business-profiles';
import { countDrafts } from '../../documents';
import { type DatevExportRow, datevStatus } from '../../exports';
import { countReceivedInStatus } from '../../receiving';
import { receivablesTotals } from '../../reports';
import type { ReachedAccount } from '../model';
import type { Overview, OverviewClient, OverviewQuery } from '../overview-model';
import { sortClients } from './overview-sort';
import { accountsReached } from './reach';

/** The caller's actor in another account: the same person or key, none of the current account's members. */
function actorIn(actor: Actor): Actor {
  return actor.kind === 'cli' ? actor : { ...actor, memberId: null };
}

/**
 * A context in the account reached: every read of a client goes through one, its account an id
 * `accountsReached` gave, never one from the request.
 */
const ctxIn = (ctx: AccountCtx, accountId: string): AccountCtx => ({
  db: ctx.db,
  clock: ctx.clock,
  accountId,
  actor: actorIn(ctx.actor),
});

const lastExport = (row: DatevExportRow | null) =>
  row ? { created_at: row.createdAt, from: row.from, to: row.to, entries: row.entries } : null;

async function clientOf(ctx: AccountCtx, account: ReachedAccount): Promise<OverviewClient> {
  const client = ctxIn(ctx, account.id);
  const datev = await datevStatus(client);
  // The client's own today (its business profiles' time zone), as its own receivables report counts.
  const asOf = await firmToday(client);
  return {
    account_id: account.id,
    name: account.name,
    role: account.role,
    office: account.office,
    current: account.current,
    consultant_number: account.consultant_number,
    client_number: account.client_number,
    as_of: asOf,
    currencies: await receivablesTotals({ ctx: client, input: { asOf } }),
    drafts: await countDrafts(client.db, client.accountId),
    waiting: await countReceivedInStatus(client.db, client.accountId, 'received'),
    datev: {
      last_exports: {
        issued: lastExport(datev.last.issued),
        received: lastExport(datev.last.received),
        master_data: lastExport(datev.last.master_data),
      },
      not_exported: datev.notExported,
    },
  };
}

/**
 * Every account the caller reaches and that is not disabled (an API key reaches its own only), one after
 * the other: each client's figures are a receivables report of its own, and the event loop gets its turns
 * inside each (reports' pace).
 */
export async function officeOverview({
  ctx,
  principal,
  input,
}: {
  ctx: AccountCtx;
  principal: Principal;
  input: OverviewQuery;
}): Promise<Overview> {
  // The page's day: the firm's today of the account the caller acts in; each client is counted on its own.
  const asOf = await firmToday(ctx);
  const reached = await accountsReached({ db: ctx.db, clock: ctx.clock }, principal);
  const clients: OverviewClient[] = [];
  for (const account of reached) {
    if (!account.disabled) clients.push(await clientOf(ctx, account));
  }
  const sort = input.sort ?? 'overdue';
  const order = input.order ?? (sort === 'name' || sort === 'client_number' ? 'asc' : 'desc');
  const currency = input.currency ?? 'EUR';
  return { as_of: asOf, sort, order, currency, clients: sortClients(clients, { sort, order, currency }) };
}
