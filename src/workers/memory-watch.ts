// Worker threads share the process's memory and Bun enforces no per-worker heap limit (resourceLimits is
// ignored, measured), so the pools watch the process's RSS while their workers are busy instead.

const SAMPLE_MS = 100;

/**
 * Samples the process's RSS every 100 ms while `busy()` says work is running, and calls `over()` when it
 * is above `limitBytes`. `update()` after each change of work starts or stops the sampling.
 */
export class MemoryWatch {
  private timer: Timer | null = null;

  constructor(
    private readonly limitBytes: number,
    private readonly busy: () => boolean,
    private readonly over: () => void,
  ) {}

  update(): void {
    if (!this.busy() || !Number.isFinite(this.limitBytes)) {
      this.stop();
      return;
    }
    this.timer ??= setInterval(() => {
      if (process.memoryUsage.rss() > this.limitBytes) this.over();
    }, SAMPLE_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
