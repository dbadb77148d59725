const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/**
 * Runs `cleanup` when the process is told to stop (Ctrl-C, `kill`, a closed terminal) and then exits as
 * that signal would (128 + its number): the default exit skips `finally`, which would leave a half-written
 * backup or a staging folder behind. Returns the function that takes the handlers off again.
 */
export function cleanUpOnSignal(cleanup: () => void): () => void {
  const handlers = Object.entries(SIGNALS).map(([signal, number]) => {
    const handler = () => {
      try {
        cleanup();
      } finally {
        process.exit(128 + number);
      }
    };
    process.once(signal as NodeJS.Signals, handler);
    return () => process.off(signal as NodeJS.Signals, handler);
  });
  return () => {
    for (const off of handlers) off();
  };
}
