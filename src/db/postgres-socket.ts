import { connect, type Socket } from 'node:net';

/**
 * The sockets of the PostgreSQL pool, opened by the service (postgres.js's `socket` option) so that a
 * server that stops answering without closing its connections is noticed: frozen, or the network to it cut
 * (a failover to another host behind the same name). postgres.js waits on such a connection for as long as
 * the operating system keeps it (TCP gives up after minutes), and every statement given to it with it; an
 * instance whose pool is all such connections answers nothing, even once another server took over.
 *
 * A connection that wrote something and has read nothing since, for `answerMs`, is ended with an error its
 * statements fail with (the port answers 503 `unavailable`, as for a restart), and the pool opens a new one
 * for the next. Judged from the bytes alone; a connection that only waits for notifications (LISTEN) read
 * last and is left alone. A connection that got part of its answers before the server stopped is judged
 * from its next write (the pool gives busy connections further statements). Not judged before `start()`:
 * migrations may run statements for minutes (an index on a large table). Over TLS (`sslmode`) postgres.js
 * wraps the socket in a TLS socket of its own once the server agreed to TLS; that one is watched from then
 * on (shown to the service through `onTls`, scripts/patch-dependencies.mjs).
 */
export interface PostgresSockets {
  /** postgres.js's `socket` option: a socket (still connecting) for its parsed options. */
  open(options: SocketTarget): Promise<Socket>;
  /** Judge silences from now on. */
  start(): void;
  /**
   * Closes the connections idle in the pool (answered everything, in no transaction: a request's open
   * transaction is never cut, nor the listening connection): the pool opens new ones for the next statements. For a server whose sessions were opened read-only (a standby behind the
   * name, `default_transaction_read_only` set for the database): they would stay so for as long as they
   * live, long after the operator made a writable server answer the name.
   */
  recycleIdle(): void;
  /**
   * Every connection open now is replaced: the idle ones closed at once, the busy ones as soon as they are
   * idle (a request's transaction is never cut). For the sessions opened while the server took no writes,
   * once it takes them again: they stay read-only for as long as they live.
   */
  recycleAll(): void;
  stop(): void;
}

/** What of postgres.js's parsed options says where to connect. */
export interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
  /** postgres.js puts TLS over the socket itself (and takes its listeners off): the TLS socket is judged. */
  ssl?: unknown;
}

interface Watched {
  socket: Socket;
  /** When it first wrote after its last read: what it waits an answer for since then (null: nothing). */
  waitingSince: number | null;
  /**
   * The last 6 bytes the server sent (zeros before it said anything): they end with ReadyForQuery ('Z', length 5, then the transaction
   * status) whenever it has answered everything asked; its status `I` is a session in no transaction.
   */
  tail: Uint8Array;
  /** To be closed the next time it is idle (recycleAll). */
  stale?: boolean;
}

/** ReadyForQuery with status `I` (idle, in no transaction block): 'Z', length 5, 'I'. */
const READY_IDLE = [0x5a, 0, 0, 0, 5, 0x49];

/**
 * Whether the server's last words were ReadyForQuery outside a transaction: a session holding an open
 * transaction (status `T` or `E`, a request's between two statements) or still answering is not idle, nor is
 * one whose last message was something else (a notification on the listening connection).
 */
const idleSession = (watched: Watched) =>
  watched.waitingSince === null && READY_IDLE.every((byte, i) => watched.tail[i] === byte);

/**
 * Slides `chunk`'s last bytes into the connection's 6-byte window, in place (every answer passes here: no
 * allocation, and no view that would keep the chunk alive); a message may be split between chunks.
 */
function slide(tail: Uint8Array, chunk: Uint8Array): void {
  if (chunk.length >= 6) {
    tail.set(chunk.subarray(chunk.length - 6));
    return;
  }
  tail.copyWithin(0, chunk.length);
  tail.set(chunk, 6 - chunk.length);
}

/** The error a silent connection is ended with: a connection error the port maps to `unavailable`. */
function silent(answerMs: number): Error {
  return Object.assign(new Error(`the database did not answer within ${answerMs / 1000} s`), {
    code: 'ETIMEDOUT',
  });
}

export function postgresSockets(answerMs: number): PostgresSockets {
  const open = new Set<Watched>();
  let sweep: ReturnType<typeof setInterval> | undefined;
  const closeIfIdle = (watched: Watched) => {
    if (!idleSession(watched)) return;
    open.delete(watched);
    watched.socket.destroy();
  };
  const watch = (socket: Socket): Watched => {
    const watched: Watched = { socket, waitingSince: null, tail: new Uint8Array(6) };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      watched.waitingSince ??= performance.now();
      return write(...args);
    }) as Socket['write'];
    // The server says nothing before the client's first message, so no data is missed meanwhile.
    socket.on('data', (chunk: Uint8Array) => {
      watched.waitingSince = null;
      slide(watched.tail, chunk);
      // Closed once postgres.js has read this answer, and only if it asked nothing new meanwhile.
      if (watched.stale) setImmediate(() => closeIfIdle(watched));
    });
    open.add(watched);
    socket.once('close', () => open.delete(watched));
    return watched;
  };
  return {
    // At once, still connecting: postgres.js then writes its startup message (sent once connected) and
    // hears of a refused or failed connect through the socket's own 'error' and 'close', as with a socket
    // of its own, and its connect_timeout covers the connect. (A factory that rejected instead left
    // postgres.js's connection 'connecting' for good: the pool one connection short after each refusal.)
    open: async (target) => {
      const path = target.path || undefined;
      const host = target.host[0] ?? 'localhost';
      const port = target.port[0] ?? 5432;
      const socket = path === undefined ? connect({ host, port }) : connect({ path });
      // postgres.js names the server in its errors from these.
      Object.assign(socket, { host, port });
      const plain = watch(socket);
      // Over TLS, the TLS socket postgres.js makes over this one once the server agreed (patched in) is
      // watched instead; this one stays watched when the server declines (`sslmode=prefer`).
      if (target.ssl)
        Object.assign(socket, {
          onTls: (secure: Socket) => {
            open.delete(plain);
            watch(secure);
          },
        });
      return socket;
    },
    start() {
      if (sweep !== undefined) return;
      sweep = setInterval(
        () => {
          const now = performance.now();
          for (const watched of open)
            if (watched.waitingSince !== null && now - watched.waitingSince > answerMs) {
              open.delete(watched);
              watched.socket.destroy(silent(answerMs));
            }
        },
        Math.min(5_000, Math.max(100, answerMs / 4)),
      );
      sweep.unref();
    },
    recycleIdle() {
      for (const watched of open)
        if (idleSession(watched)) {
          open.delete(watched);
          watched.socket.destroy();
        }
    },
    recycleAll() {
      for (const watched of [...open]) {
        watched.stale = true;
        closeIfIdle(watched);
      }
    },
    stop() {
      clearInterval(sweep);
      sweep = undefined;
    },
  };
}
