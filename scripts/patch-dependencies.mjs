// Run by `npm install` (postinstall): small fixes to installed dependencies that their releases do not
// have yet, each found by its exact text and applied once (a second run finds its replacement in place). A release that
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
  },
  {
    // postgres.js 3.4.9: a reserved connection (a transaction's) that the server closed while it was held
    // is moved to the pool's closed connections, and reconnected from there for queries waiting; its
    // release then put it back among the open ones with no socket. Every query the pool gave it after that
    // failed at once or, once it counted as full, waited for a drain that never came: after a restart under
    // load an instance's requests hung for good (test/http/postgres-faults.test.ts, about one run in five
    // with a core kept busy). Released, it goes back to the open ones unless it was closed (or is being
    // connected again, or the pool ended) meanwhile.
    why: 'postgres.js: a reserved connection closed while held is not put back as open on release',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '    sql.release = () => {\n      c.reserved = null\n      onopen(c)\n    }\n',
    replace:
      '    sql.release = () => {\n' +
      '      c.reserved = null\n' +
      '      c.queue !== closed && c.queue !== connecting && c.queue !== ended && onopen(c) // invoice-service patch\n' +
      '    }\n',
  },
  {
    // postgres.js 3.4.9: a reservation (a transaction's connection) waits in the pool's queue and is the
    // first query of a connection being opened for it; when that connection fails (refused, or the server
    // answers "starting up" during a restart) the reservation is rejected but stays queued, and the next
    // connection to open takes it from the queue and hands itself to the rejected promise: nobody, for
    // good. Each such loss left the pool a connection short until none was left and every statement
    // waited forever (test/http/postgres-faults.test.ts under load). A rejected reservation leaves the queue.
    why: 'postgres.js: a rejected reservation leaves the queue instead of taking the next connection with it',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '        const query = { reserve: resolve, reject }\n',
    replace:
      '        const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) } // invoice-service patch\n',
  },
  {
    // postgres.js 3.4.9: a connection whose socket closes while a short write waits for its turn
    // (setImmediate) cancels that turn but keeps it as pending, and keeps the unsent bytes: once connected
    // again, its startup message is queued behind them for a turn that never comes, so the connect times
    // out, and so does every later one of that connection (CONNECT_TIMEOUT for good; a statement run just
    // as the server ended the session, under load: test/http/postgres-pool-release.test.ts). Closed, it
    // forgets both: the statements they belonged to have failed with the connection.
    why: 'postgres.js: a connection closed with a write waiting starts its next connect with nothing pending',
    files: ['postgres/src/connection.js', 'postgres/cjs/src/connection.js', 'postgres/cf/src/connection.js'],
    find: "    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)\n",
    replace:
      '    incomings = null\n' +
      '    clearImmediate(nextWriteTimer)\n' +
      '    chunk = nextWriteTimer = null // invoice-service patch\n' +
      "    socket.removeListener('data', data)\n",
  },
  {
    // postgres.js 3.4.9: a connection closed while a statement ran keeps that statement as its current one,
    // with the error the server sent before closing (57P01 on a restart) and any rows read: its next
    // session's first ReadyForQuery is then taken as that statement's end, and the statement that opened
    // the session is failed with the old session's error (every first statement after a restart, as
    // test/http/postgres-pool-release.test.ts shows), or a statement given to it queues behind one that
    // will never answer. Closed, it fails what it ran and forgets it, whatever the close (a reset too):
    // the next session starts from nothing.
    why: "postgres.js: a closed connection's next session does not inherit its last statement",
    files: ['postgres/src/connection.js', 'postgres/cjs/src/connection.js', 'postgres/cf/src/connection.js'],
    find:
      '    if (initial)\n      return reconnect()\n\n' +
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    replace:
      '    if (initial) {\n' +
      '      query = results = errorResponse = null, result = new Result() // invoice-service patch\n' +
      '      return reconnect()\n' +
      '    }\n\n' +
      "    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket)) // invoice-service patch\n" +
      '    query = results = errorResponse = null, result = new Result() // invoice-service patch\n',
  },
  {
    // postgres.js 3.4.9: a new session first reads the server's array types, a query of its own whose
    // promise nobody handles: when the server ends the session during it (a restart), the rejection is
    // unhandled, and an unhandled rejection ends a Bun process. The session's statements fail with the
    // connection as they do at any other moment; the next session reads the types again.
    why: "postgres.js: a session ended while it reads the server's types does not end the process",
    files: ['postgres/src/connection.js', 'postgres/cjs/src/connection.js', 'postgres/cf/src/connection.js'],
    find: '        return fetchArrayTypes()\n',
    replace: '        return fetchArrayTypes().catch(() => {}) // invoice-service patch\n',
  },
  {
    // postgres.js 3.4.9: a transaction waiting for a connection (a reservation) is handed over when the
    // session opened for it has read the server's types, by taking it from the queue; a reservation whose
    // session closed before that (a restart) is taken from the queue for the next session, and so was no
    // longer there to be handed over: the transaction waited for good, the session went idle. It stays
    // queued, as when it first asked, until a session takes it.
    why: 'postgres.js: a reservation whose session closed before it was handed over gets the next session',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '    queries.length && connect(c, queries.shift())\n',
    replace:
      '    if (queries.length) { const query = queries.shift(); query.reserve && queries.push(query); connect(c, query) } // invoice-service patch\n',
  },
  {
    // postgres.js 3.4.9: statements given to a reserved connection (a transaction's) while it counts as full
    // wait in the reservation's own queue, and are sent as it drains. When the server closes the connection
    // meanwhile (a restart), the statements it had sent fail, and those still queued were forgotten: never
    // answered nor failed. A READ COMMITTED statement (BEGIN, the statement, COMMIT sent together) waited
    // for its COMMIT for good, never released its connection, and the rate limit's count of its key, which
    // runs one at a time, held every later request of that key on the instance (postgres-faults' fast
    // restart on the executable, about one run in ten with a core kept busy). The closed reservation is
    // lost: what waits in its queue fails with the connection, what is given to it afterwards fails at
    // once, and its release gives nothing back (the pool connects the connection again for others).
    why: 'postgres.js: a reserved connection closed while held fails the statements queued on it and after',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '    c.reserved.release = true\n\n    const sql = Sql(handler)\n',
    replace:
      '    c.reserved.release = true\n' +
      '    let lost = null // invoice-service patch\n' +
      '    c.reserved.lost = (error) => { lost = error; while (queue.length) queue.shift().reject(error) } // invoice-service patch\n\n' +
      '    const sql = Sql(handler)\n',
  },
  {
    // The other half of the patch above: the pool tells the reservation its connection closed.
    why: 'postgres.js: a reserved connection closed while held tells its reservation',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '  function onclose(c, e) {\n    move(c, closed)\n    c.reserved = null\n',
    replace:
      '  function onclose(c, e) {\n' +
      '    move(c, closed)\n' +
      "    c.reserved && c.reserved.lost && c.reserved.lost(Errors.connection('CONNECTION_CLOSED', options)) // invoice-service patch\n" +
      '    c.reserved = null\n',
  },
  {
    // The reservation's statements fail at once once it is lost, and its release gives nothing back.
    why: 'postgres.js: a statement given to a lost reservation fails at once; its release is a no-op',
    files: ['postgres/src/index.js', 'postgres/cjs/src/index.js', 'postgres/cf/src/index.js'],
    find: '    return sql\n\n    function handler(q) {\n      c.queue === full\n        ? queue.push(q)\n',
    replace:
      '    const release = sql.release // invoice-service patch\n' +
      '    sql.release = () => lost || release() // invoice-service patch\n' +
      '    return sql\n\n' +
      '    function handler(q) {\n' +
      '      if (lost) return q.reject(lost) // invoice-service patch\n' +
      '      c.queue === full\n' +
      '        ? queue.push(q)\n',
  },
  {
    // postgres.js 3.4.9: over TLS (`sslmode=require` and up) it wraps the socket it was given in a TLS
    // socket of its own and takes the given socket's listeners off, so the service could not watch such a
    // connection for a server that stops answering (DATABASE_ANSWER_TIMEOUT_SECONDS, src/db/postgres-socket.ts):
    // statements on it waited for as long as TCP kept it. The socket's owner is shown the TLS socket (a
    // hook the service sets on the socket it gives, `onTls`), and watches that one instead.
    why: "postgres.js: the TLS socket it makes over a given socket is shown to that socket's owner",
    files: ['postgres/src/connection.js', 'postgres/cjs/src/connection.js', 'postgres/cf/src/connection.js'],
    find: '    socket.removeAllListeners()\n    socket = tls.connect(options)\n',
    replace:
      '    socket.removeAllListeners()\n' +
      '    socket = tls.connect(options)\n' +
      "    typeof options.socket.onTls === 'function' && options.socket.onTls(socket) // invoice-service patch\n",
  },
  {
    // libxml2-wasm 0.7.2: every error libxml2 reports (a parse, an XSD validation) is given the path of its
    // node (`xmlGetNodePath`), which counts the node's preceding siblings of its name: an invoice of 80,000
    // empty `cac:InvoiceLine`s (1.5 MB, well inside the XML limits) took 12.7 s to validate, growing with
    // the square (400,000 within the limits: minutes, a rules worker's whole time limit). The service reads
    // the first 100 (MAX_XSD_VIOLATIONS); the first 1,000 errors of a run keep their path, the rest have
    // their line only.
    why: 'libxml2-wasm: the path of an error node is computed for the first 1,000 errors of a run only',
    files: ['libxml2-wasm/lib/libxml2.mjs'],
    find:
      '        const node = XmlErrorStruct.node(err);\n' + '        const xpath = xmlGetNodePath(node);\n',
    replace:
      '        const node = error.storage.get(index).length < 1000 ? XmlErrorStruct.node(err) : 0; // invoice-service patch\n' +
      '        const xpath = xmlGetNodePath(node);\n',
  },
  {
    // s3rver 3.7.1 (the tests' S3 server): a put resolves as soon as its bytes are handed to the file's
    // write stream, before the file is opened (a Buffer) or before the last bytes reach it (a stream), so it
    // answers the PUT while the object is still empty or partly written; a GET right after read nothing or
    // the object before (the blob store contract's "second put replaces the first", once in the PostgreSQL
    // lane). The put resolves once the file is written, as S3 answers a PUT once the object is stored.
    why: 's3rver: a put of a Buffer answers once the object is written',
    files: ['s3rver/lib/stores/filesystem.js'],
    find:
      '        writeStream.end(object.content);\n' +
      '        md5Context.update(object.content);\n' +
      "        resolve([object.content.length, md5Context.digest('hex')]);\n",
    replace:
      '        md5Context.update(object.content);\n' +
      "        const digest = md5Context.digest('hex'); // invoice-service patch\n" +
      "        writeStream.on('error', reject).end(object.content, () => resolve([object.content.length, digest])); // invoice-service patch\n",
  },
  {
    // The other half of the patch above: a streamed put resolves when the file has its last bytes.
    why: 's3rver: a streamed put answers once the object is written',
    files: ['s3rver/lib/stores/filesystem.js'],
    find:
      "          .on('error', reject)\n" +
      "          .on('finish', () => resolve([totalLength, md5Context.digest('hex')]))\n" +
      '          .pipe(writeStream);\n',
    replace:
      "          .on('error', reject)\n" +
      '          .pipe(writeStream)\n' +
      "          .on('error', reject) // invoice-service patch\n" +
      "          .on('finish', () => resolve([totalLength, md5Context.digest('hex')])); // invoice-service patch\n",
  },
];

let failed = false;
for (const patch of PATCHES) {
  for (const file of patch.files) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    if (text.includes(patch.replace)) continue;
    if (!text.includes(patch.find)) {
      console.error(`patch-dependencies: ${file} changed, cannot apply "${patch.why}"`);
      failed = true;
      continue;
    }
    writeFileSync(path, text.replace(patch.find, patch.replace));
  }
}
if (failed) process.exit(1);
