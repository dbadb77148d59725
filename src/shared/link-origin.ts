/** Hosts that mean "every interface": a server bound to one is reached under another name. */
const WILDCARD_HOSTS = ['0.0.0.0', '::', ''];

export const isWildcardHost = (host: string) => WILDCARD_HOSTS.includes(host);

/**
 * Where the links `serve` and the CLI print point (one-time links, the first start's curl line):
 * PUBLIC_BASE_URL, else the address the server listens on, one on every interface (0.0.0.0, ::) as
 * localhost: the name that reaches it from the machine it runs on (0.0.0.0 reaches nothing from elsewhere).
 */
export function linkOrigin(publicBaseUrl: string | null, host: string, port: number): string {
  if (publicBaseUrl !== null) return publicBaseUrl.replace(/\/+$/, '');
  const name = isWildcardHost(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Under a link the CLI printed without PUBLIC_BASE_URL: its address is this command's HOST and PORT, a guess. */
export function assumedOriginNote(origin: string): string {
  return `(The link assumes the server is reached at ${origin}, from HOST and PORT as this command sees them; PUBLIC_BASE_URL sets the address links use.)`;
}

/** Under the first start's links when the server listens on every interface and PUBLIC_BASE_URL is unset. */
export function wildcardOriginNote(origin: string): string {
  return `(${origin} works on this machine; from another, use this host's name or address instead, or set PUBLIC_BASE_URL to the address people open and links use it.)`;
}
