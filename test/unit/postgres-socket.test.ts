// The PostgreSQL pool's sockets (src/db/postgres-socket.ts): a connection that wrote and hears nothing back
// is ended once its answer time passes; one that is answered, or only listens, is not. Over TLS, the TLS
// socket postgres.js puts over the given one is judged from then on.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { postgresSockets } from '../../src/db/postgres-socket';

/** A server that answers every write (`echo`) or never says a word (`silent`), on a loopback port. */
async function serve(echo: boolean): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    if (echo) socket.on('data', (data) => socket.write(data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

let echo: { server: Server; port: number };
let silent: { server: Server; port: number };
beforeAll(async () => {
  [echo, silent] = await Promise.all([serve(true), serve(false)]);
});
afterAll(() => {
  echo.server.close();
  silent.server.close();
});

const ANSWER_MS = 200;
const target = (port: number, ssl = false) => ({ host: ['127.0.0.1'], port: [port], ssl });

/** Whether the socket is still open after `ms`, and the error it was ended with if not. */
async function after(socket: Socket, ms: number): Promise<{ open: boolean; error: string | null }> {
  let error: string | null = null;
  socket.on('error', (e: Error & { code?: string }) => {
    error = `${e.code}: ${e.message}`;
  });
  await Bun.sleep(ms);
  return { open: !socket.destroyed, error };
}

/** `fn` with a watcher started for it (answer time ANSWER_MS), stopped after whatever it does. */
async function watched(fn: (sockets: ReturnType<typeof postgresSockets>) => Promise<void>): Promise<void> {
  const sockets = postgresSockets(ANSWER_MS);
  sockets.start();
  try {
    await fn(sockets);
  } finally {
    sockets.stop();
  }
}

test('a connection that wrote and read nothing back is ended with ETIMEDOUT once its answer time passes', () =>
  watched(async (sockets) => {
    const socket = await sockets.open(target(silent.port));
    socket.write('query');
    expect(await after(socket, ANSWER_MS * 4)).toEqual({
      open: false,
      error: 'ETIMEDOUT: the database did not answer within 0.2 s',
    });
  }));

test('one that is answered, or has nothing to wait for, stays open', () =>
  watched(async (sockets) => {
    const answered = await sockets.open(target(echo.port));
    const idle = await sockets.open(target(silent.port));
    const chatty = setInterval(() => answered.write('ping'), ANSWER_MS / 4);
    const states = await Promise.all([answered, idle].map((s) => after(s, ANSWER_MS * 4)));
    clearInterval(chatty);
    expect(states).toEqual([
      { open: true, error: null },
      { open: true, error: null },
    ]);
    for (const s of [answered, idle]) s.destroy();
  }));

test('over TLS: the socket postgres.js puts over the given one is judged from then on; without one (TLS declined), the given one', () =>
  watched(async (sockets) => {
    // TLS agreed: postgres.js shows the service its TLS socket (`onTls`, the install-time patch); a plain
    // socket on a silent server stands in for it here.
    const given = await sockets.open(target(silent.port, true));
    given.write('SSLRequest');
    const secure = connect({ host: '127.0.0.1', port: silent.port });
    (given as Socket & { onTls(socket: Socket): void }).onTls(secure);
    secure.write('query');
    // TLS declined (sslmode=prefer): the given socket carries the statements, and is judged.
    const declined = await sockets.open(target(silent.port, true));
    declined.write('query');
    const states = await Promise.all([given, secure, declined].map((s) => after(s, ANSWER_MS * 4)));
    expect(states).toEqual([
      { open: true, error: null },
      { open: false, error: 'ETIMEDOUT: the database did not answer within 0.2 s' },
      { open: false, error: 'ETIMEDOUT: the database did not answer within 0.2 s' },
    ]);
    given.destroy();
  }));

test('silences are not judged before start(), nor after stop()', async () => {
  const sockets = postgresSockets(ANSWER_MS);
  const socket = await sockets.open(target(silent.port));
  socket.write('migration');
  expect(await after(socket, ANSWER_MS * 3)).toEqual({ open: true, error: null });
  sockets.start();
  sockets.stop();
  expect(await after(socket, ANSWER_MS * 3)).toEqual({ open: true, error: null });
  socket.destroy();
});

test('a server that does not take the connection: the socket says so itself, as postgres.js expects of its own', async () => {
  const { server, port } = await serve(false);
  server.close();
  await Bun.sleep(50);
  const sockets = postgresSockets(ANSWER_MS);
  // Given at once, still connecting; the refusal comes as the socket's 'error' and then 'close'.
  const socket = await sockets.open(target(port));
  const code = await new Promise<string | undefined>((resolve) =>
    socket.once('error', (e: Error & { code?: string }) => resolve(e.code)),
  );
  expect(code).toBe('ECONNREFUSED');
});

/** A server that answers each write with the given bytes, in the given pieces. */
async function answering(pieces: number[][]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', async () => {
      for (const piece of pieces) {
        socket.write(Uint8Array.from(piece));
        await Bun.sleep(20);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

// ReadyForQuery: 'Z', length 5, the transaction status (I idle, T in a transaction, E a failed one).
const ready = (status: string) => [0x5a, 0, 0, 0, 5, status.charCodeAt(0)];
const rowDescription = [0x54, 0, 0, 0, 6, 0, 0];

test('recycleIdle closes only sessions in no transaction: a request between two statements of its transaction keeps its connection', () =>
  watched(async (sockets) => {
    const servers = await Promise.all([
      answering([[...rowDescription, ...ready('I')]]),
      // ReadyForQuery split over two pieces: still read as idle.
      answering([
        [...rowDescription, 0x5a, 0, 0],
        [0, 5, 0x49],
      ]),
      answering([[...rowDescription, ...ready('T')]]),
      answering([[...rowDescription, ...ready('E')]]),
      // Nothing answered yet: a fresh connection, or the last words were not ReadyForQuery.
      answering([rowDescription]),
    ]);
    try {
      const socketsOpen = await Promise.all(servers.map(({ port }) => sockets.open(target(port))));
      for (const socket of socketsOpen) socket.write('query');
      await Bun.sleep(150);
      sockets.recycleIdle();
      await Bun.sleep(20);
      expect(socketsOpen.map((socket) => !socket.destroyed)).toEqual([false, false, true, true, true]);
      for (const socket of socketsOpen) socket.destroy();
    } finally {
      for (const { server } of servers) server.close();
    }
  }));

test('recycleAll closes the idle sessions at once and a busy one once it is idle again, not while its transaction is open', () =>
  watched(async (sockets) => {
    // One idle; one in a transaction that answers ReadyForQuery 'I' (COMMIT) to its next statement.
    const idle = await answering([[...rowDescription, ...ready('I')]]);
    let asked = 0;
    const busy = createServer((socket) => {
      socket.on('error', () => {});
      socket.on('data', () => {
        asked += 1;
        socket.write(Uint8Array.from([...rowDescription, ...ready(asked === 1 ? 'T' : 'I')]));
      });
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const [a, b] = await Promise.all([
        sockets.open(target(idle.port)),
        sockets.open(target((busy.address() as { port: number }).port)),
      ]);
      if (!a || !b) throw new Error('not opened');
      a.write('query');
      b.write('BEGIN; query');
      await Bun.sleep(100);
      sockets.recycleAll();
      await Bun.sleep(20);
      expect([a.destroyed, b.destroyed]).toEqual([true, false]);
      // The transaction ends: its session is idle, and closed after postgres.js read the answer.
      b.write('COMMIT');
      await Bun.sleep(100);
      expect(b.destroyed).toBe(true);
    } finally {
      idle.server.close();
      busy.close();
    }
  }));
