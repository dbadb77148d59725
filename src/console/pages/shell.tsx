import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FIRST_START_NAME, showsOffice } from '../accounts';
import { type Language, t } from '../i18n';
import type { Account, Me } from '../me';
import { can } from '../permissions';

export type { Account, Me } from '../me';

import { href, useRoute } from '../router';
import { onAnnounce } from '../ui/announce';
import { useFocusKept } from '../ui/focus-kept';
import { LanguageChooser } from '../ui/language';
import { Notice } from '../ui/notice';
import { AccountSwitcher } from './account-switcher';
import { DashboardPage } from './dashboard';
import { DocumentsPage } from './documents';
import { ExportsPage } from './exports';
import { NumberingPage } from './numbering';
import { OfficePage } from './office';
import { BusinessProfilesPage, CustomersPage } from './parties';
import { ProductsPage } from './products';
import { ReceivedPage } from './received';
import { RecurringPage } from './recurring';
import { SettingsPage } from './settings';
import { TemplatesPage } from './templates';
import { WorkPage } from './work';

interface Props {
  me: Me;
  /** The account as renamed in the settings: the header shows it at once. */
  onAccount: (account: Account) => void;
  /** Acts in another account the user reaches, then shows its dashboard. */
  onSwitch: (accountId: string) => Promise<boolean>;
  /** Asks /auth/me again (a client added or left); `fresh`: without naming the account on screen. */
  onReload: (fresh?: boolean) => Promise<void>;
  language: Language;
  onLanguage: (language: Language) => void;
  onSignOut: () => void;
}

const SECTIONS = [
  { path: 'office', label: 'Office' },
  { path: 'dashboard', label: 'Dashboard' },
  { path: 'documents', label: 'Documents' },
  { path: 'recurring', label: 'Recurring' },
  { path: 'customers', label: 'Customers' },
  { path: 'products', label: 'Products' },
  { path: 'business-profiles', label: 'Business profiles' },
  { path: 'numbering', label: 'Numbering' },
  { path: 'templates', label: 'Templates' },
  { path: 'received', label: 'Received' },
  { path: 'batches', label: 'Batches and imports' },
  { path: 'exports', label: 'Exports' },
  { path: 'settings', label: 'Settings' },
] as const;

function Page({
  route,
  me,
  onAccount,
  onSwitch,
  onReload,
}: {
  route: string[];
  me: Me;
  onAccount: (account: Account) => void;
  onSwitch: (accountId: string) => Promise<boolean>;
  onReload: (fresh?: boolean) => Promise<void>;
}): ComponentChildren {
  const [section = 'documents', ...rest] = route;
  const { account, user } = me;
  switch (section) {
    case 'office':
      return <OfficePage me={me} onSwitch={onSwitch} onReload={onReload} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'customers':
      return <CustomersPage route={rest} />;
    case 'products':
      return <ProductsPage route={rest} />;
    case 'recurring':
      return <RecurringPage route={rest} />;
    case 'numbering':
      return <NumberingPage route={rest} />;
    case 'business-profiles':
      return <BusinessProfilesPage route={rest} />;
    case 'templates':
      return <TemplatesPage route={rest} />;
    case 'received':
      return <ReceivedPage route={rest} />;
    case 'batches':
      return <WorkPage route={rest} />;
    case 'exports':
      return <ExportsPage />;
    case 'settings':
      return <SettingsPage route={rest} me={me} account={account} user={user} onAccount={onAccount} />;
    default:
      return <DocumentsPage route={section === 'documents' ? rest : []} />;
  }
}

// Whether anything of this page had the focus yet (a fresh load: not before the first screen is drawn).
let focusedBefore = false;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    () => {
      focusedBefore = true;
    },
    { once: true },
  );

/**
 * After a move to another screen the keyboard and a screen reader start at its heading (the link or button
 * that moved there is behind, or gone, and the focus would fall back to the top of the page): the first
 * heading of the new screen takes the focus once it is drawn (screens load first). A screen that puts the
 * focus somewhere in itself (or keeps the control that was used), or a person who moves it meanwhile,
 * keeps it there. On the first drawing only when something of the page had the focus before (the sign-in
 * form, the language chosen): not on a fresh load, where the keyboard starts at the skip link. A screen
 * that could not be drawn (an error instead) puts the focus on its error.
 */
