import type { AnyElysia } from 'elysia';

/**
 * Elysia hands a handler or hook only the context fields it sees it use, by reading the function's source
 * ("sucrose": `({ route, query }) =>`). The executable is minified, and its source reads
 * `({route:o,query:i})=>`, which that reading does not recognise: `route` was undefined in the auth macro
 * there (every write fell back to `resources:write_all`) while the tests, running the source, passed.
 * Every field is given to every route instead, so what a handler receives never depends on how its source
 * was written or built. The cost is a parsed query, header and cookie object per request (microseconds).
 * `inference` is protected in Elysia's types; routes compile lazily from the instance they are added to,
 * and a plugin's routes are added to the app that uses it, so this app's setting reaches every route.
 */
export function withFullContext<T extends AnyElysia>(app: T): T {
  (app as unknown as { inference: Record<string, boolean> }).inference = {
    body: true,
    cookie: true,
    headers: true,
    query: true,
    set: true,
    server: true,
    path: true,
    route: true,
    url: true,
  };
  return app;
}
