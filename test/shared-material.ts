// What the tests read beside the checkout (../shared): the official rule pack with its example invoices,
// and the public receiving corpus. SHARED_DIR names another place for it. Loaded first by every test run
// (bunfig.toml's preload): without it, the run stops at once with one clear line instead of ENOENT in the
// middle of a suite.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SHARED_DIR = resolve(process.env.SHARED_DIR ?? join(import.meta.dir, '..', '..', 'shared'));

/** What the suite needs of it, each with what it is. */
const NEEDED: [path: string, what: string][] = [
  ['rulesets/manifest.json', 'the official rule pack (EN 16931, Peppol, XRechnung)'],
  ['rulesets/examples', "the official example invoices beside the pack's rules"],
  ['receiving-corpus', 'the public receiving corpus'],
];

/** A path inside the shared material, e.g. `sharedPath('rulesets/examples/xrechnung_ubl')`. */
export function sharedPath(relative: string): string {
  return join(SHARED_DIR, relative);
}

export function missingSharedMaterial(): string | null {
  const missing = NEEDED.filter(([path]) => !existsSync(sharedPath(path)));
  if (missing.length === 0) return null;
  return (
    `The tests need the shared material at ${SHARED_DIR} (set SHARED_DIR to where it is); missing: ` +
    missing.map(([path, what]) => `${path} (${what})`).join(', ')
  );
}

const problem = missingSharedMaterial();
if (problem !== null) {
  console.error(problem);
  process.exit(2);
}
