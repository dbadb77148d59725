import { useState } from 'preact/hooks';
import { type ApiError, call, list, post } from '../../api';
import type { BrandingProfile } from '../../api-types';
import { t } from '../../i18n';
import { can, canChange, canWrite } from '../../permissions';
import { useUnsavedGuard } from '../../router';
import { Checkbox, Field } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice } from '../../ui/notice';

/** The name the service gives the profile it makes itself (src/modules/branding/model.ts DEFAULT_PROFILE_NAME). */
const BUILT_IN_NAME = 'Default';

/** A profile's name; the built-in one's in the console's language ("Standard"). */
const brandingName = (profile: Pick<BrandingProfile, 'name'>) =>
  profile.name === BUILT_IN_NAME ? t('Default') : profile.name;

export function BrandingProfiles() {
  const profiles = useLoad(
    () => list<BrandingProfile>('/branding-profiles', { limit: 100 }).then((page) => page.data),
    [],
  );
  const [name, setName] = useState('');
  const [primary, setPrimary] = useState('#1f4e79');
  const [footer, setFooter] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  // A branding profile typed but not yet created is asked about before it is lost.
  useUnsavedGuard(name.trim() !== '' || footer.trim() !== '');
  const action = useAction();
  const error = action.error as ApiError | null;
  const create = async (event: Event) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      primary_color: primary,
      ...(footer ? { footer_text: footer } : {}),
      is_default: makeDefault,
    };
    if (await action.run(() => post('/branding-profiles', body))) {
      setName('');
      setFooter('');
      profiles.reload();
    }
  };
  const setDefault = async (profile: BrandingProfile) => {
    if (await action.run(() => post(`/branding-profiles/${profile.id}/default`))) profiles.reload();
  };
  const destroy = async (profile: BrandingProfile) => {
    if (!confirm(t('Delete the branding profile {name}?', { name: brandingName(profile) }))) return;
    if ((await action.run(() => call('DELETE', `/branding-profiles/${profile.id}`))) !== undefined)
      profiles.reload();
  };
  // A member creates and changes their own profiles, not the default nor another's (docs/roles.md); an
  // accountant none.
  const mayCreate = canWrite();
  const mayChooseDefault = can('resources:write_all');
  return (
    <section class="card" aria-labelledby="branding-heading">
      <h2 id="branding-heading">{t('Branding profiles')}</h2>
      <ErrorNotice error={action.error ?? profiles.error} />
      <ul class="plain">
        {(profiles.data ?? []).map((profile) => (
          <li key={profile.id}>
            <span class="swatch" style={{ background: profile.primary_color }} aria-hidden="true" />{' '}
            {brandingName(profile)} <code>{profile.primary_color}</code>{' '}
            {profile.is_default ? (
              <Badge tone="ok">{t('Default')}</Badge>
            ) : mayChooseDefault ? (
              <button type="button" disabled={action.busy} onClick={() => setDefault(profile)}>
                {t('Make default')}
              </button>
            ) : null}{' '}
            {(profile.is_default ? mayChooseDefault : canWrite() && canChange(profile)) ? (
              <button
                type="button"
                class="danger"
                disabled={action.busy}
                onClick={() => destroy(profile)}
                aria-label={t('Delete {name}', { name: brandingName(profile) })}
              >
                {t('Delete')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayCreate ? (
        <form class="inline" onSubmit={create}>
          <Field
            label={t('Branding profile name')}
            value={name}
            onInput={setName}
            path="name"
            error={error}
            required
          />
          <Field
            label={t('Primary colour')}
            value={primary}
            onInput={setPrimary}
            path="primary_color"
            error={error}
          />
          <Field
            label={t('Footer text')}
            value={footer}
            onInput={setFooter}
            path="footer_text"
            error={error}
          />
          {mayChooseDefault ? (
            <Checkbox
              label={t('Default for new documents')}
              checked={makeDefault}
              onChange={setMakeDefault}
            />
          ) : null}
          <button type="submit" disabled={action.busy || name.trim() === ''}>
            {t('New branding profile')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
