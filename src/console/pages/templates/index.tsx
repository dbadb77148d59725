import { useState } from 'preact/hooks';
import { type ApiError, list, post } from '../../api';
import type { BuiltInTemplate, CustomTemplate, CustomTemplateListed } from '../../api-types';
import { formatDate, t } from '../../i18n';
import { canWrite } from '../../permissions';
import { href, navigate } from '../../router';
import { Field, Select } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice } from '../../ui/notice';
import { PdfFrame } from '../../ui/pdf-frame';
import { Designer } from './designer';
import { previewOf } from './model';

export function TemplatesPage({ route }: { route: string[] }) {
  const [id] = route;
  return id ? <Designer id={id} /> : <TemplateList />;
}

/** A built-in template's first page (a picture served with the console), and a live preview on request. */
export function Thumbnail({
  template,
  onPreview,
}: {
  template: BuiltInTemplate;
  onPreview: (template: BuiltInTemplate) => void;
}) {
  return (
    <figure class="card thumbnail">
      <img
        src={`/console/thumbnails/${template.template_id}.png`}
        alt={t('{name} template: the first page of a sample invoice', { name: template.name })}
        width={414}
        height={585}
        loading="lazy"
      />
      <figcaption>
        <strong>{template.name}</strong> <code>{template.template_id}</code>{' '}
        <button
          type="button"
          onClick={() => onPreview(template)}
          aria-label={t('Preview {name}', { name: template.name })}
        >
          {t('Preview')}
        </button>
      </figcaption>
    </figure>
  );
}

export function TemplateList() {
  const builtIns = useLoad(() => list<BuiltInTemplate>('/templates').then((page) => page.data), []);
  const customs = useLoad(
    () => list<CustomTemplateListed>('/templates/custom', { limit: 100 }).then((page) => page.data),
    [],
  );
  const [name, setName] = useState('');
  const [base, setBase] = useState('tpl_modern');
  const action = useAction();
  const preview = useAction();
  const [shown, setShown] = useState<{ name: string; pdf: Blob } | null>(null);
  const showPreview = (template: BuiltInTemplate) =>
    preview.run(async () => setShown({ name: template.name, pdf: await previewOf(template.template_id) }));
  const create = async (event: Event) => {
    event.preventDefault();
    const made = await action.run(() =>
      post<CustomTemplate>('/templates/custom', { name: name.trim(), base_template_id: base }),
    );
    if (made) navigate('templates', made.id);
  };
  return (
    <section>
      <div class="page-head">
        <h1>{t('Templates')}</h1>
      </div>
      <h2>{t('Built-in templates')}</h2>
      <ErrorNotice error={builtIns.error} />
      <div class="thumbnails">
        {(builtIns.data ?? []).map((template) => (
          <Thumbnail key={template.template_id} template={template} onPreview={showPreview} />
        ))}
      </div>
      <ErrorNotice error={preview.error} />
      {shown ? (
        <section class="card" aria-label={t('Preview')}>
          <h2>{t('{name} template', { name: shown.name })}</h2>
          <PdfFrame pdf={shown.pdf} title={t('{name} template', { name: shown.name })} />
        </section>
      ) : null}
      <h2>{t('Your templates')}</h2>
      <ErrorNotice error={customs.error} />
      <table class="list">
        <thead>
          <tr>
            <th scope="col">{t('Name')}</th>
            <th scope="col">{t('Based on')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Changed')}</th>
          </tr>
        </thead>
        <tbody>
          {(customs.data ?? []).map((template) => (
            <tr key={template.id}>
              <td>
                <a href={href('templates', template.id)}>{template.name}</a>
                {template.is_default ? <Badge tone="ok">{t('Default')}</Badge> : null}
              </td>
              <td>{template.base_template_id}</td>
              <td>
                <Badge tone={template.status}>
                  {t(template.status === 'published' ? 'Published' : 'Draft')}
                </Badge>
              </td>
              <td>{formatDate(template.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {customs.data?.length === 0 ? (
        <p class="empty">{t('No custom templates yet: start one from a built-in below.')}</p>
      ) : null}
      {canWrite() ? (
        <form class="card inline" onSubmit={create}>
          <Field
            label={t('Name')}
            value={name}
            onInput={setName}
            path="name"
            error={action.error as ApiError | null}
            required
          />
          <Select
            label={t('Based on')}
            value={base}
            onChange={setBase}
            options={(builtIns.data ?? [{ template_id: 'tpl_modern', name: 'Modern' }]).map((entry) => ({
              value: entry.template_id,
              label: entry.name,
            }))}
          />
          <button type="submit" class="primary" disabled={action.busy || name.trim() === ''}>
            {t('New template')}
          </button>
          <ErrorNotice error={action.error} />
        </form>
      ) : null}
    </section>
  );
}
