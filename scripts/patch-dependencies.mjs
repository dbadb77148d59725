// Run by `npm install` (postinstall): small fixes to installed dependencies that their releases do not
// have yet, each found by its exact text and applied once (a second run sees its marker). A release that
// changed the text fails the install loudly rather than shipping without the fix. Plain Node, no imports
// beyond node:, since it runs before anything else is there.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', 'node_modules');

const PATCHES = [
  {
    // postgres.js 3.4.9: a write queued on a connection the server closed meanwhile (a restart, `pg_ctl
    // restart -m fast`) runs `socket.write` on a null socket inside a timer, an uncaught TypeError that ends
    // the process. The write's queries fail as CONNECTION_CLOSED instead, which the service answers 503.
    why: 'postgres.js: no uncaught TypeError when a connection closes under a pending write',
    files: ['postgres/src/connection.js', 'postgres/cjs/src/connection.js', 'postgres/cf/src/connection.js'],
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    replace:
      '  function nextWrite(fn) {\n' +
      "    if (!socket) { chunk = nextWriteTimer = null; error(Errors.connection('CONNECTION_CLOSED', options)); return false } // invoice-service patch\n" +
      '    const x = socket.write(chunk, fn)\n',
    marker: '// invoice-service patch',
  },
];

let failed = false;
for (const patch of PATCHES) {
  for (const file of patch.files) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    if (text.includes(patch.marker)) continue;
    if (!text.includes(patch.find)) {
      console.error(`patch-dependencies: ${file} changed, cannot apply "${patch.why}"`);
      failed = true;
      continue;
    }
    writeFileSync(path, text.replace(patch.find, patch.replace));
  }
}
if (failed) process.exit(1);
