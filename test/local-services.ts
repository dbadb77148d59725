// What the tests' own servers (dovecot, PostgreSQL) need from the machine: a free loopback port and the
// system user a daemon runs as when the tests run as root.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A loopback port nobody listens on right now (another process may still take it before the server does). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** uid and gid of a system user from /etc/passwd, or null. */
export function systemUser(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
