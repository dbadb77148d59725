// "Statement" on a customer: the customer's account for a period (docs/reports.md), shown in the page as
// the service draws it (a PDF in the customer's language) or downloaded.
import { useState } from 'preact/hooks';
import { ApiError, blob } from '../api';
import { localToday, t } from '../i18n';
import { Field, Select } from '../ui/form';
import { saveBlob, useAction } from '../ui/hooks';
import { ErrorNotice, Notice } from '../ui/notice';
import { PdfPages } from '../ui/pdf-pages';
import { statementFileName } from './statement-file';

const today = () => localToday();

export function StatementPanel({ customerId, name }: { customerId: string; name: string }) {
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [pdf, setPdf] = useState<Blob | null>(null);
  // A customer billed by more than one business profile: a statement is one seller's (docs/reports.md).
  const [sellers, setSellers] = useState<Seller[]>([]);
  const [seller, setSeller] = useState('');
  const action = useAction();
  const fetchPdf = async (): Promise<Blob | undefined> => {
    const whose = seller ? `&business_profile_id=${encodeURIComponent(seller)}` : '';
    try {
      return await blob(
        'GET',
        `/customers/${encodeURIComponent(customerId)}/statement?from=${from}&to=${to}${whose}`,
        { accept: 'application/pdf' },
      );
    } catch (error) {
      const named = error instanceof ApiError ? sellersOf(error.details.sellers) : [];
      if (named.length < 2 || seller) throw error;
      setSellers(named);
      setPdf(null); // an earlier statement shown would pass for the one asked for
      return undefined;
    }
  };
  // A PDF shown is of the period and seller it was asked for: changing either takes it away.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPdf(null);
    };
  const view = async () => {
    const drawn = await action.run(fetchPdf);
    if (drawn) setPdf(drawn);
  };
  const download = () =>
    action.run(async () => {
      const drawn = await fetchPdf();
      if (drawn) saveBlob(drawn, statementFileName(name, from, to));
    });
  return (
    <section class="card" aria-labelledby="statement-heading">
      <h2 id="statement-heading">{t('Statement')}</h2>
      <p class="hint">
        {t(
          'Opening balance, invoices, credit notes and payments of the period, closing balance and what is overdue.',
        )}
      </p>
      {sellers.length > 1 ? (
        <Notice kind="info">
          {t(
            '{name} is billed by {count} of your business profiles. A statement is for one seller: please choose it.',
            { name, count: sellers.length },
          )}
        </Notice>
      ) : null}
      <div class="grid">
        <Field
          label={t('Period from')}
          type="date"
          value={from}
          onInput={changed(setFrom)}
          path="query.from"
          error={action.error as ApiError | null}
        />
        <Field
          label={t('Period to')}
          type="date"
          value={to}
          onInput={changed(setTo)}
          path="query.to"
          error={action.error as ApiError | null}
        />
        {sellers.length > 1 ? (
          <Select
            label={t('Seller')}
            value={seller}
            onChange={changed(setSeller)}
            options={[
              { value: '', label: t('Choose a seller') },
              ...sellers.map((s) => ({ value: s.id, label: s.name || s.id })),
            ]}
          />
        ) : null}
      </div>
      <div class="toolbar">
        <button type="button" class="primary" disabled={action.busy} onClick={view}>
          {t('View statement')}
        </button>
        <button type="button" disabled={action.busy} onClick={download}>
          {t('Download statement PDF')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
      {pdf ? <PdfPages pdf={pdf} title={t('Statement of {name}', { name })} /> : null}
    </section>
  );
}

interface Seller {
  id: string;
  name: string;
}

/** The sellers a refused statement names (`details.sellers`), as far as they are well formed. */
function sellersOf(value: unknown): Seller[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (s): s is Seller =>
      typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.name === 'string',
  );
}
