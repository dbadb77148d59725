// The accounts a signed-in user reaches (GET /auth/me `accounts`, docs/office.md): an accounting office and
// its client firms. The switcher lists the last used first; their ids are kept in localStorage per user
// (ids only, nothing of the firms' data), newest first.
import { locale, t } from './i18n';
import type { Me } from './me';
import { can } from './permissions';

export type ReachedAccount = Me['accounts'][number];

const RECENT = 'invoice-console.recent-accounts';
const KEEP = 10;
export const RECENT_SHOWN = 5;

// Only a signed-in person reaches several accounts (an API key its own): nothing is kept for a key.
const recentKey = (me: Me) => (me.user ? `${RECENT}.${me.user.id}` : null);

export function recentAccountIds(me: Me): string[] {
  const key = recentKey(me);
  if (key === null) return [];
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes that `me` now shows its current account: it goes to the front of the user's recent ones. */
export function rememberAccount(me: Me): void {
  const key = recentKey(me);
  if (key === null) return;
  const id = me.account.id;
  const next = [id, ...recentAccountIds(me).filter((other) => other !== id)].slice(0, KEEP);
  localStorage.setItem(key, JSON.stringify(next));
}

/** The current account as /auth/me lists it (an API key: its own only). */
export const currentAccount = (me: Me): ReachedAccount | undefined =>
  me.accounts.find((a) => a.id === me.account.id) ?? me.accounts.find((a) => a.current);

/**
 * Whether the menu names the Office page: once the user reaches several accounts (an office and a client).
 * A first start's account is an office too, so a small firm alone in it would see "Kanzlei" first in its
 * menu; until there is a client, an office's owners and admins find the page in the settings instead
 * (`offersFirstClient`).
 */
export const showsOffice = (me: Me) => me.accounts.length > 1;

/** An office with no client yet, whose user may add one: the settings offer the way to the Office page. */
export const offersFirstClient = (me: Me) => me.accounts.length <= 1 && mayAddClients(me);

/** The name a first start gives the account (src/cli/serve.ts): the firm's own name is still to be entered. */
export const FIRST_START_NAME = 'Default account';

/** An office's owners and admins create client accounts (POST /accounts). */
export function mayAddClients(me: Me): boolean {
  const current = currentAccount(me);
  return current?.office === true && can('clients:create');
}

/** "Mandant 10023": the DATEV client number as the office knows its clients; '' without one. */
export const clientNumberText = (account: { client_number: number | null }) =>
  account.client_number === null ? '' : t('Client no. {number}', { number: account.client_number });

const matches = (account: ReachedAccount, query: string) => {
  const wanted = query.trim().toLocaleLowerCase(locale());
  if (wanted === '') return true;
  return (
    account.name.toLocaleLowerCase(locale()).includes(wanted) ||
    (account.client_number !== null && String(account.client_number).includes(wanted.replace(/\s/g, '')))
  );
};

/**
 * The switcher's two groups: the last used (up to five: this device's order, then the service's
 * `last_used_at` for accounts this device has not switched to yet) and the others by name; both filtered by
 * the search (name or Mandantennummer).
 */
export function switcherGroups(
  accounts: ReachedAccount[],
  recentIds: string[],
  query: string,
): { recent: ReachedAccount[]; others: ReachedAccount[] } {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const fromService = [...accounts]
    .filter((a) => a.last_used_at !== null)
    .sort((a, b) => (b.last_used_at ?? '').localeCompare(a.last_used_at ?? ''))
    .map((a) => a.id);
  const recent: ReachedAccount[] = [];
  for (const id of [...recentIds, ...fromService]) {
    const found = byId.get(id);
    if (found && !recent.includes(found) && recent.length < RECENT_SHOWN) recent.push(found);
  }
  const collator = new Intl.Collator(locale(), { sensitivity: 'base', numeric: true });
  const others = accounts.filter((a) => !recent.includes(a)).sort((a, b) => collator.compare(a.name, b.name));
  return {
    recent: recent.filter((a) => matches(a, query)),
    others: others.filter((a) => matches(a, query)),
  };
}

/** The role's name as the console says it (the pickers and the switcher). */
export const ROLE_LABELS: Record<ReachedAccount['role'], string> = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  accountant: 'accountant',
};
