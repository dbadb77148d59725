import { blob } from '../../api';
import { currentLanguage } from '../../i18n';
import { sampleDocument } from '../sample';

export interface BuiltIn {
  template_id: string;
  name: string;
}

export interface Config {
  primary_color?: string;
  accent_color?: string;
  font_family?: string;
  header_text?: string;
  footer_text?: string;
}

export interface Custom {
  id: string;
  name: string;
  description?: string | null;
  base_template_id: string;
  config?: Config;
  status: string;
  is_default: boolean;
  updated_at: string;
}

export interface Version {
  id: string;
  version: number;
  label: string | null;
  changelog: string | null;
  created_at: string;
}

export function previewOf(templateId: string): Promise<Blob> {
  const sample = sampleDocument(currentLanguage());
  return blob('POST', `/templates/${encodeURIComponent(templateId)}/preview`, {
    accept: 'application/pdf',
    body: { ...sample, output: { delivery: 'binary' } },
  });
}
