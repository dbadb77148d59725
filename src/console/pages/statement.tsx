// "Statement" on a customer: the customer's account for a period (docs/reports.md), shown in the page as
// the service draws it (a PDF in the customer's language) or downloaded.
import { useState } from 'preact/hooks';
import { type ApiError, blob } from '../api';
import { localToday, t } from '../i18n';
import { Field } from '../ui/form';
import { saveBlob, useAction } from '../ui/hooks';
import { ErrorNotice } from '../ui/notice';
import { PdfPages } from '../ui/pdf-pages';
import { statementFileName } from './statement-file';

const today = () => localToday();

export function StatementPanel({ customerId, name }: { customerId: string; name: string }) {
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const action = useAction();
  const fetchPdf = () =>
    blob('GET', `/customers/${encodeURIComponent(customerId)}/statement?from=${from}&to=${to}`, {
      accept: 'application/pdf',
    });
  const view = async () => {
    const drawn = await action.run(fetchPdf);
    if (drawn) setPdf(drawn);
  };
  const download = () =>
    action.run(async () => saveBlob(await fetchPdf(), statementFileName(name, from, to)));
  return (
    <section class="card" aria-labelledby="statement-heading">
      <h2 id="statement-heading">{t('Statement')}</h2>
      <p class="hint">
        {t(
          'Opening balance, invoices, credit notes and payments of the period, closing balance and what is overdue.',
        )}
      </p>
      <div class="grid">
        <Field
          label={t('Period from')}
          type="date"
          value={from}
          onInput={setFrom}
          path="query.from"
          error={action.error as ApiError | null}
        />
        <Field
          label={t('Period to')}
          type="date"
          value={to}
          onInput={setTo}
          path="query.to"
          error={action.error as ApiError | null}
        />
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
