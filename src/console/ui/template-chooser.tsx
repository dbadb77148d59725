import { list } from '../api';
import type { BuiltInTemplate, CustomTemplateListed } from '../api-types';
import { t } from '../i18n';
import { Select } from './form';
import { useLoad } from './hooks';

/** The six built-in templates and the account's custom ones, by id. */
export function useTemplates() {
  return useLoad(async () => {
    const [builtIn, custom] = await Promise.all([
      list<BuiltInTemplate>('/templates'),
      list<CustomTemplateListed>('/templates/custom', { limit: 100 }).catch(() => ({
        data: [] as CustomTemplateListed[],
      })),
    ]);
    return [
      ...builtIn.data.map((entry) => ({ value: entry.template_id ?? '', label: entry.name })),
      ...custom.data.map((entry) => ({ value: entry.id ?? '', label: `${entry.name} (${t('custom')})` })),
    ];
  }, []);
}

export function TemplateChooser(props: { value: string; onChange: (id: string) => void }) {
  const templates = useTemplates();
  const options = templates.data ?? [{ value: props.value, label: props.value }];
  return <Select label={t('Template')} value={props.value} onChange={props.onChange} options={options} />;
}
