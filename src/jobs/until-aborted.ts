/**
 * A job's stream of bytes, ended with the job's abort reason once it loses its lease: a write into the
 * BlobStore then fails (nothing stored, the writer stopped) instead of finishing beside the worker that
 * took the job over. The archive and the office export write their ZIPs through it.
 */
export async function* untilAborted(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    signal.throwIfAborted();
    yield chunk;
  }
  signal.throwIfAborted();
}
