import { useEffect, useState } from 'preact/hooks';
import { type ApiError, blob, get, list, patch, post, remove, upload } from '../../api';
import type {
  BrandingProfile,
  CustomTemplate,
  Font,
  StoredFile,
  TemplateConfig,
  TemplateVersion,
} from '../../api-types';
import { currentLanguage, formatDate, t } from '../../i18n';
import { can, canChange, canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { Field, Select } from '../../ui/form';
import { useAction, useDebounced, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../../ui/notice';
import { PdfFrame } from '../../ui/pdf-frame';
import { notYours, WriteActions } from '../../ui/write-actions';
import { sampleDocument } from '../sample';
import { type OverriddenSetting, profileOverrides } from './overrides';

/** The designer's field labels, for the settings a branding profile takes over. */
const SETTING_LABELS: Record<OverriddenSetting, string> = {
  primary_color: 'Primary colour',
  accent_color: 'Accent colour',
  font_family: 'Font',
  header_text: 'Header text',
  footer_text: 'Footer text',
};

export function Designer({ id }: { id: string }) {
  const path = `/templates/custom/${encodeURIComponent(id)}` as const;
  const loaded = useLoad(() => get<CustomTemplate>(path), [id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return <DesignerForm key={loaded.data.id} template={loaded.data} path={path} reload={loaded.reload} />;
}

export function DesignerForm({
  template,
  path,
  reload,
}: {
  template: CustomTemplate;
  path: `/templates/custom/${string}`;
  reload: () => void;
}) {
  const [name, setName] = useState(template.name);
  const [config, setConfig] = useState<TemplateConfig>(template.config ?? {});
  const [logo, setLogo] = useState<string | null>(null);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const fonts = useLoad(() => list<Font>('/reference/fonts').then((page) => page.data), []);
  // The account's default branding profile (listed first) is drawn over the template, in the preview as in
  // every document: what it sets is named, else a colour typed here seems to change nothing.
  const profile = useLoad(
    () => list<BrandingProfile>('/branding-profiles', { limit: 1 }).then((page) => page.data[0]),
    [],
  );
  const overridden = profileOverrides(profile.data);
  const versions = useLoad(
    () => list<TemplateVersion>(`/templates/${template.id}/versions`).then((page) => page.data),
    [template.id],
  );
  const action = useAction();
  const preview = useAction();
  const error = action.error as ApiError | null;
  // Its creator's, or an owner's or admin's; the account's default only theirs (docs/roles.md). Another's
  // template is still tried in the preview (that stores nothing), and copied from the list.
  const mine = canChange(template) && (!template.is_default || can('resources:write_all'));
  // A snapshot changes nothing a render uses: the API takes it from the template's creator even on the
  // account's default (POST /templates/{id}/versions, templates/access.ts), so it is offered on those too.
  const maySnapshot = canWrite() && canChange(template);
  const setOne = (key: keyof TemplateConfig) => (value: string) =>
    setConfig((current) => ({ ...current, [key]: value }));
  // After a save or a restored version the form shows what the service now holds (it may have named the
  // font as drawn); typing in between is not overwritten, since only a new `updated_at` brings this on.
  useEffect(() => {
    setConfig(template.config ?? {});
    setName(template.name);
  }, [template.updated_at]);

  // The preview redraws from the settings as they stand (saved or not: the preview endpoint tries posted
  // settings without storing them), half a second after the last change.
  const settled = useDebounced(JSON.stringify({ config, logo }), 500);
  useEffect(() => {
    let current = true;
    const { config: drawn, logo: drawnLogo } = JSON.parse(settled) as {
      config: TemplateConfig;
      logo: string | null;
    };
    const sample = sampleDocument(currentLanguage());
    // The settings as typed go as `config` (tried, not stored); a colour still being typed is left out.
    const tried = Object.fromEntries(
      Object.entries(drawn).filter(
        ([name, value]) =>
          typeof value === 'string' &&
          value.trim() !== '' &&
          (!name.endsWith('_color') || /^#[0-9a-f]{6}$/i.test(value)),
      ),
    );
    const data = drawnLogo ? { ...sample.data, branding: { logo_file_id: drawnLogo } } : sample.data;
    preview
      .run(() =>
        blob('POST', `/templates/${template.id}/preview`, {
          accept: 'application/pdf',
          body: { ...sample, data, config: tried, output: { delivery: 'binary' } },
        }),
      )
      .then((answer) => current && answer && setPdf(answer));
    return () => {
      current = false;
    };
  }, [settled, template.id]);

  const cleanConfig = () =>
    Object.fromEntries(
      Object.entries(config).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
  const save = async (event: Event) => {
    event.preventDefault();
    // Enter in a field of a template the caller only previews saves nothing (no Save button is shown).
    if (!mine) return;
    if (await action.run(() => patch(path, { name: name.trim(), config: cleanConfig() }))) {
      setSaved(t('Saved.'));
      reload();
    }
  };
  const run = async (step: () => Promise<unknown>, message: string) => {
    if ((await action.run(step)) !== undefined) {
      setSaved(message);
      reload();
      versions.reload();
    }
  };
  const snapshot = () => run(() => post(`/templates/${template.id}/versions`, {}), t('Version saved.'));
  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    const stored = await action.run(() => upload<StoredFile>('/files', file));
    if (stored) setLogo(stored.id);
  };

  return (
    <section>
      <div class="page-head">
        <h1>
          {template.name}{' '}
          <Badge tone={template.status}>{t(template.status === 'published' ? 'Published' : 'Draft')}</Badge>
        </h1>
        <a href={href('templates')}>{t('Back to templates')}</a>
      </div>
      <div class="document-grid">
        <form class="card" onSubmit={save}>
          <ErrorNotice error={action.error} />
          {saved ? <Notice kind="ok">{saved}</Notice> : null}
          <Field label={t('Name')} value={name} onInput={setName} path="name" error={error} required />
          {overridden.length > 0 && profile.data ? (
            <p class="hint" data-testid="profile-overrides">
              {t(
                'The default branding profile {name} sets: {settings}. Documents and this preview use its values, not the ones below; change them under Settings → Branding profiles.',
                {
                  name: profile.data.name === 'Default' ? t('Default') : profile.data.name,
                  settings: overridden.map((setting) => t(SETTING_LABELS[setting])).join(', '),
                },
              )}
            </p>
          ) : null}
          <div class="grid">
            <ColorField
              label={t('Primary colour')}
              pickerLabel={t('Pick a colour (primary)')}
              value={config.primary_color ?? ''}
              onInput={setOne('primary_color')}
              path="config.primary_color"
              error={error}
            />
            <ColorField
              label={t('Accent colour')}
              pickerLabel={t('Pick a colour (accent)')}
              value={config.accent_color ?? ''}
              onInput={setOne('accent_color')}
              path="config.accent_color"
              error={error}
            />
          </div>
          <Select
            label={t('Font')}
            value={config.font_family ?? ''}
            onChange={setOne('font_family')}
            options={[
              { value: '', label: t('As the base template') },
              ...(fonts.data ?? []).map((font) => ({ value: font.name, label: font.name })),
            ]}
            path="config.font_family"
            error={error}
          />
          <Field
            label={t('Header text')}
            value={config.header_text ?? ''}
            onInput={setOne('header_text')}
            path="config.header_text"
            error={error}
          />
          <Field
            label={t('Footer text')}
            value={config.footer_text ?? ''}
            onInput={setOne('footer_text')}
            path="config.footer_text"
            error={error}
          />
          <label class="file">
            {t('Logo for the preview')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/svg+xml"
              onChange={(event) => chooseLogo(event.currentTarget.files?.[0])}
            />
          </label>
          <p class="hint">{t('Documents take their logo from the business profile or branding profile.')}</p>
          {mine || !maySnapshot ? null : (
            <>
              <p class="hint not-yours">
                {t(
                  "The account's default template: only an owner or admin changes it. You can save a version of it.",
                )}
              </p>
              <div class="actions">
                <SaveAsVersion busy={action.busy} onClick={snapshot} />
              </div>
            </>
          )}
          {!mine && maySnapshot ? null : (
            <WriteActions row={template} allowed={mine}>
              <button type="submit" class="primary" disabled={action.busy}>
                {t('Save')}
              </button>
              <SaveAsVersion busy={action.busy} onClick={snapshot} />
              <button
                type="button"
                disabled={action.busy || template.status === 'published'}
                onClick={() => run(() => post(`${path}/publish`), t('Published.'))}
              >
                {t('Publish')}
              </button>
              <button
                type="button"
                class="danger"
                disabled={action.busy}
                onClick={async () => {
                  if (!confirm(t('Delete the template {name}?', { name: template.name }))) return;
                  if ((await action.run(() => remove(path))) !== undefined) navigate('templates');
                }}
              >
                {t('Delete')}
              </button>
            </WriteActions>
          )}
          <h2>{t('Versions')}</h2>
          <ul class="versions">
            {(versions.data ?? []).map((version) => (
              <li key={version.id}>
                {t('Version {n}', { n: version.version })} · {formatDate(version.created_at)}{' '}
                {version.label ?? ''}{' '}
                <button
                  type="button"
                  disabled={action.busy || !mine}
                  title={mine ? undefined : notYours()}
                  onClick={() =>
                    run(
                      () => post(`/templates/${template.id}/versions/${version.version}/restore`),
                      t('Version {n} restored.', { n: version.version }),
                    )
                  }
                >
                  {t('Restore version {n}', { n: version.version })}
                </button>
              </li>
            ))}
            {versions.data?.length === 0 ? <li>{t('No versions yet.')}</li> : null}
          </ul>
        </form>
        <aside class="card preview" aria-label={t('Preview')} aria-busy={preview.busy}>
          <ErrorNotice error={preview.error} />
          {pdf ? <PdfFrame pdf={pdf} title={t('Template preview')} /> : <Loading />}
        </aside>
      </div>
    </section>
  );
}

export function ColorField(props: {
  label: string;
  /** The picker's own name: not containing the field's, so the field's label names one control only. */
  pickerLabel: string;
  value: string;
  onInput: (value: string) => void;
  path: string;
  error: ApiError | null;
}) {
  return (
    <div class="color-field">
      <Field
        label={props.label}
        value={props.value}
        onInput={props.onInput}
        path={props.path}
        error={props.error}
        placeholder="#1f4e79"
      />
      <input
        type="color"
        aria-label={props.pickerLabel}
        value={/^#[0-9a-f]{6}$/i.test(props.value) ? props.value : '#000000'}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </div>
  );
}

function SaveAsVersion({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button type="button" disabled={busy} onClick={onClick}>
      {t('Save as version')}
    </button>
  );
}
