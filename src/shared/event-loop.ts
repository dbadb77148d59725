/**
 * A turn of the event loop (a macrotask): what a long piece of work awaits between its parts so that
 * requests (`/health` first) are answered meanwhile. A resolved promise would not do: on SQLite a query
 * resolves at once, and its continuation runs before any request gets in.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `await pace()` in a loop: once a slice of work has run since the last turn, the event loop gets one (a
 * macrotask: awaiting a resolved promise would not let a request in). Cheap otherwise.
 */
export type Pace = () => Promise<void> | undefined;

/** The longest stretch of a long piece of work (a report, an import's create) between two turns. */
const SLICE_MS = 10;

export function pacer(sliceMs = SLICE_MS): Pace {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** `rows` mapped one at a time, with turns of the event loop between slices. */
export async function mapPaced<T, U>(rows: readonly T[], map: (row: T) => U, pace: Pace): Promise<U[]> {
  const out: U[] = [];
  for (const row of rows) {
    out.push(map(row));
    await pace();
  }
  return out;
}
