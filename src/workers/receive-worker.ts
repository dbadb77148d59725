// A receive worker: reads received e-invoices (XML, hybrid PDFs) and takes e-mails apart (MIME, attachments,
// ZIPs) off the request thread, so a hostile file or message can hold only this worker, which the pool
// terminates at the limits of rendering. Built into the executable as its own entrypoint.
import { readReceivedFile } from '../einvoicing/received-file';
import { DomainError } from '../shared/errors';
import { readMailMessage } from './mail-message';
import type { ReceiveReply, ReceiveRequest } from './receive-pool';

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ReceiveRequest>) => {
  const request = event.data;
  const { id } = request;
  let reply: ReceiveReply;
  let transfer: ArrayBuffer[] = [];
  try {
    if ('message' in request) {
      const parts = await readMailMessage(request.message.raw, request.message.limits);
      // Each file's bytes are a buffer of their own (mail-attachments.ts): handed over, not copied.
      transfer = [...new Set(parts.files.map((f) => f.bytes.buffer as ArrayBuffer))];
      reply = { id, result: parts };
    } else reply = { id, result: await readReceivedFile(request.file) };
  } catch (error) {
    reply =
      error instanceof DomainError
        ? { id, refused: { code: error.code, message: error.message, details: error.details } }
        : { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply, transfer);
};
