/**
 * A turn of the event loop (a macrotask): what a long piece of work awaits between its parts so that
 * requests (`/health` first) are answered meanwhile. A resolved promise would not do: on SQLite a query
 * resolves at once, and its continuation runs before any request gets in.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
