// A render worker: draws PDFs off the request thread. Built into the executable as its own entrypoint.
import { renderPdf } from '../rendering/render-pdf';
import type { RenderInput } from '../rendering/types';

declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ id: number; input: RenderInput }>) => {
  const { id, input } = event.data;
  try {
    const bytes = await renderPdf(input);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    self.postMessage({ id, bytes: buffer }, [buffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
