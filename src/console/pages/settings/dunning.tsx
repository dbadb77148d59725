// The dunning policy (docs/dunning.md): whether reminders go out by themselves, and up to four levels, each
// with its days after the due date, its fee and its words. Placeholders such as {number} are filled per
// invoice by the service.
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, get, list, put } from '../../api';
import type {
  BusinessProfile,
  BusinessProfileSummary,
  DunningLevel,
  DunningPolicy,
  DunningPolicyBody,
} from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { writeDecimal } from '../../numbers';
import { can } from '../../permissions';
import { Checkbox, Field, Fieldset } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading, Said } from '../../ui/notice';
import { decimalInput } from '../documents/payments';
import { ENGLISH_DEFAULT_LEVELS } from './dunning-defaults';

interface LevelForm {
  days: string;
  fee: string;
  subject: string;
  message: string;
}

const MAX_LEVELS = 4;
const toForm = (level: DunningLevel): LevelForm => ({
  days: String(level.days_after_due),
  fee: writeDecimal(level.fee, currentLanguage()),
  subject: level.subject,
  message: level.message,
});

/**
 * The levels the form starts with: the saved ones; else the service's defaults in the language the firm's
 * invoices are written in (saving them makes them every invoice's letters): English when each business
 * profile writes English (a profile naming no language does: docs/rendering.md), else the German ones the
 * service answers. Not the reader's language: a German firm in the English console keeps German letters.
 */
function startingLevels(policy: DunningPolicy, profiles: readonly BusinessProfile[]): DunningLevel[] {
  if (policy.updated_at !== null) return policy.levels;
  const english =
    profiles.length > 0 &&
    profiles.every((profile) => (profile.default_locale ?? 'en').toLowerCase().startsWith('en'));
  return english ? ENGLISH_DEFAULT_LEVELS : policy.levels;
}

export function DunningSettings() {
  const loaded = useLoad(async () => {
    const [policy, summaries] = await Promise.all([
      get<DunningPolicy>('/dunning-policy'),
      list<BusinessProfileSummary>('/business-profiles', { limit: 10 }),
    ]);
    // The list names no language: each profile read (a firm has one or a few; more count as not English).
    const profiles =
      policy.updated_at !== null || summaries.pagination.has_more
        ? []
        : await Promise.all(
            summaries.data.map((one) => get<BusinessProfile>(`/business-profiles/${one.id}`)),
          );
    return { policy, profiles };
  }, []);
  const [enabled, setEnabled] = useState(false);
  const [levels, setLevels] = useState<LevelForm[]>([]);
  const [saved, setSaved] = useState(false);
  const [stored, setStored] = useState(false);
  const action = useAction();
  useEffect(() => {
    if (!loaded.data) return;
    setEnabled(loaded.data.policy.enabled);
    setLevels(startingLevels(loaded.data.policy, loaded.data.profiles).map(toForm));
  }, [loaded.data]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;

  const change = (index: number, field: keyof LevelForm, value: string) =>
    setLevels(levels.map((level, i) => (i === index ? { ...level, [field]: value } : level)));
  const save = async (event: Event) => {
    event.preventDefault();
    setSaved(false);
    const body: DunningPolicyBody = {
      enabled,
      levels: levels.map((level) => ({
        days_after_due: Number.parseInt(level.days, 10),
        fee: decimalInput(level.fee),
        subject: level.subject,
        message: level.message,
      })),
    };
    const done = await action.run(() => put<DunningPolicy>('/dunning-policy', body));
    if (done) {
      setSaved(true);
      setStored(true);
      setLevels(done.levels.map(toForm));
    }
  };
  const error = action.error as ApiError | null;
  // The policy speaks for every invoice of the account: owners' and admins' (docs/roles.md); others read it.
  const editable = can('resources:write_all');
  return (
    <section class="card" aria-labelledby="dunning-heading">
      <h2 id="dunning-heading">{t('Dunning policy')}</h2>
      <p class="hint">
        {t(
          'Placeholders: {number}, {issue_date}, {due_date}, {amount_due}, {fee}, {total}, {pay_by}, {days_overdue}, {customer}, {seller}, {salutation}.',
        )}
      </p>
      {loaded.data.policy.updated_at === null && !stored ? (
        <p class="hint">
          {t(
            'Not saved yet: until then each invoice is reminded with these texts in its own language (English or German). Once you save, your words are used for every invoice.',
          )}
        </p>
      ) : null}
      {editable ? null : <p class="hint">{t('Only owners and admins change the dunning policy.')}</p>}
      <form onSubmit={save}>
        <fieldset class="bare" disabled={!editable}>
          <Checkbox label={t('Send reminders automatically')} checked={enabled} onChange={setEnabled} />
          {levels.map((level, index) => (
            <Fieldset key={index} legend={t('Level {level}', { level: index + 1 })}>
              <Field
                label={t('Days after the due date (level {level})', { level: index + 1 })}
                type="number"
                value={level.days}
                onInput={(value) => change(index, 'days', value)}
                path={`levels.${index}.days_after_due`}
                error={error}
                required
              />
              <Field
                label={t('Fee (level {level})', { level: index + 1 })}
                value={level.fee}
                inputMode="decimal"
                onInput={(value) => change(index, 'fee', value)}
                path={`levels.${index}.fee`}
                error={error}
                required
              />
              <Field
                label={t('Subject (level {level})', { level: index + 1 })}
                value={level.subject}
                onInput={(value) => change(index, 'subject', value)}
                path={`levels.${index}.subject`}
                error={error}
                required
              />
              <Field
                label={t('Letter text (level {level})', { level: index + 1 })}
                multiline
                value={level.message}
                onInput={(value) => change(index, 'message', value)}
                path={`levels.${index}.message`}
                error={error}
              />
              {editable && levels.length > 1 ? (
                <button
                  type="button"
                  class="danger"
                  onClick={() => setLevels(levels.filter((_, i) => i !== index))}
                >
                  {t('Remove level {level}', { level: index + 1 })}
                </button>
              ) : null}
            </Fieldset>
          ))}
          {editable && levels.length < MAX_LEVELS ? (
            <button
              type="button"
              onClick={() => {
                const last = levels[levels.length - 1];
                const days = last ? Number.parseInt(last.days, 10) + 14 : 7;
                setLevels([
                  ...levels,
                  {
                    days: String(days),
                    fee: writeDecimal('0.00', currentLanguage()),
                    subject: '',
                    message: '',
                  },
                ]);
              }}
            >
              {t('Add level')}
            </button>
          ) : null}
        </fieldset>
        {editable ? (
          <button type="submit" class="primary" disabled={action.busy}>
            {t('Save dunning policy')}
          </button>
        ) : null}
      </form>
      <ErrorNotice error={action.error} />
      <Said text={saved ? t('Dunning policy saved.') : null} />
    </section>
  );
}
