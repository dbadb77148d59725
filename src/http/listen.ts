// Binding the front door to a port: Bun's server, its request time limits, a stalled download's end, the graceful stop.
import type { Server } from 'bun';
import { within } from '../shared/deadline';
import type { Logger } from '../shared/logger';
import { errorResponse } from './envelope';

export interface RunningServer {
  server: Server<undefined>;
  url: string;
  stop(): Promise<void>;
}

/** How long a stop waits for the requests in progress before it closes their connections (STOP_GRACE_SECONDS). */
const STOP_GRACE_MS = 8_000;

/** How long a request may take before Bun drops its connection (Bun's most; its own limits answer well before). */
const REQUEST_SECONDS = 255;

/**
 * A download (`Content-Disposition: attachment`: an archive, a DATEV file, a batch's ZIP) streams for as long
 * as the client reads it: a year's archive of 20,000 invoices takes minutes, and Bun's limit counts the
 * whole request, so it cut such a download off mid-file at REQUEST_SECONDS (a broken ZIP). Bun's limit is
 * lifted once its answer begins, and a limit of our own counts from the last chunk instead: a download
 * whose client stops reading, or whose making stalls, is closed REQUEST_SECONDS after its last chunk (the
 * stream is errored, which ends the work that fills it).
 */
function streamsAsLongAsRead(response: Response): boolean {
  return (
    response.headers.get('content-disposition')?.trimStart().toLowerCase().startsWith('attachment') ?? false
  );
}

function closedWhenStalled(response: Response, seconds: number): Response {
  if (response.body === null) return response;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (controller: TransformStreamDefaultController<Uint8Array>) => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.error(new Error(`no part of the download for ${seconds} s`)),
      seconds * 1000,
    );
    timer.unref?.();
  };
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start: arm,
      transform(chunk, controller) {
        arm(controller);
        controller.enqueue(chunk);
      },
      flush: () => clearTimeout(timer),
      cancel: () => clearTimeout(timer),
    } as Transformer<Uint8Array, Uint8Array>),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function listen(
  fetch: (request: Request, server?: Server<undefined>) => Promise<Response>,
  options: { port: number; host: string; logger: Logger; requestSeconds?: number; stopGraceMs?: number },
): RunningServer {
  const requestSeconds = options.requestSeconds ?? REQUEST_SECONDS;
  const server = Bun.serve({
    port: options.port,
    hostname: options.host,
    // The front door enforces the real limit with an answer in the envelope; Bun's own limit would
    // answer a bare 413 first, so it is set out of the way.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    // Bun closes a connection idle for 10 s, and a request whose answer is still being computed counts
    // as idle: a first official-rules check on a busy host, or a large one, lost its answer to a reset.
    // Idle keep-alive sockets keep the 10 s; a request in progress gets REQUEST_SECONDS.
    fetch: async (request, running) => {
      running.timeout(request, requestSeconds);
      const response = await fetch(request, running);
      if (!streamsAsLongAsRead(response)) return response;
      running.timeout(request, 0);
      return closedWhenStalled(response, requestSeconds);
    },
    error(error) {
      options.logger.error('server error', { error: String(error.stack ?? error) });
      return errorResponse('internal_error', 'An unexpected error occurred', 'req_unknown');
    },
  });
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${server.port}`;
  return {
    server,
    url,
    // New connections are refused at once; requests in progress get up to the stop's grace to answer (a PDF,
    // a check) before the rest are cut, so a SIGTERM under load drops no answer the service could give.
    stop: async () => {
      await within(server.stop(false), options.stopGraceMs ?? STOP_GRACE_MS, () => undefined);
      await server.stop(true);
    },
  };
}
