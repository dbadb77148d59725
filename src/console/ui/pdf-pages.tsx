// A PDF drawn page by page on canvases with PDF.js, so a preview shows in every browser, with or without a
// PDF viewer of its own (headless Chromium, some phones). PDF.js is loaded on first use from the console's
// own origin (/console/pdf.mjs and its worker, embedded in the server: src/http/console-bundle.ts), so the
// first screen does not carry it and the page's CSP (script-src 'self') needs no exception.
import type * as PdfJs from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { useObjectUrl } from './hooks';

let library: Promise<typeof PdfJs> | null = null;

function pdfjs(): Promise<typeof PdfJs> {
  library ??= (async () => {
    const app = document.getElementById('app');
    const script = app?.dataset.pdfjs;
    const worker = app?.dataset.pdfjsWorker;
    if (!script || !worker) throw new Error('PDF.js is not served with this page');
    const loaded = (await import(script)) as typeof PdfJs;
    loaded.GlobalWorkerOptions.workerSrc = worker;
    return loaded;
  })();
  library.catch(() => {
    library = null;
  });
  return library;
}

/** Canvases are drawn at the device's pixel ratio (at least 1.5, for a sharp A4 in a narrow column). */
const SCALE = Math.max(1.5, globalThis.devicePixelRatio ?? 1);

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

export function PdfPages({ pdf, title }: { pdf: Blob; title: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [total, setTotal] = useState(0);
  const [texts, setTexts] = useState<string[]>([]);
  const [state, setState] = useState<'drawing' | 'done' | 'failed'>('drawing');
  const url = useObjectUrl(pdf);

  useEffect(() => {
    let current = true;
    let loaded: PdfJs.PDFDocumentProxy | null = null;
    setState('drawing');
    (async () => {
      const lib = await pdfjs();
      const data = new Uint8Array(await pdf.arrayBuffer());
      // No eval (the page's CSP forbids it); the fonts are embedded in every PDF the service draws.
      loaded = await lib.getDocument({ data, isEvalSupported: false }).promise;
      if (!current) return;
      setTexts([]);
      setTotal(loaded.numPages);
      await nextFrame(); // the canvases exist once Preact has drawn them
      const said: string[] = [];
      for (let number = 1; number <= loaded.numPages && current; number += 1) {
        const page = await loaded.getPage(number);
        const viewport = page.getViewport({ scale: SCALE });
        const canvas = holder.current?.querySelector<HTMLCanvasElement>(`canvas[data-page="${number}"]`);
        if (!canvas) continue;
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise;
        const content = await page.getTextContent();
        said.push(
          content.items
            .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
            .join('')
            .replace(/[ \t]+/g, ' ')
            .trim(),
        );
        if (current) setTexts([...said]);
      }
      if (current) setState('done');
    })().catch(() => current && setState('failed'));
    return () => {
      current = false;
      loaded?.destroy();
    };
  }, [pdf]);

  return (
    <section class="pdf-pages" aria-label={title} aria-busy={state === 'drawing'}>
      <p class="hint" role="status">
        {state === 'failed'
          ? t('The preview cannot be drawn here; open the PDF instead.')
          : state === 'drawing'
            ? t('Drawing the preview…')
            : total === 1
              ? t('1 page')
              : t('{count} pages', { count: total })}
      </p>
      <div ref={holder}>
        {Array.from({ length: total }, (_, i) => i + 1).map((number) => (
          <figure key={number} class="pdf-page">
            <canvas
              data-page={number}
              role="img"
              aria-label={t('{title}, page {number} of {count}', { title, number, count: total })}
            />
            {/* What the page says, for screen readers and search: the canvas itself is only pixels. */}
            <figcaption class="visually-hidden">{texts[number - 1] ?? ''}</figcaption>
          </figure>
        ))}
      </div>
      {url ? (
        <p class="hint">
          <a href={url} target="_blank" rel="noopener">
            {t('Open the PDF in a new tab')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
