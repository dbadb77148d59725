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

/** How many pages of this year's documents the proposal reads at most (100 each). */
const YEAR_PAGES = 5;

/**
 * The documents a new number is proposed from, latest issue date first (the newest created first on one
 * day): the 100 created last and those issued this year (up to 500). By creation alone, an invoice history
 * imported as the old tool exports it (newest first: RE-2026-0147 down to RE-2025-0001) left last year's
 * first invoices as the newest, and the console offered a number of last year's series, taken already
 * (a 409 on save) instead of RE-2026-0148.
 */
async function latestDocuments(documentType: string): Promise<StoredDocument[]> {
  const year = new Date().getFullYear();
  const newest = await list<StoredDocument>('/documents', { limit: 100, document_type: documentType });
  const seen = new Map(newest.data.map((doc) => [doc.id, doc]));
  let cursor: string | undefined;
  for (let page = 0; page < YEAR_PAGES; page++) {
    const issued = await list<StoredDocument>('/documents', {
      limit: 100,
      document_type: documentType,
      issued_from: `${year}-01-01`,
      cursor,
    });
    for (const doc of issued.data) seen.set(doc.id, doc);
    cursor = issued.pagination.next_cursor ?? undefined;
    if (!cursor) break;
  }
  return [...seen.values()].sort((a, b) =>
    a.issue_date === b.issue_date ? (a.id < b.id ? 1 : -1) : a.issue_date < b.issue_date ? 1 : -1,
  );
}

/**
 * A new document's number, proposed as its type and profile are chosen: it continues the chosen profile's
 * own series when it keeps one (`proposedNumber`, among the latest of the type: `latestDocuments`), else the account's:
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
    const documentType = form.document_type;
    Promise.all([latestDocuments(documentType), numberPrefix(documentType)]).then(
      ([latest, prefix]) => {
        const next = proposedNumber(latest, profileId, prefix);
        setForm((current) => {
          // An answer for a profile or type chosen before this one (its reads may come last) is not applied.
          if (current.business_profile_id !== profileId || current.document_type !== documentType)
            return current;
          if (current.number !== '' && current.number !== proposed.current) return current;
          proposed.current = next;
          return { ...current, number: next };
        });
      },
      () => undefined,
    );
  }, [existing, form.document_type, form.business_profile_id]);
}
