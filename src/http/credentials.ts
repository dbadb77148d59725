import { DomainError } from '../shared/errors';

/**
 * The API key from any of the three accepted forms: `Authorization: Bearer <key>`, `X-API-Key: <key>`,
 * or a bare `Authorization: <key>`. Null when none is present.
 */
export function presentedApiKey(headers: Headers): string | null {
  const header = headers.get('x-api-key')?.trim();
  if (header) return header;
  const authorization = headers.get('authorization')?.trim();
  if (!authorization) return null;
  const bearer = /^bearer\s+(.+)$/i.exec(authorization);
  return (bearer ? bearer[1]?.trim() : authorization) || null;
}

/** The cookie a signed-in browser carries (docs/sign-in.md). */
export const SESSION_COOKIE = 'invoice_session';

/** The session token from the request's Cookie header, or null. */
export function presentedSessionToken(headers: Headers): string | null {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * Whether the service is reached over https: PUBLIC_BASE_URL says so, or the request itself came in over
 * TLS. X-Forwarded-Proto is not read: nothing here says which proxy to trust, and any client can send it.
 */
export function servedOverHttps(request: Request, publicBaseUrl: string | null): boolean {
  return publicBaseUrl?.startsWith('https:') === true || new URL(request.url).protocol === 'https:';
}

/**
 * The Set-Cookie value of a session: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Path=/ and Secure over https. `maxAgeSeconds` null = a browser-session cookie.
 */
export function sessionCookie(token: string, secure: boolean, maxAgeSeconds: number | null): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The Set-Cookie value that makes the browser forget its session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', secure, 0);
}

/** The origin a write came from: Origin, or Referer's origin when Origin is absent; null when neither. */
export function requestOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin;
  const referer = request.headers.get('referer');
  if (referer === null) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/** The origins that are the service's own: the one the request was addressed to and PUBLIC_BASE_URL's. */
export function isOwnOrigin(origin: string, request: Request, publicBaseUrl: string | null): boolean {
  if (origin === new URL(request.url).origin) return true;
  return publicBaseUrl !== null && origin === new URL(publicBaseUrl).origin;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cookie-authenticated write must come from the service's own pages: its Origin (or Referer) is the
 * service's origin, else 403. A browser sets Origin on every cross-origin write, and no page can forge it.
 */
export function requireOwnOrigin(request: Request, publicBaseUrl: string | null): void {
  if (!WRITES.has(request.method)) return;
  const origin = requestOrigin(request);
  if (origin !== null && isOwnOrigin(origin, request, publicBaseUrl)) return;
  throw new DomainError(
    'forbidden',
    origin === null
      ? 'A request signed in with a session cookie that changes something must carry an Origin or Referer header of this service'
      : `A request signed in with a session cookie that changes something must come from this service's own origin, not ${origin}`,
    { origin },
  );
}
