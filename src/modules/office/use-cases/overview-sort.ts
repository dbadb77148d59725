import { cmp, dec } from '../../../domain/money';
import { compareText } from '../../../shared/collate';
import type { OverviewClient, OverviewSort } from '../overview-model';

const byName = compareText;

/** The client's figure in `currency` (exact decimal text), 0 when it has none in it. */
const amountIn = (client: OverviewClient, currency: string, figure: 'open' | 'overdue') =>
  dec(client.currencies.find((c) => c.currency === currency)?.[figure] ?? '0');

const notExported = (c: OverviewClient) =>
  c.datev.not_exported.issued.count + c.datev.not_exported.received.count;

/** Compares two clients ascending by the key; 0 for equals (the tie-break decides). */
function compareBy(sort: OverviewSort, currency: string): (a: OverviewClient, b: OverviewClient) => number {
  switch (sort) {
    case 'name':
      return (a, b) => byName(a.name, b.name);
    case 'client_number':
      return (a, b) => (a.client_number ?? 0) - (b.client_number ?? 0);
    case 'open':
    case 'overdue':
      // Exact decimals, never floats: a float loses cents on large amounts and calls near-equals equal.
      return (a, b) => cmp(amountIn(a, currency, sort), amountIn(b, currency, sort));
    case 'drafts':
      return (a, b) => a.drafts - b.drafts;
    case 'waiting':
      return (a, b) => a.waiting - b.waiting;
    case 'not_exported':
      return (a, b) => notExported(a) - notExported(b);
  }
}

/**
 * The clients in the order asked for; equals by name, then id, ascending whatever the order, so the list
 * is stable. A client without a client number comes last in either order.
 */
export function sortClients(
  clients: OverviewClient[],
  options: { sort: OverviewSort; order: 'asc' | 'desc'; currency: string },
): OverviewClient[] {
  const compare = compareBy(options.sort, options.currency);
  const sign = options.order === 'asc' ? 1 : -1;
  const unnumbered = (c: OverviewClient) => options.sort === 'client_number' && c.client_number === null;
  return [...clients].sort(
    (a, b) =>
      Number(unnumbered(a)) - Number(unnumbered(b)) ||
      sign * compare(a, b) ||
      byName(a.name, b.name) ||
      (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0),
  );
}
