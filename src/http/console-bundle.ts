// The web console's script and styles, bundled by `bun build` when the server's own code is transpiled or
// compiled: imported `with { type: 'macro' }`, so the result is a string inside the server (and inside the
// executable), with no build step to forget and no file to ship beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONSOLE_DIR = join(import.meta.dir, '..', 'console');

function bunBuild(entry: string): string {
  const result = Bun.spawnSync(
    [process.execPath, 'build', join(CONSOLE_DIR, entry), '--minify', '--target=browser', '--format=esm'],
    { cwd: CONSOLE_DIR, env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.exitCode !== 0) throw new Error(`console bundle (${entry}): ${result.stderr.toString()}`);
  return result.stdout.toString();
}

/** The console's script: src/console/main.tsx and everything it imports, minified. */
export function consoleScript(): string {
  return bunBuild('main.tsx');
}

/** The console's styles: src/console/styles.css, minified. */
export function consoleStyles(): string {
  return bunBuild('styles.css');
}

// PDF.js (pdfjs-dist) draws the previews on canvases, where a browser has no PDF viewer of its own
// (headless, some phones). Its distributed, minified ES modules are embedded as they ship (a bundler would
// gain nothing on them), served from the console's own origin and loaded only when a preview is shown, so
// the first screen does not carry them.
const PDFJS_BUILD = join(import.meta.dir, '..', '..', 'node_modules', 'pdfjs-dist', 'build');

/** PDF.js's library: `getDocument` and the worker options. */
export function pdfjsScript(): string {
  return readFileSync(join(PDFJS_BUILD, 'pdf.min.mjs'), 'utf8');
}

/** PDF.js's worker, started by the library as a module worker from the same origin. */
export function pdfjsWorker(): string {
  return readFileSync(join(PDFJS_BUILD, 'pdf.worker.min.mjs'), 'utf8');
}
