import { list } from '../../api';
import { formatDate, t } from '../../i18n';
import { href } from '../../router';
import { useLoad } from '../../ui/hooks';
import { STATUS_LABELS, type StoredDocument, titleOf } from './model';

/**
 * The documents made from this one (`GET /documents?source_document_id=`): a quote's invoices, an
 * invoice's corrections (Rechnungskorrekturen). SPEC 3 has no "accepted" or "converted" status, so a quote
 * turned into an invoice stays finalized or sent; this is where it says so. The newest 20 are plenty.
 */
export function useFollowUps(document: StoredDocument | undefined) {
  const wanted = document?.document_type === 'quote' || document?.document_type === 'invoice';
  const id = document?.id;
  return useLoad(
    () =>
      wanted && id
        ? readFollowUps(id).catch(() => [] as StoredDocument[])
        : Promise.resolve([] as StoredDocument[]),
    [id, wanted, document?.updated_at],
  );
}

/** The documents naming `id` as their source, newest first. */
export const readFollowUps = async (id: string): Promise<StoredDocument[]> =>
  (await list<StoredDocument>('/documents', { source_document_id: id, limit: 20 })).data;

/** The invoices made from a quote that still count (a voided one is no invoice of it). */
export const liveInvoices = (followUps: readonly StoredDocument[]) =>
  followUps.filter((made) => made.document_type === 'invoice' && made.voided_at === null);

/** The corrections of an invoice that still count (drafts too: a second click made a second one). */
export const liveCorrections = (followUps: readonly StoredDocument[]) =>
  followUps.filter((made) => made.document_type === 'credit_note' && made.voided_at === null);

export function FollowUps({ followUps }: { followUps: readonly StoredDocument[] }) {
  if (followUps.length === 0) return null;
  const groups = [
    { label: 'Made from it', documents: followUps.filter((made) => made.document_type !== 'credit_note') },
    { label: 'Corrected by', documents: followUps.filter((made) => made.document_type === 'credit_note') },
  ].filter((group) => group.documents.length > 0);
  // As the source is said above it ("Erstellt aus: AN-2026-0001 (07.12.2026)"): one line per document.
  return (
    <>
      {groups.map((group) => (
        <p key={group.label} class="follow-ups">
          {t(group.label)}:
          {group.documents.map((made) => (
            <span key={made.id}>
              <br />
              <a href={href('documents', made.id)}>
                {t(titleOf(made))} {made.number}
              </a>{' '}
              ({formatDate(made.issue_date)}, {t(STATUS_LABELS[made.status] ?? made.status)})
            </span>
          ))}
        </p>
      ))}
    </>
  );
}
