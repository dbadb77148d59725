import { emailSpellings } from '../../http/email-format';

// Passwords are hashed with argon2id through Bun's password API, at OWASP's recommended cost (19 MiB,
// two passes): each hash runs off the event loop, and at most two at once, so a burst of sign-ins costs a
// bounded amount of memory instead of 64 MiB each (Bun's default).
const OPTIONS = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const;
const AT_ONCE = 2;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => Bun.password.hash(password, OPTIONS));
}

/** A hash of nothing anyone knows: an unknown email is checked against it, so it costs the same work. */
let decoy: Promise<string> | null = null;

/** Whether `password` matches `hash`; without a hash (unknown user, no password yet) the same work, false. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  // Awaited for every email, known or not: the first sign-in after a start costs the same either way.
  decoy ??= hashPassword(crypto.randomUUID());
  const fallback = await decoy;
  const against = hash ?? fallback;
  const matches = await limited(() => Bun.password.verify(password, against));
  return hash !== null && matches;
}

let common: Promise<ReadonlySet<string>> | null = null;

/**
 * The most used passwords of public breaches (zxcvbn-ts's common list, about 30,000, shipped in the
 * executable), lower-cased; loaded on first use so start-up does not pay for it.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return common;
}

/**
 * Why a new password is refused, or null. NIST 800-63B: length, no composition rules, and never one of the
 * commonly used or breached passwords, nor the person's own e-mail address or its name part.
 */
export async function passwordProblem(
  password: string,
  context: { email?: string } = {},
): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.trim().toLowerCase();
  const email = context.email?.trim().toLowerCase();
  if (email && (emailSpellings(email).includes(lower) || lower === email.split('@')[0])) {
    return 'must not be your e-mail address';
  }
  if ((await commonPasswords()).has(lower)) return 'is one of the most used passwords: choose another';
  return null;
}
