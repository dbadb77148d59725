import { newId } from '../shared/ids';

export interface RequestMeta {
  id: string;
  startedAt: number;
  /** The peer's IP address (the socket's: no forwarded header is trusted); null in-process. */
  address: string | null;
}

// Keyed by the Request object itself: the outer server assigns the id before Elysia sees the request,
// and every later stage (error handler, logs) reads the same one.
const metas = new WeakMap<Request, RequestMeta>();

export function assignRequestMeta(request: Request, address: string | null = null): RequestMeta {
  const meta = { id: newId('req'), startedAt: performance.now(), address };
  metas.set(request, meta);
  return meta;
}

/** A rebuilt request (body already read) keeps the id of the one it replaces. */
export function carryRequestMeta(from: Request, to: Request): void {
  const meta = metas.get(from);
  if (meta) metas.set(to, meta);
}

/** Requests built by tests through app.handle() get an id on first use. */
export function requestIdOf(request: Request): string {
  return (metas.get(request) ?? assignRequestMeta(request)).id;
}

/** The address the request came from, as the server saw it; null for in-process requests. */
export function clientAddressOf(request: Request): string | null {
  return metas.get(request)?.address ?? null;
}
