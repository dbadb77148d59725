import { blob } from '../../api';
import { currentLanguage } from '../../i18n';
import { sampleDocument } from '../sample';

export function previewOf(templateId: string): Promise<Blob> {
  const sample = sampleDocument(currentLanguage());
  return blob('POST', `/templates/${encodeURIComponent(templateId)}/preview`, {
    accept: 'application/pdf',
    body: { ...sample, output: { delivery: 'binary' } },
  });
}
