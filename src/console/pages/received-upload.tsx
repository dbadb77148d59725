// Uploading received e-invoices: each file's outcome in the console's words, by the API's codes (its own
// sentence on hover): stored, stored as another file of an invoice or beside one of its number stating other
// amounts, received already (the same bytes: the API answers 200 with the document it has, not 201), or
// refused, saying why.
import { useState } from 'preact/hooks';
import { callWithStatus } from '../api';
import type { ReceivedDocument } from '../api-types';
import { t } from '../i18n';
import { href } from '../router';
import { Loading } from '../ui/notice';
import { differingFiles } from './received-kind';
import { refusedUpload } from './received-refusal';

const contentTypeOf = (file: File) =>
  file.type === 'application/pdf' || /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/xml';

interface Outcome {
  name: string;
  text: string;
  ok: boolean;
  id?: string;
  /** The API's own words, on hover. */
  detail?: string;
}

export function Upload({ onStored }: { onStored: () => void }) {
  const [results, setResults] = useState<Outcome[]>([]);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const take = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    const outcomes: Outcome[] = [];
    for (const file of files) {
      const pdf = contentTypeOf(file) === 'application/pdf';
      try {
        const answer = await callWithStatus<{ data: ReceivedDocument }>('POST', '/received-documents', {
          raw: file,
          contentType: contentTypeOf(file),
          fileName: file.name,
        });
        const stored = answer.body.data;
        // The same bytes again (this upload's or an earlier one's) are answered 200 with the document kept.
        const again = answer.status === 200;
        const differing = differingFiles(stored).length > 0;
        const text = again
          ? t('This file was received already.')
          : stored.duplicate_of
            ? t('Stored as another file of an invoice received already.')
            : differing
              ? t('Stored; another file of this number states other amounts.')
              : stored.valid === false
                ? t('Stored; it breaks official rules.')
                : t('Stored.');
        outcomes.push({
          name: file.name,
          text,
          ok: again || (!stored.duplicate_of && !differing && stored.valid !== false),
          id: stored.id,
        });
      } catch (error) {
        outcomes.push({
          name: file.name,
          text: refusedUpload(error, pdf).text,
          detail: error instanceof Error ? error.message : undefined,
          ok: false,
        });
      }
    }
    setResults(outcomes);
    setBusy(false);
    onStored();
  };

  return (
    <section class="card">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the labelled file button inside does the same from the keyboard */}
      <div
        class={over ? 'drop over' : 'drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        <p>{t('Drop XRechnung, ZUGFeRD, Factur-X or Peppol files here, or')}</p>
        <label class="button primary file">
          {t('Upload e-invoice')}
          <input
            type="file"
            multiple
            accept=".xml,.pdf,application/xml,text/xml,application/pdf"
            disabled={busy}
            onChange={(event) => {
              const input = event.currentTarget;
              take([...(input.files ?? [])]).then(() => {
                input.value = '';
              });
            }}
          />
        </label>
      </div>
      {busy ? <Loading /> : null}
      {results.length > 0 ? (
        <ul class="upload-results" aria-live="polite">
          {results.map((result, i) => (
            <li key={`${i}-${result.name}`} class={result.ok ? 'ok' : 'bad'}>
              <strong>{result.name}</strong>: <span title={result.detail}>{result.text}</span>{' '}
              {result.id ? <a href={href('received', result.id)}>{t('Open')}</a> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
