// The import card of the Batches and imports page: choose what and a file, read every row's problems, see
// what confirm will do (a history's issued documents, docs/imports.md "Moving an invoice history from another
// tool"), then confirm or cancel.
import { useCallback, useState } from 'preact/hooks';
import { type ApiError, get, post } from '../api';
import type { Import } from '../api-types';
import { t } from '../i18n';
import { importRows } from '../import-file';
import { href } from '../router';
import { Select } from '../ui/form';
import { useAction, usePolling } from '../ui/hooks';
import { Badge, ErrorNotice } from '../ui/notice';
import { fileRow, importProblemPlace, importProblemText } from './import-problems';
import {
  documentsInFile,
  draftsSentence,
  type IssuedRow,
  issuedSentence,
  issuedStatusText,
  reviewCounts,
  type SentFile,
} from './import-review';

/** Issued documents listed at once; the rest folded under "Show n more". */
const LISTED = 20;

/**
 * One problem of an import: where in the file (a column, the header row), then what, in words; rows it
 * names counted as the spreadsheet does (`fileRow`).
 */
function problemLine(problem: { loc: string; msg: string; type?: string }, format: 'csv' | 'json'): string {
  const place = importProblemPlace(problem.loc);
  const words = importProblemText(problem, format);
  const text = /[.!?]$/.test(words) ? words : `${words}.`;
  return place ? `${place}: ${text}` : text;
}

function DocumentsHint() {
  return (
    <>
      <p class="hint">
        {t(
          'A CSV file with a header row and a row per line item (number, issue_date, currency, business_profile_id, customer_id, line.name, line.quantity, line.unit_price, line.tax_rate, …) or a JSON array of documents.',
        )}
      </p>
      <div class="hint">
        <p>
          {t(
            'Imported documents are drafts: the reports and the DATEV export count them once finalized. Moving from another invoicing tool? A row may also say what became of the invoice there:',
          )}
        </p>
        <ul>
          <li>
            {t(
              '“Status” (status): paid, sent or open, finalized (also bezahlt, offen, versendet, abgeschlossen); a row without a status stays a draft',
            )}
          </li>
          <li>{t('“Bezahlt am” (paid_on): the day the payment arrived')}</li>
          <li>{t('“Bezahlter Betrag” (amount_paid): for a part payment, the amount paid')}</li>
          <li>
            {t(
              '“Rechnungsnummer (Bezug)” (source_document_number): for a credit note, the number of its invoice, which comes earlier in the file',
            )}
          </li>
        </ul>
        <p>
          {t(
            'Leave cancelled invoices out. A number already used is not imported again. Explained in the service’s documentation: docs/imports.md, “Moving an invoice history from another tool”.',
          )}
        </p>
        <p>
          {t(
            'Before you confirm a history, set “Already booked up to” (Exports, DATEV settings) to the last day your tax adviser booked from the old tool: the DATEV export then does not book those invoices a second time, and no reminders go out by themselves for its open ones.',
          )}
        </p>
      </div>
    </>
  );
}

/**
 * The issued documents of the review, as a compact table (row, number, status in words); past `LISTED` the
 * rest is folded into a last row's button.
 */
