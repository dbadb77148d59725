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
