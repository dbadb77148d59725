import { Elysia } from 'elysia';
import bold from '../../docs/gallery/bold.png' with { type: 'file' };
import classic from '../../docs/gallery/classic.png' with { type: 'file' };
import compact from '../../docs/gallery/compact.png' with { type: 'file' };
import minimal from '../../docs/gallery/minimal.png' with { type: 'file' };
import modern from '../../docs/gallery/modern.png' with { type: 'file' };
import refined from '../../docs/gallery/refined.png' with { type: 'file' };
import { notFound } from '../shared/errors';
import { consoleScript, consoleStyles, pdfjsScript, pdfjsWorker } from './console-bundle' with {
  type: 'macro',
};

export const CONSOLE_PATH = '/';

// The console is a client of /api/v1 and nothing else: its own origin for script, style, API calls and the
// PDFs it shows (blob: URLs of responses it fetched); no inline script, never framed by another site.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4e79"/><path d="M9 7h10l5 5v13H9z" fill="#fff"/><path d="M12 15h9M12 19h9M12 23h6" stroke="#1f4e79" stroke-width="2"/></svg>`;

function asset(body: string, type: string) {
  const tag = `"${Bun.hash(body).toString(36)}"`;
  return { body, type, tag };
}

// Made on the first request for the console, not at start: hashing these 3.5 MB of strings (PDF.js alone
// is 1.7 MB) at start touched their pages in the executable and kept them resident in an idle server
// (idle RSS 3-4 MiB higher, bench/README.md "The executable: size and idle memory").
let assetsMade: Record<string, ReturnType<typeof asset>> | null = null;
const assets = (): Record<string, ReturnType<typeof asset>> =>
  (assetsMade ??= {
    'app.js': asset(consoleScript(), 'text/javascript; charset=utf-8'),
    'app.css': asset(consoleStyles(), 'text/css; charset=utf-8'),
    'icon.svg': asset(ICON, 'image/svg+xml'),
    'pdf.mjs': asset(pdfjsScript(), 'text/javascript; charset=utf-8'),
    'pdf.worker.mjs': asset(pdfjsWorker(), 'text/javascript; charset=utf-8'),
  });

// The built-in templates' pictures are the README's gallery (docs/gallery, drawn by the engine from a sample
// invoice): the Templates screen shows all six without spending six renders of the user's quota.
const THUMBNAILS: Record<string, string> = {
  tpl_modern: modern,
  tpl_classic: classic,
  tpl_minimal: minimal,
  tpl_compact: compact,
  tpl_bold: bold,
  tpl_refined: refined,
};

const version = (name: string) => assets()[name]?.tag.slice(1, -1) ?? '';

// Asset URLs carry their content hash, so a page from a new version never runs an old cached script; made
// on the first request for the page, with the assets.
let pageMade: string | null = null;
const page = () =>
  (pageMade ??= `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice service</title>
<link rel="icon" type="image/svg+xml" href="/console/icon.svg?v=${version('icon.svg')}">
<link rel="stylesheet" href="/console/app.css?v=${version('app.css')}">
<script type="module" src="/console/app.js?v=${version('app.js')}"></script>
</head>
<body>
<div id="app" data-pdfjs="/console/pdf.mjs?v=${version('pdf.mjs')}" data-pdfjs-worker="/console/pdf.worker.mjs?v=${version('pdf.worker.mjs')}"></div>
<noscript>This console needs JavaScript. The HTTP API is described at /api/v1/docs.</noscript>
</body>
</html>`);

/** The web console: one page at `/` and its embedded script, styles and icon under `/console/`. */
export function consoleRoutes() {
  return new Elysia()
    .get(
      CONSOLE_PATH,
      () =>
        new Response(page(), {
          headers: {
            ...PAGE_HEADERS,
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-cache',
          },
        }),
      { detail: { hide: true } },
    )
    .get(
      '/console/thumbnails/:file',
      ({ params }) => {
        const path = THUMBNAILS[params.file.replace(/\.png$/, '')];
        if (!path) throw notFound('Thumbnail');
        return new Response(Bun.file(path), {
          headers: {
            'content-type': 'image/png',
            'cache-control': 'public, max-age=86400',
            'x-content-type-options': 'nosniff',
          },
        });
      },
      { detail: { hide: true } },
    )
    .get(
      '/console/:file',
      ({ params, request }) => {
        const file = assets()[params.file];
        if (!file) throw notFound('Console file');
        const headers = {
          'content-type': file.type,
          etag: file.tag,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        };
        if (request.headers.get('if-none-match') === file.tag)
          return new Response(null, { status: 304, headers });
        return new Response(file.body, { headers });
      },
      { detail: { hide: true } },
    );
}
