import { get } from '../../api';
import { formatDate, t } from '../../i18n';
import { href } from '../../router';
import { useLoad } from '../../ui/hooks';
import type { StoredDocument } from './model';

/**
 * What a correction corrects (a credit note, a corrected invoice: the invoice's number and date, as its
 * PDF and e-invoice state them) and why; the quote or order another document was made from.
 */
export function SourceOf({ document }: { document: StoredDocument }) {
  const sourceId = document.source_document_id;
  const source = useLoad(
    () =>
      sourceId
        ? get<StoredDocument>(`/documents/${encodeURIComponent(sourceId)}`).catch(() => null)
        : Promise.resolve(null),
    [sourceId],
  );
  const found = source.data;
  // A credit note corrects its invoice; a corrected invoice (384) the invoice it names (a quote it was made
  // from is no invoice it corrects, and its e-invoice names none: BG-3 only from an invoice).
  const corrects =
    document.document_type === 'credit_note' ||
    (document.data.type_code === '384' && found?.document_type === 'invoice');
  if (!sourceId && !document.reason) return null;
  return (
    <>
      <p>
        {sourceId ? (
          <>
            {t(corrects ? 'Corrects' : 'Made from')}:{' '}
            {found ? (
              <a href={href('documents', found.id)}>
                {found.number} ({formatDate(found.issue_date)})
              </a>
            ) : source.loading ? (
              '…'
            ) : (
              t('(deleted)')
            )}
            <br />
          </>
        ) : null}
        {document.reason ? `${t('Reason')}: ${document.reason}` : null}
      </p>
      {/* A corrected invoice replaces the one it names: that one still asks for its money (and is booked)
          until it is cancelled. */}
      {document.data.type_code === '384' &&
      corrects &&
      document.status !== 'draft' &&
      document.voided_at === null &&
      found &&
      found.voided_at === null &&
      (found.status === 'finalized' || found.status === 'sent') ? (
        <p class="hint overdue">
          {t('Invoice {number} is still open: void it if this invoice replaces it.', {
            number: found.number,
          })}
        </p>
      ) : null}
    </>
  );
}
