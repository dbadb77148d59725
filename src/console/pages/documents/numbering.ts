// The first number of a document type: the reference list's prefix (`INV-`), or in German the prefixes
// German firms use (`RE-2026-0001` for a Rechnung, `RK-` for a Rechnungskorrektur).
import { currentLanguage } from '../../i18n';
import { documentTypeInfo } from './document-types';

const GERMAN_PREFIXES: Record<string, string> = {
  invoice: 'RE-',
  credit_note: 'RK-',
  quote: 'AN-',
  proforma: 'PR-',
  receipt: 'QU-',
  purchase_order: 'BE-',
  delivery_note: 'LS-',
};

export async function numberPrefix(documentType: string): Promise<string> {
  if (currentLanguage() === 'de' && GERMAN_PREFIXES[documentType]) return GERMAN_PREFIXES[documentType];
  const types = await documentTypeInfo().catch(() => []);
  return types.find((type) => type.id === documentType)?.number_prefix ?? 'INV-';
}
