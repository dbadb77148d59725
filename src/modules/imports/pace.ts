// An import's create reads and checks every row on the API's event loop before it answers: 100,000 rows
// are seconds of work. It is cut into slices with a turn of the loop between them, so /health and everyone
// else's requests are answered meanwhile (docs/limits.md).
import { yieldToEventLoop } from '../../shared/event-loop';

/** The longest stretch of an import's work between two turns of the event loop. */
const SLICE_MS = 10;

/**
 * `await pace()` in a loop: once a slice of work has run since the last turn, the event loop gets one (a
 * macrotask: awaiting a resolved promise would not let a request in). Cheap otherwise.
 */
export type Pace = () => Promise<void> | undefined;

export function pacer(sliceMs = SLICE_MS): Pace {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** `items` mapped one at a time, with turns of the event loop between slices. */
export async function mapPaced<T, U>(
  items: readonly T[],
  map: (item: T, i: number) => U,
  pace: Pace,
): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    out.push(map(items[i] as T, i));
    await pace();
  }
  return out;
}
