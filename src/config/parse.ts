// The kinds of value a setting takes (src/config/settings.ts names one per setting). A parser gets the
// trimmed, non-empty value and the setting's name for its message; a refused value is a ConfigError, which
// main prints as one line. A value that may hold a password or a live secret is never echoed.
import { isAbsolute, resolve } from 'node:path';

/** A setting that makes start-up impossible; main prints `message` as one line and exits. */
export class ConfigError extends Error {}

/** What a parser is told besides the value: the setting's env name, and the directory paths resolve from. */
export interface ParseContext {
  name: string;
  cwd: string;
}

export type Parse<T> = (raw: string, context: ParseContext) => T;

/** Taken as it is. */
export const text: Parse<string> = (raw) => raw;

export function integer(min: number, max: number): Parse<number> {
  return (raw, { name }) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
}

/** true/false or 1/0. */
export const yesNo: Parse<boolean> = (raw, { name }) => {
  if (!['true', 'false', '1', '0'].includes(raw))
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  return raw === 'true' || raw === '1';
};

/** One of a few words, optionally turned into another value (`background` -> true). */
export function oneOf<const V extends string>(values: readonly V[]): Parse<V>;
export function oneOf<const V extends string, T>(values: readonly V[], to: (value: V) => T): Parse<T>;
export function oneOf<const V extends string, T>(values: readonly V[], to?: (value: V) => T): Parse<V | T> {
  const words = values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;
  return (raw, { name }) => {
    const value = values.find((word) => word === raw);
    if (value === undefined) throw new ConfigError(`${name} must be ${words}, got "${raw}"`);
    return to === undefined ? value : to(value);
  };
}

export function atLeast(characters: number): Parse<string> {
  return (raw, { name }) => {
    if (raw.length < characters) throw new ConfigError(`${name} must be at least ${characters} characters`);
    return raw;
  };
}

/** A directory, resolved against the working directory. */
export const directory: Parse<string> = (raw, { cwd }) => resolve(cwd, raw);

/** As `directory`, but an absolute path is kept exactly as written. */
export const dataDirectory: Parse<string> = (raw, { cwd }) => (isAbsolute(raw) ? raw : resolve(cwd, raw));

/** An absolute http(s) URL, kept as its origin and path prefix without a trailing slash. */
export const httpOrigin: Parse<string> = (raw, { name }) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  }
  // Keep a path prefix (a reverse proxy may mount the service under one) but no trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};

export const smtpUrl: Parse<string> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: the value may hold a password, and this line ends up in logs.
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 (not a valid URL)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must use smtp:// or smtps://, got "${url.protocol}"`);
  }
  return raw;
};

// Neither secret is echoed: a wrong value pasted here may still be a live secret.
export const stripeSecretKey: Parse<string> = (raw) => {
  if (!/^(sk|rk)_(test|live)_\w+$/.test(raw)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be a secret or restricted key (sk_live_..., sk_test_..., rk_...)',
    );
  }
  return raw;
};

export const stripeWebhookSecret: Parse<string> = (raw) => {
  if (!/^whsec_\w{8,}$/.test(raw)) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)");
  }
  return raw;
};

/** A PostgreSQL URL (never echoed: it may hold the password). */
export const postgresUrl: Parse<string> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//"`,
    );
  }
  return raw;
};
