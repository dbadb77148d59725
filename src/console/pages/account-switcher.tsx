// The header's firm: whose data every screen shows (its name and Mandantennummer), and, for someone who
// reaches several accounts (an accounting office and its clients), the switcher. A button opens a panel
// with a search field (name or Mandantennummer), the last used first, then the others by name; each firm is
// a button (Tab or the arrow keys move through them, Enter picks, Escape closes and returns to the button).
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  clientNumberText,
  currentAccount,
  type ReachedAccount,
  ROLE_LABELS,
  recentAccountIds,
  switcherGroups,
} from '../accounts';
import { t } from '../i18n';
import type { Me } from '../me';
import { useAction } from '../ui/hooks';
import { ErrorNotice } from '../ui/notice';
import { isNotReached, notReached } from './office/not-reached';

interface Props {
  me: Me;
  onSwitch: (accountId: string) => Promise<unknown>;
  /** Reads /auth/me again: a firm the user no longer reaches (removed, left elsewhere) leaves the list. */
  onReload?: () => Promise<unknown>;
}

function Firm({ name, number }: { name: string; number: string }) {
  return (
    <span class="firm">
      <span class="firm-caption">{t('Working in')}</span>{' '}
      <span class="firm-name account" title={name}>
        {name}
      </span>
      {number ? (
        <>
          {' '}
          <span class="firm-number">{number}</span>
        </>
      ) : null}
    </span>
  );
}

export function AccountSwitcher({ me, onSwitch, onReload }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const action = useAction();
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const number = clientNumberText(currentAccount(me) ?? { client_number: null });

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    // A click anywhere else closes the panel, as Escape does (focus stays where the click put it).
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  if (me.accounts.length <= 1) {
    return (
      <div class="switcher" title={me.account.id}>
        <Firm name={me.account.name} number={number} />
        {/* The last other firm just left the list (the user was removed from it): why it went. */}
        <ErrorNotice error={action.error} />
      </div>
    );
  }

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) trigger.current?.focus();
  };
  const groups = switcherGroups(me.accounts, recentAccountIds(me), query);
  const shown = [...groups.recent, ...groups.others];
  const pick = async (account: ReachedAccount) => {
    if (account.id === me.account.id) return close(true);
    await action.run(() =>
      onSwitch(account.id).catch(async (error: unknown) => {
        // Removed from it meanwhile: the list is read again, without it, and the reason shown. A failed
        // reading keeps the list as it was; the reason shows all the same.
        if (isNotReached(error, account.id)) await onReload?.().catch(() => undefined);
        throw notReached(error, account);
      }),
    );
  };

  // Up and down move between the search field and the firms' buttons; Home and End to the ends.
  const keys = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const stops = [
      search.current,
      ...(box.current?.querySelectorAll<HTMLButtonElement>('.switcher-item:not(:disabled)') ?? []),
    ].filter((element): element is HTMLInputElement | HTMLButtonElement => element !== null);
    const at = stops.indexOf(document.activeElement as HTMLInputElement | HTMLButtonElement);
    const last = stops.length - 1;
    const next =
      event.key === 'Home'
        ? 1
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? Math.min(last, at + 1)
            : Math.max(0, at - 1);
    // Home and End inside the search field move its cursor, as they always do.
    if ((event.key === 'Home' || event.key === 'End') && at === 0) return;
    event.preventDefault();
    stops[next]?.focus();
  };

  const item = (account: ReachedAccount) => {
    const current = account.id === me.account.id;
    const itsNumber = clientNumberText(account);
    // Each fact after a comma only a screen reader hears: its name reads as the button shows it, in order.
    const facts: { key: string; shown: ComponentChildren }[] = [
      ...(itsNumber ? [{ key: 'number', shown: itsNumber }] : []),
      ...(account.office ? [{ key: 'office', shown: <span class="badge">{t('Office')}</span> }] : []),
      {
        key: 'role',
        shown: (
          <>
            <span class="visually-hidden">{t('your role:')} </span>
            {t(ROLE_LABELS[account.role])}
          </>
        ),
      },
      ...(current ? [{ key: 'current', shown: <span class="badge badge-ok">{t('current')}</span> }] : []),
      ...(account.disabled
        ? [{ key: 'disabled', shown: <span class="badge badge-bad">{t('disabled')}</span> }]
        : []),
    ];
    return (
      <li key={account.id}>
        <button
          type="button"
          class="switcher-item"
          aria-current={current ? 'true' : undefined}
          disabled={account.disabled || action.busy}
          onClick={() => pick(account)}
        >
          <span class="switcher-item-name">{account.name}</span>
          <span class="switcher-item-facts">
            {facts.map((fact) => (
              <span key={fact.key}>
                <span class="visually-hidden">, </span>
                {fact.shown}
              </span>
            ))}
          </span>
        </button>
      </li>
    );
  };

  const group = (key: string, heading: string, accounts: ReachedAccount[]) =>
    accounts.length === 0 ? null : (
      <div class="switcher-group">
        <h2 id={`${id}-${key}`}>{heading}</h2>
        <ul class="switcher-list" aria-labelledby={`${id}-${key}`}>
          {accounts.map(item)}
        </ul>
      </div>
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the panel's own buttons and field
    <div
      class="switcher"
      ref={box}
      onKeyDown={keys}
      onFocusOut={(event) => {
        // Tab past the last firm (or back before the button) leaves the switcher: it closes.
        const to = event.relatedTarget as Node | null;
        if (open && to && !box.current?.contains(to)) close(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        class="switcher-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        title={me.account.id}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <Firm name={me.account.name} number={number} />{' '}
        <span class="visually-hidden">{t('Switch client')}</span>
        <span class="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div id={`${id}-panel`} class="switcher-panel" role="dialog" aria-label={t('Switch client')}>
          <label class="switcher-label" for={`${id}-search`}>
            {t('Find a client')}
          </label>
          <input
            id={`${id}-search`}
            ref={search}
            type="search"
            value={query}
            placeholder={t('Name or client number')}
            autoComplete="off"
            onInput={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter in the search takes the first firm found.
              if (event.key === 'Enter' && shown[0] && !shown[0].disabled) {
                event.preventDefault();
                pick(shown[0]);
              }
            }}
          />
          <p class="visually-hidden" role="status">
            {query.trim() === '' ? '' : t('{count} found', { count: shown.length })}
          </p>
          {group('recent', t('Recently used'), groups.recent)}
          {group('others', groups.recent.length > 0 ? t('All others') : t('All clients'), groups.others)}
          {shown.length === 0 ? <p class="empty">{t('No client matches “{query}”.', { query })}</p> : null}
          {action.busy ? <p role="status">{t('Switching…')}</p> : null}
          <ErrorNotice error={action.error} />
        </div>
      ) : null}
    </div>
  );
}
