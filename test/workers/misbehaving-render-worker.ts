// A stand-in render worker for the pool's limit tests: the document name says how to misbehave.
import { threadId } from 'node:worker_threads';
import { fromRenderMessage, type RenderMessage } from '../../src/workers/render-message';

declare const self: Worker;

const held: unknown[] = [];

self.onmessage = (event: MessageEvent<RenderMessage>) => {
  const { id, input } = fromRenderMessage(event.data);
  const how = input.data.invoice_number;
  if (how === 'hang') for (;;) {} // never answers: only terminate() ends it
  if (how === 'grow') for (;;) held.push(new Float64Array(1 << 20).fill(1)); // 8 MiB more each turn
  const text = how === 'whoami' ? `thread ${threadId}` : how;
  const bytes = new TextEncoder().encode(`%PDF-1.4 ${text}`).buffer as ArrayBuffer;
  self.postMessage({ id, bytes }, [bytes]);
};
