import { randomBytes } from 'node:crypto';

// Crockford base32: sortable as plain strings, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * An id's prefix (`prd` in `prd_01h…`): each module declares the prefixes it owns in its module.ts
 * (`idPrefixes`); the lower layers' own are below. test/unit/module-descriptors.test.ts checks that every
 * prefix given to newId is a declared one and that no two modules declare the same one.
 */
export type IdPrefix = string;

/** The prefixes of the lower layers (a job, a request), owned by no module. */
export const SHARED_ID_PREFIXES = ['job', 'req'] as const;

let lastTime = 0;
let lastRandom: Uint8Array = new Uint8Array(10);

function encode(bytes: Uint8Array, length: number): string {
  let out = '';
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    next[i] = ((next[i] ?? 0) + 1) & 0xff;
    if (next[i] !== 0) break;
  }
  return next;
}

/**
 * ULID-shaped id body (48-bit millisecond time + 80 random bits), monotonic within a process.
 * Ids sort by creation time, so lists can page on the id alone with a stable total order.
 */
export function ulidBody(now: number = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = new Uint8Array(randomBytes(10));
  }
  const time = new Uint8Array(6);
  let t = lastTime;
  for (let i = 5; i >= 0; i--) {
    time[i] = t % 256;
    t = Math.floor(t / 256);
  }
  return encode(time, 10) + encode(lastRandom, 16);
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulidBody()}`;
}

/** Random url-safe secret of `bytes` entropy bytes. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
