import { list } from '../api';
import { t } from '../i18n';
import { Select } from './form';
import { useLoad } from './hooks';

interface Template {
  template_id?: string;
  id?: string;
  name: string;
  status?: string;
}

/** The six built-in templates and the account's custom ones, by id. */
export function useTemplates() {
  return useLoad(async () => {
    const [builtIn, custom] = await Promise.all([
      list<Template>('/templates'),
      list<Template>('/templates/custom', { limit: 100 }).catch(() => ({ data: [] as Template[] })),
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