function IssuedTable({
  rows,
  format,
  currency,
}: {
  rows: readonly IssuedRow[];
  format: 'csv' | 'json';
  currency: (row: number) => string | undefined;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, LISTED);
  return (
    <table class="list">
      <thead>
        <tr>
          <th scope="col">{t('Row')}</th>
          <th scope="col">{t('Number')}</th>
          <th scope="col">{t('Status')}</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <tr key={row.row}>
            <td>{fileRow(row, format)}</td>
            <td>{row.number}</td>
            <td>{issuedStatusText(row, currency(row.row))}</td>
          </tr>
        ))}
        {shown.length < rows.length ? (
          <tr>
            <td colSpan={3}>
              <button type="button" onClick={() => setAll(true)}>
                {t('Show {n} more', { n: rows.length - shown.length })}
              </button>
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** What confirm will do with a pending documents import that carries a history. */
function IssuedReview({ current, file }: { current: Import; file: SentFile | null }) {
  const issued = current.issued_rows ?? [];
  if (current.status !== 'pending' || issued.length === 0) return null;
  const counted = file ? documentsInFile(file, current) : null;
  const counts = reviewCounts(issued, counted?.count ?? null);
  return (
    <section class="import-review" aria-labelledby="import-review-heading">
      <h3 id="import-review-heading">{t('On confirming, the import creates:')}</h3>
      <ul>
        <li>{issuedSentence(counts)}</li>
        {counts.drafts ? <li>{draftsSentence(counts.drafts)}</li> : null}
      </ul>
      <IssuedTable
        key={current.id}
        rows={issued}
        format={current.source_format}
        currency={counted?.currency ?? (() => undefined)}
      />
    </section>
  );
}

export function NewImport() {
  const [resource, setResource] = useState('customers');
  const [current, setCurrent] = useState<Import | null>(null);
  const [file, setFile] = useState<SentFile | null>(null);
  const action = useAction();
  const refresh = useCallback(() => {
    if (current) get<Import>(`/imports/${current.id}`).then(setCurrent, () => undefined);
  }, [current]);
  usePolling(refresh, current?.status === 'processing');
  const choose = (chosen: File | undefined) =>
    chosen &&
    action.run(async () => {
      // A new file replaces the review shown: a refused one must not leave the last import's Confirm beside
      // its own counts.
      setCurrent(null);
      setFile(null);
      const { format, data } = await importRows(chosen);
      const created = await post<Import>('/imports', { source_format: format, resource, data });
      setFile({ format, data });
      setCurrent(created);
    });
  const step = (name: 'confirm' | 'cancel') =>
    current && action.run(async () => setCurrent(await post<Import>(`/imports/${current.id}/${name}`)));
  const problems = (action.error as ApiError | null)?.fields ?? [];
  return (
    <section class="card" aria-labelledby="import-heading">
      <h2 id="import-heading">{t('Import customers, products or documents')}</h2>
      {resource === 'customers' ? (
        <p class="hint">
          {t(
            'A CSV file with a header row (name, email, tax_id, billing_address.line1, billing_address.postal_code, billing_address.city, billing_address.country, default_tax.rate, default_tax.category, default_tax.exemption_reason, …, or the German names: Kundennummer, Firma, Vorname, Name, Straße, PLZ, Ort, Land, E-Mail, Telefon, USt-IdNr.) or a JSON array of customers.',
          )}
        </p>
      ) : resource === 'products' ? (
        <p class="hint">
          {t(
            'A CSV file with a header row (article_number, name, description, unit_code, unit_price, tax_rate, currency, or the German names: Artikelnummer, Bezeichnung, Beschreibung, Einheit, Preis netto, Steuersatz, Währung) or a JSON array of products. An article number already in the catalogue is not imported again.',
          )}
        </p>
      ) : (
        <DocumentsHint />
      )}
      <div class="inline">
        <Select
          label={t('What to import')}
          value={resource}
          onChange={setResource}
          options={[
            { value: 'customers', label: t('Customers') },
            { value: 'products', label: t('Products') },
            { value: 'documents', label: t('Documents') },
          ]}
        />
        <label class="button file">
          {t('Choose file to import')}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => choose(event.currentTarget.files?.[0])}
          />
        </label>
      </div>
      <ErrorNotice error={action.error} />
      {problems.length > 0 ? (
        <ul class="problems">
          {problems.slice(0, 20).map((problem, i) => (
            <li key={`${i}:${problem.loc}`}>{problemLine(problem, 'csv')}</li>
          ))}
        </ul>
      ) : null}
      {current ? (
        <div aria-live="polite">
          <p>
            {t('Import {id}', { id: current.id })}: <Badge tone={current.status}>{t(current.status)}</Badge>{' '}
            {t(
              current.total_rows === 1
                ? '1 row, {imported} imported, {failed} rejected'
                : '{total} rows, {imported} imported, {failed} rejected',
              {
                total: current.total_rows,
                imported: current.imported_rows,
                failed: current.failed_rows,
              },
            )}
          </p>
          {current.errors && current.errors.length > 0 ? (
            <ul class="problems">
              {current.errors.slice(0, 50).map((problem) => (
                <li key={problem.row}>
                  {t('Row {n}', { n: fileRow(problem, current.source_format) })}:{' '}
                  {problem.fields.map((field) => problemLine(field, current.source_format)).join(' ')}
                </li>
              ))}
            </ul>
          ) : null}
          <IssuedReview current={current} file={file} />
          {current.status === 'pending' ? (
            <div class="toolbar">
              <button type="button" class="primary" disabled={action.busy} onClick={() => step('confirm')}>
                {t('Confirm import')}
              </button>
              <button type="button" disabled={action.busy} onClick={() => step('cancel')}>
                {t('Cancel import')}
              </button>
            </div>
          ) : null}
          {current.status === 'completed' && current.resource === 'documents' && current.imported_rows > 0 ? (
            <p>
              <a href={href('documents')}>{t('Open the documents')}</a>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
