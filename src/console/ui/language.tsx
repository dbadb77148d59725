import { LANGUAGES, type Language, t } from '../i18n';

const NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

export function LanguageChooser(props: { language: Language; onLanguage: (language: Language) => void }) {
  return (
    <label class="language">
      {t('Language')}{' '}
      <select
        value={props.language}
        onChange={(event) => props.onLanguage(event.currentTarget.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
