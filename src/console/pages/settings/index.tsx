import { t } from '../../i18n';
import type { Account, Me } from '../shell';
import { Plan, Usage } from './account';
import { ApiKeys } from './api-keys';
import { BrandingProfiles } from './branding';
import { DunningSettings } from './dunning';
import { ChangePassword } from './password';
import { Workspaces } from './workspaces';

export function SettingsPage({ account, user }: { route: string[]; account: Account; user?: Me['user'] }) {
  return (
    <section class="settings">
      <div class="page-head">
        <h1>{t('Settings')}</h1>
      </div>
      <p>
        {t('Account')}: <strong>{account.name}</strong> · {t('Plan')}: {account.plan_name}
      </p>
      {user ? <ChangePassword /> : null}
      <ApiKeys />
      <Usage />
      <Plan />
      <BrandingProfiles />
      <DunningSettings />
      <Workspaces />
    </section>
  );
}
