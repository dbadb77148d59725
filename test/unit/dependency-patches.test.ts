// scripts/patch-dependencies.mjs runs at `npm install` (postinstall): the fixes it makes to installed
// packages must be in place, or the service (and the executable built from these files) runs without them.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
// s3rver's own object and store, as its PUT handler uses them (the package has no types).
// @ts-expect-error untyped CommonJS module of the tests' S3 server
import S3Object from 's3rver/lib/models/object.js';
// @ts-expect-error untyped CommonJS module of the tests' S3 server
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

const ROOT = join(import.meta.dir, '..', '..');
const CONNECTION = ['src/connection.js', 'cjs/src/connection.js'];
const INDEX = ['src/index.js', 'cjs/src/index.js'];

/** Each of postgres.js's `files` (ESM and CommonJS builds) as installed holds the patched `text`. */
function expectPatched(files: string[], text: string): void {
  for (const file of files)
    expect(readFileSync(join(ROOT, 'node_modules/postgres', file), 'utf8')).toContain(text);
}

test('postgres.js fails a write on a closed connection as CONNECTION_CLOSED instead of throwing on its null socket', () => {
  expectPatched(
    CONNECTION,
    "if (!socket) { chunk = nextWriteTimer = null; error(Errors.connection('CONNECTION_CLOSED', options)); return false } // invoice-service patch",
  );
});

test('postgres.js puts a released reserved connection back as open only when the server has not closed it meanwhile', () => {
  expectPatched(
    INDEX,
    'c.queue !== closed && c.queue !== connecting && c.queue !== ended && onopen(c) // invoice-service patch',
  );
});

test('postgres.js drops a reservation it rejected from its queue, so the next connection opened is not handed to it', () => {
  expectPatched(
    INDEX,
    'const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) } // invoice-service patch',
  );
});

test('postgres.js forgets a write waiting for its turn when its connection closes, so the next connect sends its startup', () => {
  expectPatched(
    CONNECTION,
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // invoice-service patch\n',
  );
});

test("postgres.js fails and forgets a closed connection's last statement, so its next session starts from nothing", () => {
  expectPatched(
    CONNECTION,
    "    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) // invoice-service patch\n" +
      '    query = results = errorResponse = null, result = new Result() // invoice-service patch\n',
  );
});

test("postgres.js handles the end of a session that was reading the server's types, so the process lives on", () => {
  expectPatched(CONNECTION, '        return fetchArrayTypes().catch(() => {}) // invoice-service patch\n');
});

test('postgres.js keeps a reservation queued when the session opened for it closes before handing it over', () => {
  expectPatched(
    INDEX,
    'if (queries.length) { const query = queries.shift(); query.reserve && queries.push(query); connect(c, query) } // invoice-service patch',
  );
});

test('postgres.js shows the TLS socket it makes over a given socket to its owner, so a silent server is noticed over TLS too', () => {
  expectPatched(
    CONNECTION,
    "    socket = tls.connect(options)\n    typeof options.socket.onTls === 'function' && options.socket.onTls(socket) // invoice-service patch\n",
  );
});

test('postgres.js fails what waits on a reserved connection the server closed, and what is given to it after; its release is a no-op', () => {
  expectPatched(
    INDEX,
    '    c.reserved.lost = (error) => { lost = error; while (queue.length) queue.shift().reject(error) } // invoice-service patch\n',
  );
  expectPatched(
    INDEX,
    "    c.reserved && c.reserved.lost && c.reserved.lost(Errors.connection('CONNECTION_CLOSED', options)) // invoice-service patch\n",
  );
  expectPatched(INDEX, '      if (lost) return q.reject(lost) // invoice-service patch\n');
  expectPatched(INDEX, '    sql.release = () => lost || release() // invoice-service patch\n');
});

const s3rverRoot = mkdtempSync(join(tmpdir(), 's3rver-put-'));
afterAll(() => rmSync(s3rverRoot, { recursive: true, force: true }));

test("s3rver's put answers once the object is written, a Buffer or a stream, so a get right after reads it whole", async () => {
  const store = new FilesystemStore(s3rverRoot);
  await store.putBucket('bucket');
  // Large enough that the file is still being written when an unpatched put has already answered.
  const content = Buffer.alloc(64 * 1024 * 1024, 7);
  const written = (key: string) => statSync(store.getResourcePath('bucket', key, 'object')).size;
  await store.putObject(new S3Object('bucket', 'whole', content, {}));
  const whole = written('whole');
  const halves = Readable.from([
    content.subarray(0, content.length / 2),
    content.subarray(content.length / 2),
  ]);
  await store.putObject(new S3Object('bucket', 'streamed', halves, {}));
  expect([whole, written('streamed')]).toEqual([content.length, content.length]);
});
