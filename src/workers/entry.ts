/**
 * The URL to start a worker entrypoint of this folder with. Inside the executable each worker is its own
 * entrypoint next to the main one (`/$bunfs/root/workers/…`, see the `build` script); in a checkout it is a
 * sibling file. `Bun.main` tells which: with `--bytecode`, `import.meta.url` still names the source file even
 * inside the executable.
 */
export function workerEntry(
  name: 'render-worker' | 'rules-compile-worker' | 'rules-worker' | 'receive-worker',
): string {
  return Bun.main.includes('$bunfs') ? `./workers/${name}.ts` : new URL(`./${name}.ts`, import.meta.url).href;
}
