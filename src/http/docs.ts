// The API's docs: the OpenAPI document of every route, built on first request, and the Swagger UI page that shows it.
import { type AnyElysia, Elysia, t } from 'elysia';
import swaggerCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' };
import swaggerBundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' };
import { SERVICE_NAME, VERSION } from '../version';
import { HEADERS, PARAMETERS } from './openapi-components';
import type { Paths } from './openapi-json';
import { refinePaths } from './openapi-refine';
import { hoistNamed, integersOnly, withChoiceOptions, withNullInEnums } from './openapi-walks';

export const OPENAPI_JSON_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/v1/docs';

// Swagger UI is served from files embedded in the executable: an air-gapped host has no CDN.
const ASSETS: Record<string, { path: string; type: string }> = {
  'swagger-ui.css': { path: swaggerCss, type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { path: swaggerBundle, type: 'text/javascript; charset=utf-8' },
};

// The page's one inline script, allowed by its hash: the page lives on the console's origin, so it gets the
// console's protections (no other script, never framed, no sniffing). Swagger UI needs data: images (its
// icons) and inline styles (it positions its own elements); it calls only this origin.
const INIT_SCRIPT = `
    window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true,
      persistAuthorization: true, tryItOutEnabled: true });
  `;

const INIT_HASH = new Bun.CryptoHasher('sha256').update(INIT_SCRIPT).digest('base64');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    "default-src 'none'",
    `script-src 'self' 'sha256-${INIT_HASH}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${SERVICE_NAME} API ${VERSION}</title>
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script>${INIT_SCRIPT}</script>
</body>
</html>`;

const DESCRIPTION = `Invoice document service: sellers, buyers and documents with exact totals, PDFs, EN 16931
e-invoices. Authenticate with \`Authorization: Bearer <API_KEY>\` (or \`X-API-Key\`). Successful responses are
\`{data: ...}\`; errors are \`{error: {status, code, message, request_id, details?}}\`. A signed-in person in
several accounts acts in one at a time: their session's (POST /api/v1/sessions/current/account), or the one a
request's \`Account: acc_…\` header names (docs/office.md); an API key acts in its own account only.`;

const DOCUMENTATION = {
  info: { title: `${SERVICE_NAME} API`, version: VERSION, description: DESCRIPTION },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'invoice_session',
        description:
          'Set by POST /api/v1/sessions (docs/sign-in.md); writes with it need an Origin of the service itself. The `Account` header chooses the account for one request (docs/office.md)',
      },
    },
  },
  security: [{ bearer: [] }, { apiKeyHeader: [] }, { sessionCookie: [] }],
};

const OPENAPI_VERSION = '3.1.2';

/**
 * The OpenAPI document of every route `app` serves, built on the first request for it and kept while the
 * route table stays the same. `@elysiajs/openapi`'s plugin would do the same but its entry module bundles
 * a copy of zod (264 KB) that every start evaluated; its generator alone is loaded here, on first use.
 */
function openApiDocument(app: () => AnyElysia) {
  let cached: { routes: number; document: unknown } | null = null;
  return async () => {
    const routes = app().routes.length;
    if (cached?.routes === routes) return cached.document;
    const { toOpenAPISchema } = await import('@elysiajs/openapi/openapi');
    // Paths with a file extension (`/exports/documents.csv`) are API routes here, not static files.
    const { paths, components } = toOpenAPISchema(
      app(),
      { staticFile: false },
      undefined,
      undefined,
      OPENAPI_VERSION,
    );
    const schemas: Record<string, unknown> = { ...components.schemas };
    const described = withChoiceOptions(app(), paths as Paths);
    const refined = hoistNamed(withNullInEnums(refinePaths(integersOnly(described) as Paths)), schemas);
    const document = {
      ...DOCUMENTATION,
      openapi: OPENAPI_VERSION,
      paths: refined,
      components: { ...DOCUMENTATION.components, parameters: PARAMETERS, headers: HEADERS, schemas },
    };
    cached = { routes, document };
    return document;
  };
}

/** `app` gives the whole application, whose routes the OpenAPI document describes. */
export function docsRoutes(app: () => AnyElysia) {
  return new Elysia()
    .get(OPENAPI_JSON_PATH, openApiDocument(app), { detail: { hide: true } })
    .get(DOCS_PATH, () => new Response(PAGE, { headers: PAGE_HEADERS }), { detail: { hide: true } })
    .get(
      `${DOCS_PATH}/assets/:file`,
      ({ params, set }) => {
        const asset = ASSETS[params.file];
        if (!asset) return undefined;
        set.headers['cache-control'] = 'public, max-age=86400';
        return new Response(Bun.file(asset.path), {
          headers: { 'content-type': asset.type, 'x-content-type-options': 'nosniff' },
        });
      },
      { params: t.Object({ file: t.String() }), detail: { hide: true } },
    );
}
