// A document without a language of its own is drawn in its business profile's, and in English when the
// profile names none. Someone working in the German console expects a German invoice; a profile made before
// the form suggested one (or over the API) would give them an English PDF and e-mail without a word, kept so
// once the invoice is finalized. Said beside the profile in the editor and above Finalize on a draft.
import { get } from '../../api';
import type { BusinessProfile } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { href } from '../../router';
import { useLoad } from '../../ui/hooks';
import { Notice } from '../../ui/notice';

export function ProfileLanguageNote({
  profileId,
  documentLocale,
}: {
  profileId: string | null | undefined;
  documentLocale?: string | null;
}) {
  const asked = currentLanguage() !== 'en' && !!profileId && !documentLocale;
  const profile = useLoad(
    () =>
      asked
        ? get<BusinessProfile>(`/business-profiles/${encodeURIComponent(profileId ?? '')}`)
        : Promise.resolve(null),
    [asked, profileId],
  );
  if (!asked || !profile.data || profile.data.default_locale) return null;
  return (
    <Notice kind="warn">
      {t('This business profile names no language: the PDF and the e-mail will be in English.')}{' '}
      <a href={href('business-profiles', profile.data.id)}>{t('Set the language in the business profile')}</a>
    </Notice>
  );
}
