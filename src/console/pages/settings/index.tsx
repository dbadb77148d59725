import { t } from '../../i18n';
import type { Account, Me } from '../../me';
import { AccountName, Plan, Usage } from './account';
import { ApiKeys } from './api-keys';
import { BrandingProfiles } from './branding';
import { DunningSettings } from './dunning';
import { NetworksPage, NetworksSummary } from './networks';
import { ChangePassword } from './password';
import { Workspaces } from './workspaces';

export function SettingsPage({
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
}) {
  if (route[0] === 'networks') return <NetworksPage />;
  return (
    <section class="settings">
      <div class="page-head">
        <h1>{t('Settings')}</h1>
      </div>
      <AccountName account={account} editable={!member || member.role === 'owner'} onRenamed={onAccount} />
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
