// scripts/patch-dependencies.mjs runs at `npm install` (postinstall): the fixes it makes to installed
// packages must be in place, or the service (and the executable built from these files) runs without them.
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dir, '..', '..');

test('postgres.js fails a write on a closed connection as CONNECTION_CLOSED instead of throwing on its null socket', () => {
  for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      "if (!socket) { chunk = nextWriteTimer = null; error(Errors.connection('CONNECTION_CLOSED', options)); return false } // invoice-service patch",
    );
  }
});
