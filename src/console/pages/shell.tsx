import type { ComponentChildren } from 'preact';
import { type Language, t } from '../i18n';
import type { Account, Me } from '../me';

export type { Account, Me } from '../me';

import { href, useRoute } from '../router';
import { LanguageChooser } from '../ui/language';
import { DashboardPage } from './dashboard';
import { DocumentsPage } from './documents';
import { ExportsPage } from './exports';
import { NumberingPage } from './numbering';
import { BusinessProfilesPage, CustomersPage } from './parties';
import { ProductsPage } from './products';
import { ReceivedPage } from './received';
import { RecurringPage } from './recurring';
import { SettingsPage } from './settings';
import { TemplatesPage } from './templates';
import { WorkPage } from './work';

interface Props {
  account: Account;
  user?: Me['user'];
  member?: Me['member'];
  /** The account as renamed in the settings: the header shows it at once. */
  onAccount: (account: Account) => void;
  language: Language;
  onLanguage: (language: Language) => void;
  onSignOut: () => void;
}

const SECTIONS = [
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
  account,
  user,
  member,
  onAccount,
}: {
  route: string[];
  account: Account;
  user?: Me['user'];
  member?: Me['member'];
  onAccount: (account: Account) => void;
}): ComponentChildren {
  const [section = 'documents', ...rest] = route;
  switch (section) {
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
      return (
        <SettingsPage route={rest} account={account} user={user} member={member} onAccount={onAccount} />
      );
    default:
      return <DocumentsPage route={section === 'documents' ? rest : []} />;
  }
}

export function Shell({ account, user, member, onAccount, language, onLanguage, onSignOut }: Props) {
  const route = useRoute();
  const current = route[0] ?? 'documents';
  return (
    <div class="shell">
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        {t('Skip to content')}
      </button>
      <header class="topbar">
        <div class="topline">
          <span class="brand">{t('Invoice service')}</span>
          <div class="who">
            <span class="account" title={account.id}>
              {account.name}
            </span>
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
        <nav aria-label={t('Sections')}>
          <ul>
            {SECTIONS.map((section) => (
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
        <Page route={route} account={account} user={user} member={member} onAccount={onAccount} />
      </main>
    </div>
  );
}
