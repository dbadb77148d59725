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

test('postgres.js puts a released reserved connection back as open only when the server has not closed it meanwhile', () => {
  for (const file of ['src/index.js', 'cjs/src/index.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      'c.queue !== closed && c.queue !== connecting && c.queue !== ended && onopen(c) // invoice-service patch',
    );
  }
});

test('postgres.js drops a reservation it rejected from its queue, so the next connection opened is not handed to it', () => {
  for (const file of ['src/index.js', 'cjs/src/index.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      'const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) } // invoice-service patch',
    );
  }
});

test('postgres.js forgets a write waiting for its turn when its connection closes, so the next connect sends its startup', () => {
  for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // invoice-service patch\n',
    );
  }
});

test("postgres.js fails and forgets a closed connection's last statement, so its next session starts from nothing", () => {
  for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      "    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) // invoice-service patch\n" +
        '    query = results = errorResponse = null, result = new Result() // invoice-service patch\n',
    );
  }
});

test("postgres.js handles the end of a session that was reading the server's types, so the process lives on", () => {
  for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain('        return fetchArrayTypes().catch(() => {}) // invoice-service patch\n');
  }
});

test('postgres.js keeps a reservation queued when the session opened for it closes before handing it over', () => {
  for (const file of ['src/index.js', 'cjs/src/index.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      'if (queries.length) { const query = queries.shift(); query.reserve && queries.push(query); connect(c, query) } // invoice-service patch',
    );
  }
});

test('postgres.js shows the TLS socket it makes over a given socket to its owner, so a silent server is noticed over TLS too', () => {
  for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
    const text = readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8');
    expect(text).toContain(
      "    socket = tls.connect(options)\n    typeof options.socket.onTls === 'function' && options.socket.onTls(socket) // invoice-service patch\n",
    );
  }
});