function useHeadingFocus(where: string) {
  const first = useRef(true);
  useEffect(() => {
    const main = document.getElementById('main');
    const active = document.activeElement;
    const initial = first.current;
    first.current = false;
    if (!main || (active && active !== document.body && main.contains(active))) return;
    if (initial && !focusedBefore) return;
    let ours = false;
    let stop = () => {};
    const place = (): boolean => {
      // A screen that could not be shown (a document that does not exist) has no heading: its error says
      // why, and takes the focus instead.
      const heading =
        main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('[role=alert]');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      ours = true;
      heading.focus();
      ours = false;
      return true;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) stop();
    });
    const moved = () => {
      if (!ours) stop();
    };
    // Nothing drawn for long: the screen itself (main) takes it, not the page.
    const timer = setTimeout(() => {
      stop();
      const now = document.activeElement;
      if (!now || now === document.body) main.focus();
    }, 15_000);
    stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('focusin', moved);
    };
    observer.observe(main, { childList: true, subtree: true });
    document.addEventListener('focusin', moved);
    return stop;
  }, [where]);
}

/**
 * The shell's live region: what a screen announced (ui/announce.ts), kept over the move to the next screen
 * (a saved customer, then the list) and cleared on the move after that.
 */
function useAnnouncement(where: string): string {
  const [said, setSaid] = useState<{ text: string; on: string | null }>({ text: '', on: null });
  useEffect(() => {
    onAnnounce((text) => setSaid({ text, on: null }));
    return () => onAnnounce(null);
  }, []);
  useEffect(() => {
    setSaid((shown) =>
      shown.text === '' || shown.on === where
        ? shown
        : shown.on === null
          ? { ...shown, on: where }
          : { text: '', on: null },
    );
  }, [where]);
  return said.text;
}

export function Shell({ me, onAccount, onSwitch, onReload, language, onLanguage, onSignOut }: Props) {
  const route = useRoute();
  const current = route[0] ?? 'documents';
  const { user } = me;
  const office = showsOffice(me);
  // On a phone the sections fold under one button (the thirteen links took half the screen); each move
  // to another screen folds them again, in the same drawing as the new screen's name (the menu is open
  // for the screen it was opened on).
  const where = route.join('/');
  useHeadingFocus(where);
  useFocusKept();
  const announcement = useAnnouncement(where);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === where;
  const currentLabel = SECTIONS.find((section) => section.path === current)?.label ?? 'Documents';
  return (
    <div class="shell">
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        {t('Skip to content')}
      </button>
      <header class="topbar">
        <div class="topline">
          <span class="brand">{t('Invoice service')}</span>
          <div class="who">
            <AccountSwitcher me={me} onSwitch={onSwitch} onReload={() => onReload()} />
            <div class="who-me">
              {user ? (
                <span class="user" title={user.email}>
                  {user.name}
                </span>
              ) : null}
              <LanguageChooser language={language} onLanguage={onLanguage} />
              <button type="button" onClick={onSignOut}>
                {t('Sign out')}
              </button>
            </div>
          </div>
        </div>
        <nav
          aria-label={t('Sections')}
          class={menuOpen ? 'open' : undefined}
          // Escape folds the open menu again and puts the focus back on its button (from a link in it too).
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menuOpen) return;
            event.preventDefault();
            setOpenOn(null);
            (event.currentTarget as HTMLElement).querySelector<HTMLButtonElement>('.menu-toggle')?.focus();
          }}
        >
          <button
            type="button"
            class="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="sections"
            onClick={() => setOpenOn(menuOpen ? null : where)}
          >
            <span aria-hidden="true" class="menu-icon">
              {menuOpen ? '✕' : '☰'}
            </span>
            {t('Menu')}: {t(currentLabel)}
          </button>
          <ul id="sections">
            {SECTIONS.filter((section) => section.path !== 'office' || office).map((section) => (
              <li key={section.path}>
                <a href={href(section.path)} aria-current={current === section.path ? 'page' : undefined}>
                  {t(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {/* Always in the page, so that words put into it are announced. */}
        <div role="status" aria-live="polite" class="announcement">
          {announcement ? <p class="notice notice-ok">{announcement}</p> : null}
        </div>
        {/* A first start names the account in English; the header, invitations and the office's lists
            show that name until the owner enters the firm's own. */}
        {me.account.name === FIRST_START_NAME && can('account:edit') && current !== 'settings' ? (
          <Notice kind="info">
            {t(
              'Your account is still called "Default account": the header and your colleagues’ invitations show it.',
            )}{' '}
            <a href={href('settings')}>{t('Enter your firm’s name')}</a>
          </Notice>
        ) : null}
        <Page route={route} me={me} onAccount={onAccount} onSwitch={onSwitch} onReload={onReload} />
      </main>
    </div>
  );
}
