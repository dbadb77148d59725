// Bun's per-request limit counts the whole request, also while its answer streams: a year's archive (minutes
// for 20,000 invoices) was cut off mid-file at the limit, a broken ZIP. A download (Content-Disposition:
// attachment) has its limit renewed with every chunk that goes out: it streams for as long as chunks flow,
// and one that stalls is still closed; any other answer keeps the plain limit. The limit is a second here
// (255 s in the service).
import { afterEach, expect, test } from 'bun:test';
import { listen, type RunningServer } from '../../src/http/listen';
import { createLogger } from '../../src/shared/logger';

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

/** Twelve chunks, half a second apart: six seconds of streaming after the answer began. */
function flowing(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      await Bun.sleep(500);
      controller.enqueue(new TextEncoder().encode(`part ${sent}\n`));
      sent += 1;
      if (sent === 12) controller.close();
    },
  });
}

/** One chunk, then nothing ever again (a client-side read that waits forever for the rest). */
function stalled(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (sent) return await new Promise<void>(() => undefined);
      sent = true;
      controller.enqueue(new TextEncoder().encode('part 0\n'));
    },
  });
}

async function serve(body: () => ReadableStream<Uint8Array>, headers: Record<string, string>) {
  running = listen(async () => new Response(body(), { headers }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
    requestSeconds: 1,
  });
  // Cut off before its head went out (on a busy machine the first chunk, half a second in, can come after
  // the limit) or in the middle of its body: the same for what is asked here.
  return await fetch(`${running.url}/download`)
    .then((res) => res.text())
    .then(
      (text) => text.split('\n').filter(Boolean).length,
      () => 'cut off',
    );
}

const ATTACHMENT = { 'content-disposition': 'attachment; filename="archive.zip"' };

test('a download streams past the request limit to its end while its chunks go out', async () => {
  expect(await serve(flowing, ATTACHMENT)).toBe(12);
}, 30_000);

test('a download that stalls is still closed', async () => {
  expect(await serve(stalled, ATTACHMENT)).toBe('cut off');
}, 30_000);

test('any other answer keeps the plain limit', async () => {
  expect(await serve(flowing, { 'content-type': 'text/plain' })).toBe('cut off');
}, 30_000);
