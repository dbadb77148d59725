import { offersFirstClient } from '../../accounts';
import { t } from '../../i18n';
import type { Account, Me } from '../../me';
import { can } from '../../permissions';
import { AccountName, Plan, Usage } from './account';
import { ApiKeys } from './api-keys';
import { BrandingProfiles } from './branding';
import { DunningSettings } from './dunning';
import { FirstClient } from './first-client';
import { NetworksPage, NetworksSummary } from './networks';
import { ChangePassword } from './password';
import { Workspaces } from './workspaces';

export function SettingsPage({
  route,
  me,
  account,
  user,
  onAccount,
}: {
  route: string[];
  me: Me;
  account: Account;
  user?: Me['user'];
  onAccount: (account: Account) => void;
}) {
  if (route[0] === 'networks') return <NetworksPage />;
  return (
    <section class="settings">
      <div class="page-head">
        <h1>{t('Settings')}</h1>
      </div>
      <AccountName account={account} editable={can('account:edit')} onRenamed={onAccount} />
      {offersFirstClient(me) ? <FirstClient /> : null}
      {user ? <ChangePassword /> : null}
      <ApiKeys />
      <NetworksSummary />
      <Usage />
      <Plan />
      <BrandingProfiles />
      <DunningSettings />
      <Workspaces />
    </section>
  );
}
