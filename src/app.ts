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

/** The whole HTTP API as one Elysia app; every module's route factory takes (auth, deps, links). */
export function buildApp(deps: AppDeps) {
  // Built on first use: the 405 check needs the full route table, known only once every module is in.
  let matcher: MethodMatcher | null = null;
  let routes: readonly { method: string; path: string }[] = [];
  let whole: AnyElysia | null = null;
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
    .use(consoleRoutes());
  // Every module's links to another's resources, handed to each module's routes: the one extended mounts
  // them (documents: `cost_centre_id` of modules/cost-centres), the others ignore them.
  const links = appLinks(MODULES);
  // In the module list's order (src/modules/index.ts): fixed paths before the parameter routes beside them.
  for (const module of MODULES) if (module.routes) app = app.use(module.routes(auth, deps, links));
  routes = app.routes;
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
