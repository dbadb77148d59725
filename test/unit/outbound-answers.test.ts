// The one fetch channels get reads no more of an answer than it allows (src/outbound.ts): past 1 MiB (or
// the call's own `maxAnswerBytes`) the body fails with a transient ChannelError whichever way it is read,
// the connection is dropped and the provider stops sending; an answer within the bound reads as it came.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Server } from 'bun';
import { ChannelError } from '../../src/delivery-channel';
import { guardedFetch, MAX_ANSWER_BYTES } from '../../src/outbound';

const CHUNK = 64 * 1024;
let server: Server<undefined>;
/** Bytes the streaming route handed out, and whether its reader went away before the end. */
const stream = { pulled: 0, cancelled: false };

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      const size = Number(url.searchParams.get('size') ?? '0');
      if (url.pathname === '/exact') return new Response('x'.repeat(size));
      stream.pulled = 0;
      stream.cancelled = false;
      const chunk = new Uint8Array(CHUNK).fill(0x78);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stream.pulled >= size) return controller.close();
          stream.pulled += CHUNK;
          controller.enqueue(chunk);
        },
        cancel() {
          stream.cancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    },
  });
});
afterAll(() => server.stop(true));

const fetchOf = () => guardedFetch(null);
const url = (path: string, size: number) => `http://127.0.0.1:${server.port}${path}?size=${size}`;

async function refusal(read: Promise<unknown>): Promise<ChannelError> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

test('300 MB streamed: refused past 1 MiB as transient, whichever way it is read, the stream cancelled', async () => {
  const total = 300 * 1024 * 1024;
  for (const read of [
    (r: Response) => r.text(),
    (r: Response) => r.json(),
    (r: Response) => r.arrayBuffer(),
  ]) {
    const response = await fetchOf()(url('/stream', total));
    const error = await refusal(read(response));
    expect(error.transient).toBe(true);
    expect(error.message).toContain(`more than ${MAX_ANSWER_BYTES} bytes`);
    await Bun.sleep(50);
    expect(stream.cancelled).toBe(true);
    expect(stream.pulled).toBeLessThan(total / 10);
  }
});

test('a declared Content-Length past the bound is refused before anything is read', async () => {
  // Raw HTTP: the header says 2 MiB, a few bytes come, and the connection stays open.
  const raw = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      data() {},
      open(socket) {
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${2 * MAX_ANSWER_BYTES}\r\n\r\n{"a":`,
        );
      },
    },
  });
  try {
    const response = await fetchOf()(`http://127.0.0.1:${raw.port}/`);
    expect((await refusal(response.text())).transient).toBe(true);
  } finally {
    raw.stop(true);
  }
});

test('an answer of exactly the bound reads whole; a call may allow more', async () => {
  const exact = await fetchOf()(url('/exact', MAX_ANSWER_BYTES));
  expect((await exact.text()).length).toBe(MAX_ANSWER_BYTES);
  const over = await fetchOf()(url('/exact', MAX_ANSWER_BYTES + 1));
  await refusal(over.text());
  const document = await fetchOf()(url('/stream', 4 * 1024 * 1024), { maxAnswerBytes: 8 * 1024 * 1024 });
  expect((await document.arrayBuffer()).byteLength).toBe(4 * 1024 * 1024);
  const empty = await fetchOf()(url('/exact', 0));
  expect([empty.status, await empty.text()]).toEqual([200, '']);
});
