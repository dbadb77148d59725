import { type AnyElysia, Elysia } from 'elysia';
import { ACCESS_RULES } from './access-rules';
import type { AppDeps } from './deps';
import { accessGaps } from './http/access';
import { authPlugin } from './http/auth';
import { consoleRoutes } from './http/console';
import { docsRoutes } from './http/docs';
import { errorHandler } from './http/error-handler';
import { withFullContext } from './http/full-context';
import { MethodMatcher } from './http/method-matcher';
import { appLinks } from './module';
import { MODULES } from './modules';
import { badRequest } from './shared/errors';

/** A route whose body has a file field (`t.File()`: `format: binary`): an upload, sent as multipart. */
function takesFile(body: unknown): boolean {
  const properties = (body as { properties?: Record<string, { format?: string }> } | undefined)?.properties;
  return Object.values(properties ?? {}).some((field) => field?.format === 'binary');
}

/** The whole HTTP API as one Elysia app; every module's route factory takes (auth, deps, links). */
export function buildApp(deps: AppDeps) {
  // Built on first use: the 405 check needs the full route table, known only once every module is in.
  let matcher: MethodMatcher | null = null;
  let routes: readonly { method: string; path: string }[] = [];
  let whole: AnyElysia | null = null;
  let uploads = new Set<string>();
  const auth = authPlugin(deps, ACCESS_RULES);
  // Typed as any Elysia app: a typed chain of every module's plugins exceeds TypeScript's instantiation
  // depth, and no caller needs the route types (the console has its generated paths, src/console/api-paths.ts).
  // `standardHostname: false`: the router looks for the path after `http://`, not after the eleventh character
  // (`http://a.bc`), which cut it inside a host of one to three characters (`Host: app` or `api` on port 80, a
  // container's or a Kubernetes service's name): every request, /health included, was a 404 "No route".
  // It assumes `http://` URLs, which Bun.serve without TLS (src/http/server.ts) always gives.
  let app: AnyElysia = withFullContext(new Elysia({ normalize: false, handler: { standardHostname: false } }))
    .use(errorHandler(deps.logger, () => (matcher ??= new MethodMatcher(routes))))
    .use(docsRoutes(() => whole as AnyElysia))
    .use(consoleRoutes())
    // Bodies are JSON, uploads multipart (docs/api-conventions.md): Elysia would read a multipart body's
    // fields into any route's body, so a form that passes a JSON route's schema would be taken.
    .onTransform({ as: 'global' }, ({ request, route }) => {
      const type = request.headers.get('content-type') ?? '';
      if (!/^multipart\/form-data\b/i.test(type) || uploads.has(`${request.method} ${route}`)) return;
      throw badRequest('This route takes a JSON body (application/json), not multipart/form-data');
    });
  // Every module's links to another's resources, handed to each module's routes: the one extended mounts
  // them (documents: `cost_centre_id` of modules/cost-centres), the others ignore them.
  const links = appLinks(MODULES);
  // In the module list's order (src/modules/index.ts): fixed paths before the parameter routes beside them.
  for (const module of MODULES) if (module.routes) app = app.use(module.routes(auth, deps, links));
  routes = app.routes;
  // Uploads, and the routes that read their body's bytes themselves (`parse`: a received e-invoice, a
  // provider's event), which answer any type they do not take in their own words.
  uploads = new Set(
    app.routes
      .filter((one) => takesFile(one.hooks?.body) || one.hooks?.parse !== undefined)
      .map((one) => `${one.method} ${one.path}`),
  );
  whole = app;
  // Fail-closed: a write route without its module's access rule (or a rule for no route) never serves.
  const gaps = accessGaps(routes, ACCESS_RULES);
  if (gaps.unruled.length > 0 || gaps.stale.length > 0) {
    throw new Error(
      `access rules (<module>/access.ts): no rule for ${gaps.unruled.join(', ') || 'none'}; no route for ${gaps.stale.join(', ') || 'none'}`,
    );
  }
  return app;
}

export type App = ReturnType<typeof buildApp>;
