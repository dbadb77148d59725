// Bun's per-request limit counts the whole request, also while its answer streams: a year's archive (minutes
// for 20,000 invoices) was cut off mid-file at the limit, a broken ZIP. A download (Content-Disposition:
// attachment) streams for as long as the client reads; any other answer keeps the limit. The limit is a
// second here (255 in the service), the streams take six.
import { afterEach, expect, test } from 'bun:test';
import { listen, type RunningServer } from '../../src/http/server';
import { createLogger } from '../../src/shared/logger';

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

/**
 * Twelve chunks, half a second apart: six seconds of streaming after the answer began (Bun checks its
 * limits on a timer of a few seconds: a limit of one second cuts within about four).
 */
function slowBody(): ReadableStream<Uint8Array> {
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

async function serve(headers: Record<string, string>) {
  running = listen(async () => new Response(slowBody(), { headers }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
    requestSeconds: 1,
  });
  const res = await fetch(`${running.url}/download`);
  return await res.text().then(
    (text) => text.split('\n').filter(Boolean).length,
    () => 'cut off',
  );
}

test('a download streams past the request limit to its end', async () => {
  expect(await serve({ 'content-disposition': 'attachment; filename="archive.zip"' })).toBe(12);
}, 30_000);

test('any other answer is still cut at the limit', async () => {
  expect(await serve({ 'content-type': 'text/plain' })).toBe('cut off');
}, 30_000);
