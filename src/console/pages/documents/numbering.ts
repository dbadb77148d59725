// The first number of a document type: the reference list's prefix (`INV-`), or in German the prefixes
// German firms use (`RE-2026-0001` for a Rechnung, `RK-` for a Rechnungskorrektur).
import { useEffect, useRef } from 'preact/hooks';
import { list } from '../../api';
import { currentLanguage } from '../../i18n';
import { documentTypeInfo } from './document-types';
import { proposedNumber } from './draft-form';
import type { DraftForm, StoredDocument } from './model';

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

/**
 * A new document's number, proposed as its type and profile are chosen: it continues the chosen profile's
 * own series when it keeps one (`proposedNumber`, among the latest 100 of the type), else the account's:
 * the Tischlerei's invoice is not numbered after the design studio's AT- series, and two firms on one
 * prefix never get the same number. A number typed stays. Nothing for an existing document.
 */
export function useProposedNumber(
  existing: boolean,
  form: DraftForm,
  setForm: (update: (current: DraftForm) => DraftForm) => void,
): void {
  const proposed = useRef('');
  useEffect(() => {
    if (existing) return;
    const profileId = form.business_profile_id;
    Promise.all([
      list<StoredDocument>('/documents', { limit: 100, document_type: form.document_type }),
      numberPrefix(form.document_type),
    ]).then(
      ([page, prefix]) => {
        const next = proposedNumber(page.data, profileId, prefix);
        setForm((current) => {
          if (current.business_profile_id !== profileId) return current;
          if (current.number !== '' && current.number !== proposed.current) return current;
          proposed.current = next;
          return { ...current, number: next };
        });
      },
      () => undefined,
    );
  }, [existing, form.document_type, form.business_profile_id]);
}
