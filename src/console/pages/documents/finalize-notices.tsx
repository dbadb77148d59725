// What the seller's VAT law asks every invoice to state and a draft lacks (the service's finalize-check
// `notices`: a German invoice's Steuernummer, the buyer's full address, an exemption's legal basis, ...),
// said on the draft's page above its actions and asked about before Finalize ("Finalize anyway?"): a
// finalized invoice cannot be edited, only voided. They never stop finalizing (the service does not either).
// Beside them, what to check (a deducted progress invoice not fully paid yet), under its own heading when
// alone. Their words: finalize-notices-text.ts.
import { get } from '../../api';
import { t } from '../../i18n';
import { href } from '../../router';
import { useLoad } from '../../ui/hooks';
import { Notice } from '../../ui/notice';
import { type FinalizeNotice, lacksDetails, noticeText } from './finalize-notices-text';

/** Where a notice is fixed: the business profile (seller), the customer (buyer), else the draft itself. */
function fixedAt(notice: FinalizeNotice, ids: FixIds): { href: string; label: string } {
  if (notice.field.startsWith('data.seller'))
    return { href: href('business-profiles', ids.businessProfileId), label: t('Open the business profile') };
  if (notice.field.startsWith('data.buyer'))
    return { href: href('customers', ids.customerId), label: t('Open the customer') };
  return { href: href('documents', ids.documentId, 'edit'), label: t('Edit the draft') };
}

interface FixIds {
  documentId: string;
  businessProfileId: string;
  customerId: string;
}

/**
 * The notices of a draft invoice or credit note, read as it opens (the read-only `finalize-notices`, which
 * runs no e-invoice rules): a short list above its actions, each with where to fix it. `version` reads them
 * again when the document changed (its `updated_at`).
 */
export function FinalizeNoticesList({
  sellerCountry,
  ids,
  version,
}: {
  sellerCountry: string | null | undefined;
  ids: FixIds;
  version: string;
}) {
  const loaded = useLoad(
    () =>
      get<{ notices: FinalizeNotice[] }>(`/documents/${encodeURIComponent(ids.documentId)}/finalize-notices`)
        .then((found) => found.notices)
        .catch(() => [] as FinalizeNotice[]),
    [ids.documentId, version],
  );
  const notices = loaded.data ?? [];
  if (notices.length === 0) return null;
  return (
    <Notice kind="warn">
      <div class="finalize-notices">
        <strong>
          {lacksDetails(notices)
            ? t('Before finalizing: the invoice lacks details every invoice must state.')
            : t('Please check before finalizing:')}
        </strong>
        <ul>
          {notices.map((notice) => {
            const fix = fixedAt(notice, ids);
            return (
              <li key={`${notice.code} ${notice.field}`} data-code={notice.code}>
                {noticeText(notice, sellerCountry)} <a href={fix.href}>{fix.label}</a>
              </li>
            );
          })}
        </ul>
      </div>
    </Notice>
  );
}
