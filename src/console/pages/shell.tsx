import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { FIRST_START_NAME, showsOffice } from '../accounts';
import { type Language, t } from '../i18n';
import type { Account, Me } from '../me';
import { can } from '../permissions';

export type { Account, Me } from '../me';

import { href, useRoute } from '../router';
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

export function Shell({ me, onAccount, onSwitch, onReload, language, onLanguage, onSignOut }: Props) {
  const route = useRoute();
  const current = route[0] ?? 'documents';
  const { user } = me;
  const office = showsOffice(me);
  // On a phone the sections fold under one button (the thirteen links took half the screen); each move
  // to another screen folds them again, in the same drawing as the new screen's name (the menu is open
  // for the screen it was opened on).
  const where = route.join('/');
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
            <AccountSwitcher me={me} onSwitch={onSwitch} />
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
