import { t } from '../../i18n';
import type { Account } from '../shell';
import { Plan, Usage } from './account';
import { ApiKeys } from './api-keys';
import { BrandingProfiles } from './branding';
import { Workspaces } from './workspaces';

export function SettingsPage({ account }: { route: string[]; account: Account }) {
  return (
    <section class="settings">
      <div class="page-head">
        <h1>{t('Settings')}</h1>
      </div>
      <p>
        {t('Account')}: <strong>{account.name}</strong> · {t('Plan')}: {account.plan_name}
      </p>
      <ApiKeys />
      <Usage />
      <Plan />
      <BrandingProfiles />
      <Workspaces />
    </section>
  );
}
