// A receive worker: reads received e-invoices (XML, hybrid PDFs) off the request thread, so a hostile file
// can hold only this worker, which the pool terminates at the limits of rendering. Built into the
// executable as its own entrypoint.
import { readReceivedFile } from '../einvoicing/received-file';
import { DomainError } from '../shared/errors';
import type { ReceiveReply, ReceiveRequest } from './receive-pool';

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ReceiveRequest>) => {
  const { id, file } = event.data;
  let reply: ReceiveReply;
  try {
    reply = { id, result: await readReceivedFile(file) };
  } catch (error) {
    reply =
      error instanceof DomainError
        ? { id, refused: { code: error.code, message: error.message, details: error.details } }
        : { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
