// The inbox of received documents: its filters, the list and the upload.
import { useState } from 'preact/hooks';
import { list } from '../api';
import type { ReceivedDocument } from '../api-types';
import { formatDate, formatMoney, t } from '../i18n';
import { href } from '../router';
import { Select } from '../ui/form';
import { Badge, ErrorNotice } from '../ui/notice';
import { Pager, usePages } from '../ui/pager';
import { SOURCE_LABELS } from './received-details';
import { differingFiles, kindOf, signedDue } from './received-kind';
import { Upload } from './received-upload';

export const STATUS_LABELS: Record<string, string> = {
  received: 'Received',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

export function ValidBadge({ valid }: { valid: boolean | null }) {
  if (valid === null) return <Badge>{t('Not checked')}</Badge>;
  return valid ? <Badge tone="ok">{t('Valid')}</Badge> : <Badge tone="bad">{t('Invalid')}</Badge>;
}

export function ReceivedList() {
  const [status, setStatus] = useState('');
  const [valid, setValid] = useState('');
  const [source, setSource] = useState('');
  const pages = usePages<ReceivedDocument>(
    (cursor) => list<ReceivedDocument>('/received-documents', { limit: 25, cursor, status, valid, source }),
    [status, valid, source],
  );
  return (
    <section>
      <div class="page-head">
        <h1>{t('Received')}</h1>
      </div>
      <Upload onStored={pages.reload} />
      <search class="filters">
        <Select
          label={t('Status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t('Any') },
            ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label: t(label) })),
          ]}
        />
        <Select
          label={t('Validity')}
          value={valid}
          onChange={setValid}
          options={[
            { value: '', label: t('Any') },
            { value: 'true', label: t('Valid') },
            { value: 'false', label: t('Invalid') },
          ]}
        />
        <Select
          label={t('Source')}
          value={source}
          onChange={setSource}
          options={[
            { value: '', label: t('Any') },
            ...Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label: t(label) })),
          ]}
        />
      </search>
      <ErrorNotice error={pages.error} />
      <div class="table-scroll">
        <table class="list received-list stack-phone">
          <thead>
            <tr>
              <th scope="col">{t('Number')}</th>
              <th scope="col">{t('Seller')}</th>
              <th scope="col">{t('Issue date')}</th>
              <th scope="col">{t('Status')}</th>
              <th scope="col">{t('Validity')}</th>
              <th scope="col">{t('Source')}</th>
              <th scope="col" class="num">
                {t('Amount due')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <a class="row-link" href={href('received', item.id)}>
                    {item.invoice_number}
                  </a>
                  {item.duplicate_of ? <Badge tone="warn">{t('Duplicate file')}</Badge> : null}
                  {differingFiles(item).length > 0 ? <Badge tone="warn">{t('Amounts differ')}</Badge> : null}
                  {kindOf(item) === 'Invoice' ? null : <div class="hint">{t(kindOf(item))}</div>}
                </td>
                <td>{item.seller.name}</td>
                <td data-label={t('Issue date')} data-empty={item.issue_date ? undefined : ''}>
                  {formatDate(item.issue_date)}
                </td>
                <td class="side row-1">
                  <Badge tone={item.status}>{t(STATUS_LABELS[item.status] ?? item.status)}</Badge>
                </td>
                <td class="side row-3">
                  <ValidBadge valid={item.valid} />
                </td>
                <td data-label={t('Source')} title={item.email?.subject ?? item.file_name ?? undefined}>
                  {t(SOURCE_LABELS[item.source] ?? item.source)}
                  {item.email?.from ? <div class="hint">{item.email.from}</div> : null}
                </td>
                {/* Another file of an invoice is due once, on the file that counts; a credit is owed to the firm. */}
                <td class="num side row-2">
                  {item.duplicate_of ? '—' : formatMoney(signedDue(item), item.currency)}
                  {item.payment_status === 'overpaid' ? <div class="hint">{t('Overpaid')}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!pages.loading && pages.items.length === 0 ? (
        <p class="empty">{t('No e-invoices received yet.')}</p>
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}
