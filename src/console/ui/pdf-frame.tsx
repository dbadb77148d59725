import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';

/** A PDF (fetched with the user's key) shown in the page from a blob: URL, released when it goes away. */
export function PdfFrame({ pdf, title }: { pdf: Blob; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(pdf);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [pdf]);
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
