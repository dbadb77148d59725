// Whether work on the server held its event loop: the test and the server share one process and one loop,
// so a /health answer while the work is still running means the work let the loop turn.
import type { TestServer } from './harness';

export interface LoopProbe {
  /** /health answers completed while the work ran. */
  answers: number;
  /** When each came (performance.now()). */
  answeredAt: number[];
  /** The longest /health took, from request to answer (ms), the one the work's end overtook included. */
  slowestMs: number;
  /** The longest gap between two ticks of a 5 ms timer in this process (ms): how long the loop was held. */
  longestLagMs: number;
}

const PAUSE_MS = 5;

/**
 * Runs `work` while asking /health one request after another (5 ms apart), and a 5 ms timer notes how late it ticks.
 * What the work answers is handed back beside the probe's figures.
 */
export async function probeWhile<T>(
  server: TestServer,
  work: () => Promise<T>,
): Promise<{ value: T; probe: LoopProbe }> {
  let done = false;
  let last = performance.now();
  let longestLagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestLagMs = Math.max(longestLagMs, now - last);
    last = now;
  }, 5);
  const running = work().finally(() => {
    done = true;
  });
  const answeredAt: number[] = [];
  let slowestMs = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await server.request('/health');
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      if (done) break;
      answeredAt.push(performance.now());
      // A pause between two asks, so the probe does not take the CPU from the work it watches.
      await Bun.sleep(PAUSE_MS);
    }
  })();
  try {
    const value = await running;
    // A loop held to the end of the work never ticked again: that last gap counts too.
    longestLagMs = Math.max(longestLagMs, performance.now() - last);
    await probing;
    return { value, probe: { answers: answeredAt.length, answeredAt, slowestMs, longestLagMs } };
  } finally {
    clearInterval(timer);
  }
}
