import { t } from '../i18n';
import { useObjectUrl } from './hooks';

/** A PDF (fetched with the user's key) shown in the page from a blob: URL, released when it goes away. */
export function PdfFrame({ pdf, title }: { pdf: Blob; title: string }) {
  const url = useObjectUrl(pdf);
  if (!url) return null;
  return (
    <div class="pdf-frame">
      <iframe title={title} src={url} />
      <p class="hint">
        <a href={url} target="_blank" rel="noopener">
          {t('Open the PDF in a new tab')}
        </a>
      </p>
    </div>
  );
}
